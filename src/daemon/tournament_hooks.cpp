// A game's end reaches its tournament (tournament_hooks.hpp).
#include "daemon/tournament_hooks.hpp"

#include <string>
#include <vector>

#include "club/knockout.hpp"
#include "club/tournament.hpp"
#include "core/log.hpp"
#include "daemon/knockout_rounds.hpp"
#include "daemon/standings_mail.hpp"
#include "daemon/swiss_rounds.hpp"
#include "league/tournament_store.hpp"

namespace ck::daemon {
namespace {

// The termination as a tournament ending word (club::Pairing::ending): "mate", "resign",
// "agreed", else the referee's reason word without its hyphens ("fiftymoves", "forfeit").
std::string ending_of(Termination t) {
    if (t == Termination::Checkmate) return "mate";
    if (t == Termination::Resignation) return "resign";
    if (t == Termination::Agreement) return "agreed";
    std::string word;
    for (char c : termination_word(t))
        if (c >= 'a' && c <= 'z') word += c;
    return word;
}

club::Outcome club_outcome(GameResult r) {
    return r == GameResult::WhiteWins   ? club::Outcome::WhiteWins
           : r == GameResult::BlackWins ? club::Outcome::BlackWins
                                        : club::Outcome::Draw;
}

}  // namespace

core::Result<void, core::Error> record_game_end(const ClubDesk& desk, store::GameId id,
                                                const GameOutcome& ended, store::Transaction& tx) {
    const club::Outcome outcome = club_outcome(ended.result);
    auto ids = tournament_ids(desk.store);
    if (!ids) return core::unexpected(ids.error());
    for (const std::string& tid : *ids) {
        // A write of the event earlier in this transaction (another game of the event ended
        // in it, e.g. in one clock pass) wins over the store's.
        auto t = load_tournament(desk.store, tid, &tx);
        if (!t) {
            core::operator_log().error(t.error().detail);
            continue;
        }
        const club::Pairing* p = club::find_game(*t, id);
        if (!p) continue;
        std::string ending = ending_of(ended.termination);
        // A game the organiser ended as a loss for a player withdrawn from its round on is a
        // forfeit (docs/knockout.md "Withdrawals"; `tournament withdraw` in a knockout).
        if (const auto loser = loser_of(ended.result);
            loser && ended.termination == Termination::Adjudication &&
            club::withdrawn(*t, *loser == rules::Color::White ? p->white : p->black, p->round))
            ending = std::string(club::ForfeitEnding);
        if (p->outcome == outcome && p->ending == ending) return {};  // recorded already
        const bool was_finished = club::finished(*t);
        if (auto r = club::record_result(*t, id, outcome, ending); !r)
            return core::unexpected(
                core::invalid_error("tournament " + tid + ": " + club::error_text(r.error())));
        save_tournament(tx, *t);
        core::operator_log().info("tournament " + tid + ": game " + to_string(id) + " " +
                                  std::string(result_text(ended.result)) + " " + ending);
        if (was_finished) return {};
        if (!club::finished(*t) && club::is_staged(*t)) {
            // A knockout or group stage: the matches this game made due (the next round, a
            // tie-break match) start in this same transaction (knockout_rounds.hpp).
            auto a = advance_stages(desk, *t, tx);
            if (!a) return core::unexpected(a.error());
            if (*a > 0) save_tournament(tx, *t);
            return {};
        }
        if (!club::finished(*t)) {
            // A Swiss whose round this game completed: the next round starts in this same
            // transaction (swiss_rounds.hpp); it may also end the event.
            if (t->system != club::System::Swiss || !club::round_complete(*t)) return {};
            if (auto a = advance_swiss(desk, *t, tx); !a) return a;
            save_tournament(tx, *t);
            if (!club::finished(*t)) return {};
        }
        // The last game: final standings and the archive to every player. The records of the
        // games ending in this transaction are in `tx` only (save_game came first).
        auto archive = tournament_archive(desk.store, *t, &tx);
        if (!archive) return core::unexpected(archive.error());
        std::vector<std::string> to;
        for (const club::Player& player : t->players) to.push_back(player.address);
        // A team match's captain who plays no board gets them too (docs/teams.md).
        for (const club::Team& team : t->match.teams)
            if (!team.captain.empty() && !club::find_player(*t, team.captain))
                to.push_back(team.captain);
        for (std::size_t i = 0; i < to.size(); ++i)
            if (auto q = queue_standings(desk, to[i], {*t}, true, *archive,
                                         "final-" + tid + "-" + std::to_string(i + 1), tx);
                !q)
                return q;
        return {};
    }
    return {};
}

}  // namespace ck::daemon
