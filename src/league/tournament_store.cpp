// The club's events in the store (tournament_store.hpp).
#include "league/tournament_store.hpp"

#include <optional>

#include "club/pgn_archive.hpp"
#include "club/tournament_file.hpp"
#include "league/record_error.hpp"

namespace ck::league {

std::string TournamentCodec::encode(const club::Tournament& t) {
    return club::format_tournament(t);
}

core::Result<club::Tournament, std::string> TournamentCodec::decode(std::string_view body) {
    auto t = club::parse_tournament(std::string(body));
    if (!t) return core::unexpected(club::error_text(t.error()));
    return std::move(*t);
}

core::Result<std::vector<std::string>, core::Error> tournament_ids(const store::Store& store) {
    return TournamentTable::keys(store);
}

core::Result<club::Tournament, core::Error> load_tournament(const store::Store& store,
                                                            const std::string& id,
                                                            const store::Transaction* pending) {
    auto t = TournamentTable::get(store, id, pending);
    if (!t)
        return core::unexpected(core::with_context(record_error(t.error()), "tournament " + id));
    if (!*t)
        return core::unexpected(core::invalid_error("tournament " + id + ": no such tournament"));
    return std::move(**t);
}

void save_tournament(store::Transaction& tx, const club::Tournament& t) {
    TournamentTable::put(tx, t.id, t);
}

const std::string* pending_file(const store::Transaction& tx, store::GameId game,
                                const std::string& name) {
    for (const store::FileWrite& f : tx.files())
        if (f.game == game && f.name == name) return &f.bytes;
    return nullptr;
}

core::Result<std::string, core::Error> tournament_archive(const store::Store& store,
                                                          const club::Tournament& t,
                                                          const store::Transaction* pending) {
    // Games that may not be shown yet count as not started: pgn_archive leaves them out.
    club::Tournament shown = t;
    for (club::Pairing& p : shown.pairings) {
        if (!p.game || !shown.settings.hidden) continue;
        if (p.outcome == club::Outcome::Pending) p.game.reset();
    }
    std::optional<core::IoError> read_failure;  // the read that left a game without its PGN
    const club::GamePgn read = [&](store::GameId id) -> std::optional<std::string> {
        if (pending)
            if (const std::string* text = pending_file(*pending, id, "record.pgn")) return *text;
        auto text = store.read_game_file(id, "record.pgn");
        if (!text) {
            read_failure = text.error();
            return std::nullopt;
        }
        return std::move(*text);
    };
    auto archive = club::pgn_archive(shown, read);
    if (!archive) {
        const std::string detail = club::error_text(archive.error());
        if (read_failure) return core::unexpected(core::from_io(*read_failure, detail));
        return core::unexpected(core::corrupt_error(detail));
    }
    return std::move(*archive);
}

}  // namespace ck::league
