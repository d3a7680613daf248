// The tournament's part of a game's end (tournament_effects.hpp).
#include "league/tournament_effects.hpp"

#include <string>

#include "club/knockout.hpp"
#include "club/tournament.hpp"
#include "core/log.hpp"
#include "league/tournament_rounds.hpp"
#include "league/tournament_store.hpp"

namespace ck::league {
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

// The games of `t`'s next matches cannot be created without a creator.
core::Error no_creator(const club::Tournament& t) {
    return core::invalid_error("tournament " + t.id +
                               ": its next games cannot start here (no game creator)");
}

// What finishing a game of unfinished event `t` paired (the game's result recorded): the next
// Swiss round or the next matches, and the event's end.
core::Result<void, core::Error> advance(const GameCreator* create, club::Tournament& t,
                                        store::Transaction& tx, TournamentEvents& events) {
    const auto take = [&](core::Result<TournamentEvents, core::Error> paired) {
        if (paired)
            for (TournamentEvent& e : *paired) events.push_back(std::move(e));
        return paired;
    };
    if (!club::finished(t) && club::is_staged(t)) {
        // A knockout or group stage: the matches this game made due (the next round, a
        // tie-break match) start in this same transaction.
        if (!create) {
            club::Tournament probe = t;  // only to ask whether a match is due
            if (club::extend_stages(probe) > 0) return core::unexpected(no_creator(t));
            return {};
        }
        auto paired = take(advance_stages(*create, t, tx));
        if (!paired) return core::unexpected(paired.error());
        if (!paired->empty()) save_tournament(tx, t);
        return {};
    }
    if (!club::finished(t)) {
        // A Swiss whose round this game completed: the next round starts in this same
        // transaction; it may also end the event.
        if (t.system != club::System::Swiss || !club::round_complete(t)) return {};
        if (!create) return core::unexpected(no_creator(t));
        if (auto paired = take(advance_swiss(*create, t, tx)); !paired)
            return core::unexpected(paired.error());
        save_tournament(tx, t);
        if (!club::finished(t)) return {};
    }
    events.emplace_back(EventFinished{t});
    return {};
}

}  // namespace

core::Result<TournamentEvents, core::Error> record_game_end(const store::Store& store,
                                                            const GameCreator* create,
                                                            const GameEnded& ended,
                                                            store::Transaction& tx) {
    TournamentEvents events;
    const club::Outcome outcome = club_outcome(ended.outcome.result);
    auto ids = tournament_ids(store);
    if (!ids) return core::unexpected(ids.error());
    for (const std::string& tid : *ids) {
        // A write of the event earlier in this transaction (another game of the event ended
        // in it, e.g. in one clock pass) wins over the store's.
        auto t = load_tournament(store, tid, &tx);
        if (!t) {
            core::operator_log().error(t.error().detail);
            continue;
        }
        const club::Pairing* p = club::find_game(*t, ended.game);
        if (!p) continue;
        std::string ending = ending_of(ended.outcome.termination);
        // A game the organiser ended as a loss for a player withdrawn from its round on is a
        // forfeit (docs/knockout.md "Withdrawals"; `tournament withdraw` in a knockout).
        if (const auto loser = loser_of(ended.outcome.result);
            loser && ended.outcome.termination == Termination::Adjudication &&
            club::withdrawn(*t, *loser == rules::Color::White ? p->white : p->black, p->round))
            ending = std::string(club::ForfeitEnding);
        if (p->outcome == outcome && p->ending == ending) return events;  // recorded already
        const bool was_finished = club::finished(*t);
        if (auto r = club::record_result(*t, ended.game, outcome, ending); !r)
            return core::unexpected(
                core::invalid_error("tournament " + tid + ": " + club::error_text(r.error())));
        save_tournament(tx, *t);
        core::operator_log().info("tournament " + tid + ": game " + to_string(ended.game) + " " +
                                  std::string(result_text(ended.outcome.result)) + " " + ending);
        events.emplace_back(TournamentGameRecorded{tid, ended.game, outcome, ending});
        if (was_finished) return events;
        CK_TRY(advance(create, *t, tx, events));
        return events;
    }
    return events;
}

}  // namespace ck::league
