// The games-list mail (games_list.hpp).
#include "daemon/games_list.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/queue_mail.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::game_deadline;
using league::GameMeta;
using league::GameTexts;
using league::load_game_from;
using league::parse_game_ini;
using league::Player;
using league::StoredGame;

namespace {

using rules::Color;

// The games `staged` starts: a game.ini and record.pgn staged for a game the store does not list
// (`listed`) yet, such as a game started by a challenge this mail accepted, loaded from the
// staged texts (a game at its start: nothing to replay). One that does not load is logged.
std::map<store::GameId, StoredGame> started_games(const store::Transaction& staged,
                                                  const std::vector<store::GameId>& listed) {
    std::map<store::GameId, GameTexts> texts;
    for (const store::FileWrite& f : staged.files()) {
        if (std::find(listed.begin(), listed.end(), f.game) != listed.end()) continue;
        if (f.name == "game.ini") texts[f.game].ini = f.bytes;
        if (f.name == "record.pgn") texts[f.game].record = f.bytes;
    }
    std::map<store::GameId, StoredGame> out;
    for (const auto& [id, t] : texts) {
        if (t.ini.empty() || t.record.empty()) continue;
        auto g = load_game_from(t.ini, t.record, id);
        if (!g) {
            core::operator_log().error("games list: game " + to_string(id) + ": " +
                                       g.error().detail);
            continue;
        }
        out.emplace(id, std::move(*g));
    }
    return out;
}

}  // namespace

core::Result<compose::GamesListDetails, core::Error> games_of(const ClubDesk& desk,
                                                              const std::string& address,
                                                              const store::Transaction* staged,
                                                              std::optional<ChangedGame> changed) {
    const std::string me = lower_ascii(address);
    auto ids = desk.store.list_games();
    if (!ids)
        return core::unexpected(core::from_io(ids.error(), "games list: " + ids.error().message));
    std::map<store::GameId, StoredGame> started;
    if (staged) started = started_games(*staged, *ids);
    for (const auto& [id, g] : started) ids->push_back(id);
    compose::GamesListDetails out;
    for (const store::GameId id : *ids) {
        // The game as this mail leaves it, when the mail changed or started it.
        const StoredGame* given = nullptr;
        if (changed && id == changed->id)
            given = changed->game;
        else if (const auto s = started.find(id); s != started.end())
            given = &s->second;
        std::optional<GameMeta> meta;
        if (given) {
            meta = given->meta;
        } else {
            // game.ini alone says whether the player is in the game: no replay for other games.
            auto ini = desk.store.read_game_file(id, "game.ini");
            if (!ini) continue;
            auto parsed = parse_game_ini(*ini);
            if (!parsed) continue;
            meta = std::move(*parsed);
        }
        const bool white = lower_ascii(meta->white) == me;
        const bool black = lower_ascii(meta->black) == me;
        if (!white && !black) continue;
        std::optional<StoredGame> read;
        if (!given) {
            auto r = load_desk_game(desk, id);
            if (!r) {
                core::operator_log().error("games list: game " + to_string(id) + ": " +
                                           r.error().detail);
                continue;
            }
            read.emplace(std::move(*r));
        }
        const StoredGame* loaded = given ? given : &*read;
        // Playing oneself is refused at creation; if it ever happens, list the game once.
        const Color c = white ? Color::White : Color::Black;
        // Only the player's own view: what they know about the game (docs/design.md, "Hidden
        // information is a type").
        const referee::PlayerView view = loaded->game.view(c);
        if (view.result) continue;  // in progress only
        const std::string& opp =
            loaded->meta.address(c == Color::White ? Color::Black : Color::White);
        const Player* op = desk.players.find(opp);
        compose::GamesListEntry e{id};
        e.variant = view.variant;
        e.hidden = view.hidden;
        e.opponent = op && !op->name.empty() ? op->name : opp;
        e.colour = c == Color::White ? "White" : "Black";
        e.your_turn = view.to_move == c;
        e.move_number = view.move_number;
        // The deadline of the side to move (game_clock.hpp), whoever that is.
        if (auto at = game_deadline(desk.store, id, *loaded, staged); at && *at)
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
                                                 std::vector<std::string> game_commands,
                                                 std::optional<ChangedGame> changed) {
    auto games = games_of(desk, address, &tx, changed);
    if (!games) return core::unexpected(games.error());
    games->game_commands = std::move(game_commands);
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    return queue_mail(tx, desk.config, address,
                      compose::games_list_mail(desk.templates, env, *games));
}

}  // namespace ck::daemon
