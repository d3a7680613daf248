// Tournaments in the store (tournaments.hpp).
#include "daemon/tournaments.hpp"

#include <algorithm>

#include "club/knockout.hpp"
#include "club/pgn_archive.hpp"
#include "club/tournament_file.hpp"
#include "core/log.hpp"
#include "daemon/game_desk.hpp"
#include "daemon/knockout_rounds.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/swiss_rounds.hpp"
#include "daemon/team_matches.hpp"
#include "daemon/tournament_mail.hpp"
#include "daemon/tournament_slug.hpp"
#include "league/game_files.hpp"
#include "league/players.hpp"
#include "league/ratings.hpp"
#include "league/time_control.hpp"
#include "league/tournament_rounds.hpp"

namespace ck::daemon {

using league::check_rule_set;
using league::GameMeta;
using league::load_tournament;
using league::parse_time_control;
using league::Player;
using league::resolve_rule_set;
using league::resolve_variant;
using league::save_tournament;
using league::tournament_ids;

namespace {

// Checks what new_game could refuse, before the first game is staged (a clear error before any
// work; a failure half-way is taken back whole by the GroupCommit of start_games).
core::Result<void, core::Error> check_settings(const club::GameSettings& s) {
    GameMeta check;
    check.hidden = s.hidden;
    if (auto v = resolve_variant(s.variant, check); !v) return core::unexpected(v.error());
    if (s.rules) {
        if (auto rs = check_rule_set(*s.rules, check.hidden); !rs)
            return core::unexpected(rs.error());
    }
    if (!s.time.empty()) {
        if (auto tc = parse_time_control(s.time); !tc)
            return core::unexpected(core::invalid_error(tc.error().message));
    }
    return {};
}

// A Swiss event (entries closed): round 1 is paired and started, its mails queued and the event
// written, in one transaction (league/tournament_rounds.hpp, tournament_mail.hpp). A knockout or
// a group stage the same way: its first matches or every group game.
core::Result<void, core::Error> start_swiss(Daemon& daemon, club::Tournament& t,
                                            const core::Clock& clock) {
    for (const club::Player& p : t.players)
        if (!daemon.players().find(p.address))
            return core::unexpected(
                core::invalid_error(daemon.players().not_registered(p.address)));
    const GameDesk desk = daemon.game_desk();
    store::Transaction tx(clock.now());
    auto paired = club::is_staged(t) ? advance_stages(*desk.create, t, tx)  // a knockout, groups
                                     : advance_swiss(*desk.create, t, tx);
    if (!paired) return core::unexpected(paired.error());
    if (auto m = queue_tournament_mails(desk, *paired, tx); !m) return core::unexpected(m.error());
    save_tournament(tx, t);
    if (auto c = daemon.store().commit(tx); !c) return core::unexpected(core::from_io(c.error()));
    core::operator_log().info("tournament " + t.id + " started: round 1 of " +
                              std::to_string(club::rounds(t)));
    return {};
}

// Starts every pairing of `t` (entries closed) and writes tournament.ini, as one store group.
core::Result<void, core::Error> start_games(Daemon& daemon, club::Tournament& t,
                                            const core::Clock& clock) {
    if (t.system == club::System::Swiss || club::is_staged(t)) return start_swiss(daemon, t, clock);
    store::Store& store = daemon.store();
    for (const club::Player& p : t.players)
        if (!daemon.players().find(p.address))
            return core::unexpected(
                core::invalid_error(daemon.players().not_registered(p.address)));
    // One group: every game and the tournament record commit as one journal (store.hpp), or
    // nothing: a GroupCommit dropped on an error takes back every game staged so far.
    store::GroupCommit group(store);
    for (club::Pairing& p : t.pairings) {
        const NewGame g = tournament_game(t, p);
        const club::EventTags tags = club::event_tags(t, p);
        auto gid = daemon.new_game(g, clock);
        if (!gid) return core::unexpected(core::with_context(gid.error(), "round " + tags.round));
        p.game = *gid;
    }
    store::Transaction tx(clock.now());
    save_tournament(tx, t);
    if (auto c = store.commit(tx); !c) return core::unexpected(core::from_io(c.error()));
    if (auto c = group.commit(); !c) return core::unexpected(core::from_io(c.error()));
    core::operator_log().info("tournament " + t.id +
                              " started: " + std::to_string(t.pairings.size()) + " games");
    return {};
}

}  // namespace

core::Result<std::string, core::Error> create_tournament(Daemon& daemon, const TournamentSpec& spec,
                                                         const core::Clock& clock) {
    store::Store& store = daemon.store();
    auto taken = tournament_ids(store);
    if (!taken) return core::unexpected(taken.error());
    const std::string base = tournament_slug(spec.name);
    std::string id = base;
    for (int n = 2; std::find(taken->begin(), taken->end(), id) != taken->end(); ++n)
        id = base + "-" + std::to_string(n);

    club::NewTournament nt;
    nt.id = id;
    nt.name = spec.name;
    nt.kind = spec.double_round ? club::Kind::Double : club::Kind::Single;
    nt.settings.variant = spec.variant;
    nt.settings.hidden = spec.hidden;
    nt.settings.rated = spec.rated;
    if (!spec.rules.empty()) {
        GameMeta check;
        check.hidden = spec.hidden;
        if (auto v = resolve_variant(spec.variant, check); !v) return core::unexpected(v.error());
        auto rs = resolve_rule_set(spec.rules, check.hidden);
        if (!rs) return core::unexpected(rs.error());
        if (*rs != referee::RuleSet::CrazyKrieg) nt.settings.rules = *rs;
    }
    nt.settings.time = spec.time;
    nt.entries_open = spec.entries_open;
    nt.system = spec.system;
    nt.swiss = spec.swiss;
    nt.stages = spec.stages;
    for (const std::string& address : spec.players) {
        const Player* p = daemon.players().find(address);
        if (!p)
            return core::unexpected(core::invalid_error(daemon.players().not_registered(address)));
        nt.players.push_back(club::Player{p->name, p->address});
    }
    if (spec.system == club::System::Teams)
        if (auto ok = team_match_spec(daemon.players(), spec, nt); !ok)
            return core::unexpected(ok.error());
    auto t = club::create_tournament(std::move(nt));
    if (!t) return core::unexpected(core::invalid_error(club::error_text(t.error())));
    if (auto ok = check_settings(t->settings); !ok) return core::unexpected(ok.error());
    if (t->entries_open) {
        store::Transaction tx(clock.now());
        save_tournament(tx, *t);
        if (auto c = store.commit(tx); !c) return core::unexpected(core::from_io(c.error()));
        core::operator_log().info("tournament " + id + " created, taking entries");
        return id;
    }
    if (auto ok = seed_by_rating(store, *t); !ok) return core::unexpected(ok.error());
    if (auto ok = start_games(daemon, *t, clock); !ok) return core::unexpected(ok.error());
    return id;
}

core::Result<std::size_t, core::Error> start_tournament(Daemon& daemon, const std::string& id,
                                                        const core::Clock& clock) {
    auto t = load_tournament(daemon.store(), id);
    if (!t) return core::unexpected(t.error());
    if (auto ordered = order_team_rosters(daemon.store(), *t); !ordered)  // team_matches.hpp
        return core::unexpected(ordered.error());
    if (auto closed = club::close_entries(*t); !closed)
        return core::unexpected(core::invalid_error(club::error_text(closed.error())));
    if (auto ok = check_settings(t->settings); !ok) return core::unexpected(ok.error());
    if (auto ok = seed_by_rating(daemon.store(), *t); !ok) return core::unexpected(ok.error());
    if (auto ok = start_games(daemon, *t, clock); !ok) return core::unexpected(ok.error());
    return t->pairings.size();  // a Swiss: round 1's games
}

}  // namespace ck::daemon
