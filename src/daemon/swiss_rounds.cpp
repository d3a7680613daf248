// The rounds of a Swiss event by mail (swiss_rounds.hpp).
#include "daemon/swiss_rounds.hpp"

#include "club/pgn_archive.hpp"
#include "club/swiss_round.hpp"
#include "core/log.hpp"
#include "daemon/standings_mail.hpp"
#include "league/tournament_store.hpp"

namespace ck::daemon {
namespace {

// Starts the games of the last round paired that have no game yet, and mails the round.
core::Result<void, core::Error> start_round(const ClubDesk& desk, club::Tournament& t,
                                            store::Transaction& tx) {
    const int round = club::rounds_paired(t);
    std::size_t started = 0;
    for (club::Pairing& p : t.pairings) {
        if (p.round != round || p.game) continue;
        if (!desk.start)
            return core::unexpected(core::invalid_error("tournament " + t.id + ": round " +
                                                        std::to_string(round) +
                                                        " cannot start here (no game starter)"));
        auto id = desk.start(tournament_game(t, p), tx);
        if (!id)
            return core::unexpected(core::Error{id.error().kind, "tournament " + t.id + ": round " +
                                                                     std::to_string(round) + ": " +
                                                                     id.error().detail});
        p.game = *id;
        ++started;
    }
    t.round_started = core::format_iso8601(tx.now());
    core::operator_log().info("tournament " + t.id + ": round " + std::to_string(round) +
                              " paired, " + std::to_string(started) + " games started");
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        if (club::withdrawn(t, static_cast<int>(i), round)) continue;
        const std::string disc =
            "round-" + t.id + "-" + std::to_string(round) + "-" + std::to_string(i + 1);
        CK_TRY(
            queue_standings(desk, t.players[i].address, {t}, false, std::string(), disc, tx, true));
    }
    return {};
}

}  // namespace

NewGame tournament_game(const club::Tournament& t, const club::Pairing& p) {
    const club::EventTags tags = club::event_tags(t, p);
    NewGame g;
    g.variant = t.settings.variant;
    g.hidden = t.settings.hidden;
    g.rated = t.settings.rated;
    if (t.settings.rules) g.rules = *t.settings.rules;
    g.white = t.players[static_cast<std::size_t>(p.white)].address;
    g.black = t.players[static_cast<std::size_t>(p.black)].address;
    g.time = t.settings.time;
    g.event = tags.event;
    g.round = tags.round;
    g.tournament = t.id;
    return g;
}

core::Result<void, core::Error> advance_swiss(const ClubDesk& desk, club::Tournament& t,
                                              store::Transaction& tx) {
    if (t.system != club::System::Swiss || t.entries_open) return {};
    while (!club::finished(t) && (club::rounds_paired(t) == 0 || club::round_complete(t))) {
        const int before = club::rounds_paired(t);
        auto paired = club::pair_next_round(t);
        if (!paired || club::rounds_paired(t) == before) {
            // No valid pairing (or nobody left to pair): the event ends with the rounds played.
            core::operator_log().error((paired
                                            ? "tournament " + t.id + ": nobody to pair in round " +
                                                  std::to_string(before + 1)
                                            : club::error_text(paired.error())) +
                                       "; the event ends after round " + std::to_string(before));
            t.swiss.rounds = std::max(before, 1);
            break;
        }
        CK_TRY(start_round(desk, t, tx));
    }
    return {};
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
