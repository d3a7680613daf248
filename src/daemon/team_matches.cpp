// Team matches in the daemon (team_matches.hpp).
#include "daemon/team_matches.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "club/crosstable.hpp"
#include "club/ratings.hpp"
#include "club/team_match.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"
#include "league/game_files.hpp"
#include "league/players.hpp"
#include "league/ratings.hpp"
#include "league/tournament_store.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::GameMeta;
using league::load_pool;
using league::Player;
using league::Players;
using league::pool_of;
using league::resolve_variant;
using league::save_tournament;
using league::TournamentTable;

namespace {

using Event = compose::EntryDetails::Event;

// The answer to one `roster` line (or why it changed nothing) for the event `t` (null: none).
compose::EntryDetails answer(const ClubDesk& desk, const Command& cmd, const Player& me,
                             club::Tournament* t, bool& changed) {
    const RosterArgs& roster = cmd.as<RosterArgs>();
    compose::EntryDetails d;
    d.tournament_id = roster.tournament;
    if (t == nullptr) {
        d.event = Event::NoSuchEvent;
        return d;
    }
    d.tournament_id = t->id;
    d.tournament_name = t->name;
    d.settings = club::make_crosstable(*t).subtitle;
    const auto team =
        t->system == club::System::Teams ? club::captain_team(*t, me.address) : std::nullopt;
    if (!team) {
        d.event = Event::NotCaptain;
        return d;
    }
    d.team = t->match.teams[*team].name;
    d.event = Event::RosterRefused;
    std::vector<club::Player> members;
    for (const std::string& address : roster.addresses) {
        const Player* p = desk.players.find(address);
        if (!p) {
            d.reason = desk.players.not_registered(address);
            return d;
        }
        const bool twice = std::any_of(members.begin(), members.end(), [&](const club::Player& m) {
            return m.address == p->address;
        });
        if (twice) {
            d.reason = p->address + " is named twice";
            return d;
        }
        members.push_back(club::Player{p->name, p->address});
    }
    if (auto r = club::set_roster(*t, *team, std::move(members)); !r) {
        d.event =
            r.error().code == club::ErrorCode::EntriesClosed ? Event::Closed : Event::RosterRefused;
        d.reason = r.error().message;
        return d;
    }
    changed = true;
    d.event = Event::RosterSet;
    const club::Team& set = t->match.teams[*team];
    for (std::size_t i = 0; i < set.roster.size(); ++i)
        d.roster.push_back(std::to_string(i + 1) + ". " +
                           club::display_name(t->players[static_cast<std::size_t>(set.roster[i])]));
    core::operator_log().info("tournament " + t->id + ": " + me.address + " set the roster of " +
                              set.name + " (" + std::to_string(set.roster.size()) + " players)");
    return d;
}

}  // namespace

Handled club_roster(MailRun& run, const Command& cmd) {
    if (!run.acts) return club_not_here(run, cmd);
    const ClubDesk& desk = run.desk;
    const Player* me = desk.players.find(run.sender);
    if (!me) return core::unexpected(core::invalid_error("roster from unregistered " + run.sender));
    // Read through the mail's transaction and written into it at once, so a later line of the
    // same mail (`standings`, another `roster`) sees the change.
    const std::string id = lower_ascii(cmd.as<RosterArgs>().tournament);
    auto event = TournamentTable::get(desk.store, id, &run.tx);  // nullopt: no such event
    if (!event)
        return core::unexpected(
            core::corrupt_error("tournament " + id + ": " + event.error().describe()));
    bool changed = false;
    const compose::EntryDetails d = answer(desk, cmd, *me, *event ? &**event : nullptr, changed);
    if (changed) save_tournament(run.tx, **event);
    const std::string disc = run.disc + "t" + std::to_string(cmd.line);
    const compose::Envelope env = club_envelope(desk, me->address, disc, run.tx);
    return queue_mail(run.tx, desk.config, me->address,
                      compose::entry_mail(desk.templates, env, d));
}

core::Result<void, core::Error> team_match_spec(const Players& players, const TournamentSpec& spec,
                                                club::NewTournament& out) {
    out.entries_open = true;  // rosters until `tournament start`
    out.players.clear();
    out.match.games = spec.team_games;
    out.match.teams.clear();
    for (const TournamentSpec::TeamSpec& ts : spec.teams) {
        club::Team team;
        team.name = ts.name;
        if (!ts.captain.empty()) {
            const Player* c = players.find(ts.captain);
            if (!c)
                return core::unexpected(
                    core::invalid_error("captain " + players.not_registered(ts.captain)));
            team.captain = c->address;
        }
        for (const std::string& address : ts.players) {
            const Player* p = players.find(address);
            if (!p) return core::unexpected(core::invalid_error(players.not_registered(address)));
            team.roster.push_back(static_cast<int>(out.players.size()));
            out.players.push_back(club::Player{p->name, p->address});
        }
        out.match.teams.push_back(std::move(team));
    }
    return {};
}

core::Result<void, core::Error> order_team_rosters(const store::Store& store, club::Tournament& t) {
    if (t.system != club::System::Teams || !t.entries_open) return {};
    GameMeta meta;  // the variant as its games will have it (an alias resolved)
    meta.hidden = t.settings.hidden;
    if (auto v = resolve_variant(t.settings.variant, meta); !v) return core::unexpected(v.error());
    auto pool = load_pool(store, pool_of(meta));
    if (!pool) return core::unexpected(pool.error());
    club::order_rosters(
        t, [&](const std::string& address) { return club::current(&*pool, address).rating; });
    return {};
}

}  // namespace ck::daemon
