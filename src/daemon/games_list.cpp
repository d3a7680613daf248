// The games-list mail (games_list.hpp).
#include "daemon/games_list.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "daemon/league_names.hpp"
#include "daemon/queue_mail.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"

namespace ck::daemon {
namespace {

using rules::Color;

}  // namespace

core::Result<compose::GamesListDetails, core::Error> games_of(const ClubDesk& desk,
                                                              const std::string& address) {
    const std::string me = lower_ascii(address);
    auto ids = desk.store.list_games();
    if (!ids)
        return core::unexpected(core::from_io(ids.error(), "games list: " + ids.error().message));
    compose::GamesListDetails out;
    for (const store::GameId id : *ids) {
        // game.ini alone says whether the player is in the game: no replay for other games.
        auto ini = desk.store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta) continue;
        const bool white = lower_ascii(meta->white) == me;
        const bool black = lower_ascii(meta->black) == me;
        if (!white && !black) continue;
        auto loaded = load_desk_game(desk, id);
        if (!loaded) {
            core::operator_log().error("games list: game " + to_string(id) + ": " +
                                       loaded.error().detail);
            continue;
        }
        // Playing oneself is refused at creation; if it ever happens, list the game once.
        const Color c = white ? Color::White : Color::Black;
        // Only the player's own view: what they know about the game (docs/design.md, "Hidden
        // information is a type").
        const referee::PlayerView view = loaded->game.view(c);
        if (view.result) continue;  // in progress only
        const std::string& opp =
            loaded->meta.address(c == Color::White ? Color::Black : Color::White);
        const Player* op = desk.players.find(opp);
        compose::GamesListEntry e;
        e.game_id = to_string(id);
        e.variant = view.variant;
        e.hidden = view.hidden;
        e.opponent = op && !op->name.empty() ? op->name : opp;
        e.colour = c == Color::White ? "White" : "Black";
        e.your_turn = view.to_move == c;
        e.move_number = view.move_number;
        // The deadline of the side to move (game_clock.hpp), whoever that is.
        if (auto at = game_deadline(desk.store, id, *loaded); at && *at)
            e.deadline = compose::Deadline{**at};
        out.games.push_back(std::move(e));
    }
    // By urgency (README "Your settings"): the games on the player's move first, then the
    // others; in each, least time left first (no clock last), then by id.
    std::stable_sort(out.games.begin(), out.games.end(),
                     [](const compose::GamesListEntry& a, const compose::GamesListEntry& b) {
                         if (a.your_turn != b.your_turn) return a.your_turn;
                         if (a.deadline.has_value() != b.deadline.has_value())
                             return a.deadline.has_value();
                         return a.deadline && a.deadline->at < b.deadline->at;
                     });
    return out;
}

core::Result<void, core::Error> queue_games_list(const ClubDesk& desk, const std::string& address,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 std::vector<std::string> game_commands) {
    auto games = games_of(desk, address);
    if (!games) return core::unexpected(games.error());
    games->game_commands = std::move(game_commands);
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    return queue_mail(tx, desk.config, address,
                      compose::games_list_mail(desk.templates, env, *games));
}

}  // namespace ck::daemon
