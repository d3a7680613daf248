#include "club/pgn_archive.hpp"

namespace ck::club {

EventTags event_tags(const Tournament& t, const Pairing& p) {
    return EventTags{t.name, std::to_string(p.round), display_name(t.players[p.white]),
                     display_name(t.players[p.black])};
}

core::Result<std::string, Error> pgn_archive(const Tournament& t, const GamePgn& game_pgn) {
    std::string out;
    for (const Pairing& p : t.pairings) {
        if (!p.game) continue;
        auto text = game_pgn(*p.game);
        if (!text)
            return core::unexpected(Error{ErrorCode::UnknownGame, 0,
                                          "no PGN for game " + to_string(*p.game) + " (round " +
                                              std::to_string(p.round) + ")"});
        std::string g = std::move(*text);
        while (!g.empty() && (g.back() == '\n' || g.back() == '\r' || g.back() == ' '))
            g.pop_back();
        out += g + "\n\n";
    }
    return out;
}

}  // namespace ck::club
