// The rounds of a Swiss event by mail (swiss_rounds.hpp).
#include "daemon/swiss_rounds.hpp"

#include "club/swiss_round.hpp"
#include "core/log.hpp"
#include "league/tournament_rounds.hpp"
#include "league/tournament_store.hpp"

namespace ck::daemon {

using league::GameSpec;
using league::load_tournament;
using league::save_tournament;
using league::tournament_game_spec;
using league::tournament_ids;
using league::TournamentCodec;

NewGame tournament_game(const club::Tournament& t, const club::Pairing& p) {
    NewGame g;
    static_cast<GameSpec&>(g) = tournament_game_spec(t, p);
    g.tournament = t.id;
    return g;
}

core::Result<std::size_t, core::Error> OverdueWatch::report(store::Store& store,
                                                            core::TimePoint now) {
    auto ids = tournament_ids(store);
    if (!ids) return core::unexpected(ids.error());
    std::size_t reported = 0;
    store::Transaction tx(now);
    std::map<std::string, Seen> seen;
    for (const std::string& id : *ids) {
        const std::string* text = store.record(TournamentCodec::ns, id);
        if (!text) continue;
        auto known = seen_.find(id);
        if (known != seen_.end() && known->second.text == *text &&
            (!known->second.due || now < *known->second.due)) {
            seen.emplace(id, std::move(known->second));
            continue;
        }
        Seen& s = seen.emplace(id, Seen{*text, std::nullopt}).first->second;
        auto t = load_tournament(store, id);
        if (!t) {
            core::operator_log().error(t.error().detail);
            continue;
        }
        const int round = club::rounds_paired(*t);
        if (t->system != club::System::Swiss || t->swiss.round_days <= 0 || round == 0 ||
            t->overdue_reported >= round || club::round_complete(*t) || club::finished(*t))
            continue;
        const auto started = core::parse_iso8601(t->round_started);
        if (!started) continue;
        s.due = *started + std::chrono::hours(24) * t->swiss.round_days;
        if (now < *s.due) continue;
        std::string games;
        for (const club::Pairing& p : t->pairings)
            if (p.round == round && p.outcome == club::Outcome::Pending)
                games += (games.empty() ? "" : ", ") + std::string("game ") +
                         (p.game ? to_string(*p.game) : "-") + " (" +
                         t->players[static_cast<std::size_t>(p.white)].address + " - " +
                         t->players[static_cast<std::size_t>(p.black)].address + ")";
        core::operator_log().warn("tournament " + id + ": round " + std::to_string(round) +
                                  " is overdue (started " + t->round_started + ", " +
                                  std::to_string(t->swiss.round_days) +
                                  " days allowed); blocking it: " + games);
        t->overdue_reported = round;
        save_tournament(tx, *t);
        ++reported;
    }
    seen_ = std::move(seen);  // events gone are forgotten
    if (reported > 0)
        if (auto c = store.commit(tx); !c) return core::unexpected(core::from_io(c.error()));
    return reported;
}

}  // namespace ck::daemon
