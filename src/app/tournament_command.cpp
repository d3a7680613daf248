// crazykrieg tournament new|list|show|pgn (README "Challenges and tournaments by mail";
// daemon/tournaments.hpp):
//   new --name NAME [--double] --variant V [--hidden] [--rules R] [--time SPEC] [--now ISO-8601]
//       [--entries] EMAIL...
//       registered players in seeding order; creates tournaments/<id>/tournament.ini and starts
//       every game at once (game-start mails sent); prints the tournament id. --entries: the
//       event takes entries by mail (`join ID`) and no game starts yet; EMAILs are optional
//       first entrants
//       [--system roundrobin|swiss] [--rounds N] [--round-days N] [--bye-points P]
//       [--requested-bye-points P] [--late-bye-points P] [--tiebreaks LIST]
//       a Swiss (docs/swiss.md "Swiss events by mail"): round 1 is paired and started, the
//       rest round by round; --rounds is required; points are 0, 0.5 or 1; late entries
//       (`join ID` once under way) score --late-bye-points (default 0) per round missed
//       [--system knockout|groups] [--games N] [--tie seed|match|match:N] [--group-size N]
//       [--advance K]
//       a knockout, or groups feeding a knockout (docs/knockout.md): seeded by rating
//       --system teams --team NAME=EMAIL,EMAIL,... --team NAME=... [--games 1|2]
//       [--captain NAME=EMAIL]   a team match (docs/teams.md "Team matches"): two teams; it
//       takes rosters (captains' `roster` mails) until `start`, which starts every game
//   start ID [--now ISO-8601]   closes the entries and starts every game at once (a Swiss:
//                        round 1)
//   withdraw ID EMAIL [--now ISO-8601]   takes a player off the entry list, or out of a Swiss
//                        from its next round on
//   trf ID [--out FILE]  a Swiss as a FIDE tournament report file (the rounds whose games are
//                        all over, and the requested byes of the round after)
//   list                 one line per event: id, games finished/total, name
//   show ID              the crosstable as monospace text
//   pgn ID               the event's PGN archive (referee records; a hidden game only once over)
// trf, list, show and pgn only read the store: they are cli's (cli/club_listings.hpp).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "cli/club_listings.hpp"
#include "club/knockout.hpp"
#include "club/tournament.hpp"
#include "club/tournament_file.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/tournaments.hpp"
#include "league/game_outcome.hpp"
#include "store/store.hpp"

namespace ck::app {
namespace {

int fail(const std::string& message) {
    std::cerr << "crazykrieg tournament: " << message << "\n";
    return ExitFailure;
}

int usage(const std::string& message) { return usage_error("tournament", message); }

// `--team NAME=EMAIL,EMAIL,...`, `--captain NAME=EMAIL` (a team match, docs/teams.md; the team
// of --captain is named by a --team before or after it). False: the value does not read.
bool team_option(const std::string& option, const std::string& v, daemon::TournamentSpec& spec) {
    const auto eq = v.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == v.size()) return false;
    const std::string name = v.substr(0, eq), rest = v.substr(eq + 1);
    auto team = std::find_if(spec.teams.begin(), spec.teams.end(),
                             [&](const auto& t) { return t.name == name; });
    if (team == spec.teams.end()) {
        spec.teams.push_back({name, {}, {}});
        team = spec.teams.end() - 1;
    }
    if (option == "--captain") {
        if (!team->captain.empty() || rest.find(',') != std::string::npos) return false;
        team->captain = rest;
        return true;
    }
    if (!team->players.empty()) return false;  // a team given twice
    std::size_t from = 0;
    while (from <= rest.size()) {
        const auto comma = rest.find(',', from);
        const std::string address = rest.substr(from, comma - from);
        if (address.empty()) return false;
        team->players.push_back(address);
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    return true;
}

std::string team_usage(const std::string& option) {
    if (option == "--captain") return "NAME=EMAIL (once a team)";
    return "NAME=EMAIL,EMAIL,... (once a team)";
}

// What is wrong with the team options of `spec`; empty when nothing. A team match takes its
// games a board pair from --games (parsed into spec.stages with a knockout's), 1 or 2.
std::string check_team_options(daemon::TournamentSpec& spec) {
    if (spec.system != club::System::Teams) {
        if (!spec.teams.empty()) return "--team and --captain are for --system teams";
        return {};
    }
    const club::StageSettings plain;
    if (spec.stages.games != 1 && spec.stages.games != 2)
        return "--games for a team match needs 1 or 2";
    spec.team_games = spec.stages.games;
    spec.stages.games = plain.games;
    if (spec.teams.size() != 2) return "a team match needs two teams (--team NAME=EMAIL,...)";
    if (!spec.players.empty()) return "a team match takes its players from --team";
    if (spec.double_round || spec.swiss.rounds != 0 || spec.swiss.round_days != 0)
        return "--double, --rounds and --round-days are not for a team match";
    return {};
}

// --games N, --group-size N, --advance K (docs/knockout.md): "" or the usage error.
std::string stage_option(const std::string& a, std::size_t& i, const std::vector<std::string>& rest,
                         club::StageSettings& stages) {
    if (i + 1 >= rest.size()) return a + " needs a number";
    const std::string& v = rest[++i];
    if (v.empty() || v.size() > 2 || v.find_first_not_of("0123456789") != std::string::npos)
        return a + " needs a number";
    (a == "--games"        ? stages.games
     : a == "--group-size" ? stages.group_size
                           : stages.advance) = std::stoi(v);
    return {};
}

// The knockout options fit the system (docs/knockout.md): "" or the usage error.
std::string check_stage_options(daemon::TournamentSpec& spec) {
    const club::StageSettings plain;
    club::StageSettings& s = spec.stages;
    if (spec.system == club::System::Groups) {
        if (s.group_size == 0 || s.advance == 0)
            return "--system groups needs --group-size N and --advance K";
    } else if (s.group_size != 0 || s.advance != 0) {
        return "--group-size and --advance are for --system groups";
    }
    if (spec.system == club::System::Knockout && spec.double_round)
        return "--double is for round robins and groups, not a knockout";
    if (!club::is_staged(spec.system) &&
        (s.games != plain.games || s.tie_matches != plain.tie_matches))
        return "--games and --tie are for --system knockout or groups";
    return {};
}

int tournament_new(const std::vector<std::string>& rest, const std::string& config_file,
                   const std::string& templates) {
    daemon::TournamentSpec spec;
    std::string now;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string& a = rest[i];
        const auto value = [&](std::string& out) {
            if (i + 1 >= rest.size()) return false;
            out = rest[++i];
            return true;
        };
        if (a == "--name") {
            if (!value(spec.name)) return usage("--name needs a NAME");
        } else if (a == "--variant") {
            if (!value(spec.variant)) return usage("--variant needs a variant");
        } else if (a == "--time") {
            if (!value(spec.time)) return usage("--time needs a SPEC");
        } else if (a == "--rules") {
            if (!value(spec.rules)) return usage("--rules needs a rule set");
        } else if (a == "--now") {
            if (!value(now)) return usage("--now needs an ISO-8601 time");
        } else if (a == "--double") {
            spec.double_round = true;
        } else if (a == "--hidden") {
            spec.hidden = true;
        } else if (a == "--casual" || a == "--rated") {
            spec.rated = a == "--rated";
        } else if (a == "--entries") {
            spec.entries_open = true;
        } else if (a == "--system") {
            std::string v;
            if (!value(v) || (v != "swiss" && v != "roundrobin" && v != "knockout" &&
                              v != "groups" && v != "teams"))
                return usage("--system needs roundrobin, swiss, knockout, groups or teams");
            spec.system = v == "swiss"      ? club::System::Swiss
                          : v == "knockout" ? club::System::Knockout
                          : v == "groups"   ? club::System::Groups
                          : v == "teams"    ? club::System::Teams
                                            : club::System::RoundRobin;
        } else if (a == "--team" || a == "--captain") {
            std::string v;
            if (!value(v) || !team_option(a, v, spec)) return usage(a + " needs " + team_usage(a));
        } else if (a == "--games" || a == "--group-size" || a == "--advance") {
            if (auto bad = stage_option(a, i, rest, spec.stages); !bad.empty()) return usage(bad);
        } else if (a == "--tie") {
            std::string v;
            const auto tie = value(v) ? club::parse_tie_rule(v) : std::nullopt;
            if (!tie) return usage("--tie needs seed, match or match:N (N 1 to 3)");
            spec.stages.tie_matches = *tie;
        } else if (a == "--rounds" || a == "--round-days") {
            std::string v;
            if (!value(v) || v.empty() || v.size() > 3 ||
                v.find_first_not_of("0123456789") != std::string::npos)
                return usage(a + " needs a number");
            (a == "--rounds" ? spec.swiss.rounds : spec.swiss.round_days) = std::stoi(v);
        } else if (a == "--bye-points" || a == "--requested-bye-points" ||
                   a == "--late-bye-points") {
            std::string v;
            const auto pts = value(v) ? club::parse_bye_points(v) : std::nullopt;
            if (!pts) return usage(a + " needs 0, 0.5 or 1");
            (a == "--bye-points"             ? spec.swiss.pairing_bye_points
             : a == "--requested-bye-points" ? spec.swiss.requested_bye_points
                                             : spec.swiss.late_bye_points) = *pts;
        } else if (a == "--tiebreaks") {
            std::string v;
            const auto list = value(v) ? club::parse_tiebreaks(v) : std::nullopt;
            if (!list) return usage("--tiebreaks needs a list of bh, bh-c1, sb, de, win");
            spec.swiss.tiebreaks = *list;
        } else if (!a.empty() && a[0] == '-') {
            return usage("unexpected option '" + a + "'");
        } else {
            spec.players.push_back(a);
        }
    }
    if (spec.name.empty() || spec.variant.empty()) return usage("new needs --name and --variant");
    if (spec.system == club::System::Swiss && spec.swiss.rounds == 0)
        return usage("a Swiss needs --rounds N");
    if (spec.system != club::System::Swiss &&
        (spec.swiss.rounds != 0 || spec.swiss.round_days != 0))
        return usage("--rounds and --round-days are for --system swiss");
    if (auto wrong = check_team_options(spec); !wrong.empty()) return usage(wrong);
    if (spec.system == club::System::Teams) spec.entries_open = true;  // rosters until start
    if (auto bad = check_stage_options(spec); !bad.empty()) return usage(bad);
    if (spec.players.size() < 2 && !spec.entries_open)
        return usage("new needs at least two player addresses (or --entries)");
    auto s = open_organiser_session(config_file, now, templates);
    if (!s) return s.error().usage ? usage(s.error().message) : fail(s.error().message);
    auto id = daemon::create_tournament(*s->daemon, spec, *s->clock);
    if (!id) return fail(id.error().detail);
    s->send_mail();
    std::cout << *id << "\n";
    return ExitOk;
}

// The one option `tournament start` and `tournament withdraw` take, `--now ISO-8601`, into
// `now`; what is wrong with `rest` otherwise.
std::optional<std::string> now_option(const std::vector<std::string>& rest, std::string& now) {
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] != "--now") return "unexpected argument '" + rest[i] + "'";
        if (i + 1 >= rest.size()) return std::string("--now needs an ISO-8601 time");
        now = rest[++i];
    }
    return std::nullopt;
}

int tournament_start(const std::string& id, const std::vector<std::string>& rest,
                     const std::string& config_file, const std::string& templates) {
    std::string now;
    if (auto bad = now_option(rest, now)) return usage(*bad);
    auto s = open_organiser_session(config_file, now, templates);
    if (!s) return s.error().usage ? usage(s.error().message) : fail(s.error().message);
    auto games = daemon::start_tournament(*s->daemon, id, *s->clock);
    if (!games) return fail(games.error().detail);
    s->send_mail();
    std::cout << id << ": " << *games << " games started\n";
    return ExitOk;
}

// A knockout under way (docs/knockout.md "Withdrawals"): the withdrawal is committed first, then
// each of the player's games in progress in the event is adjudicated as a loss, a transaction
// each; the last one decides the match (the opponent advances) and starts what that makes due.
// Run again after a crash, it finds the withdrawal and ends the games still in progress.
int knockout_withdraw(OrganiserSession& s, club::Tournament& t, const std::string& address) {
    daemon::Daemon& d = *s.daemon;
    const auto p = club::find_player(t, address);
    if (!p) return fail(address + " does not play in " + t.id);
    const auto before = std::find_if(t.withdrawals.begin(), t.withdrawals.end(),
                                     [&](const club::Withdrawal& w) { return w.player == *p; });
    const auto to_end = [&](int from) {
        std::vector<const club::Pairing*> out;
        for (const club::Pairing& g : t.pairings)
            if (g.round >= from && g.game && g.outcome == club::Outcome::Pending &&
                (g.white == *p || g.black == *p))
                out.push_back(&g);
        return out;
    };
    int from = 0;
    if (before != t.withdrawals.end()) {
        from = before->from_round;
        if (to_end(from).empty())
            return fail(address + " is withdrawn from " + t.id + " (from round " +
                        std::to_string(from) + ") and out of it already");
    } else {
        auto r = club::withdraw_from_knockout(t, address);
        if (!r) return fail(club::error_text(r.error()));
        from = *r;
        store::Transaction tx(s.clock->now());
        league::save_tournament(tx, t);
        if (auto c = d.store().commit(tx); !c) return fail(c.error().describe());
    }
    const std::string name = t.players[static_cast<std::size_t>(*p)].name;
    for (const club::Pairing* g : to_end(from)) {
        const auto result =
            g->white == *p ? league::GameResult::BlackWins : league::GameResult::WhiteWins;
        auto outcome = d.adjudicate(*g->game, result, name + " withdrew from " + t.name, *s.clock);
        if (!outcome) return fail("game " + to_string(*g->game) + ": " + outcome.error().detail);
        std::cout << t.id << ": game " << *g->game << " " << league::result_text(outcome->result)
                  << " by forfeit\n";
    }
    s.send_mail();
    std::cout << t.id << ": " << address << " withdrawn from round " << from << " on\n";
    return ExitOk;
}

int tournament_withdraw(const std::string& id, const std::string& address,
                        const std::vector<std::string>& rest, const std::string& config_file,
                        const std::string& templates) {
    std::string now;
    if (auto bad = now_option(rest, now)) return usage(*bad);
    auto s = open_organiser_session(config_file, now, templates);
    if (!s) return s.error().usage ? usage(s.error().message) : fail(s.error().message);
    store::Store& store = s->daemon->store();
    auto t = league::load_tournament(store, id);
    if (!t) return fail(t.error().detail);
    if (t->system == club::System::Knockout && !t->entries_open)
        return knockout_withdraw(*s, *t, address);
    if (club::is_staged(*t) && !t->entries_open)
        return fail("tournament " + id +
                    " is a group stage under way: a player cannot withdraw from it (adjudicate "
                    "the player's games instead: game adjudicate)");
    const int from = club::rounds_paired(*t) + 1;
    auto r =
        t->entries_open ? club::remove_entrant(*t, address) : club::withdraw_player(*t, address);
    if (!r) return fail(club::error_text(r.error()));
    store::Transaction tx(s->clock->now());
    league::save_tournament(tx, *t);
    if (auto c = store.commit(tx); !c) return fail(c.error().describe());
    if (t->entries_open)
        std::cout << id << ": " << address << " taken off the entry list\n";
    else
        std::cout << id << ": " << address << " withdrawn from round " << from << " on\n";
    return ExitOk;
}

int run_tournament(const Args& args) {
    std::string config_file, templates;
    std::vector<std::string> words, rest;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: crazykrieg tournament new --name NAME [--double] --variant V "
                         "[--hidden] [--rules R] [--time SPEC] [--casual|--rated] [--now ISO-8601] "
                         "[--entries] [--system roundrobin|swiss|knockout|groups] [--rounds N] "
                         "[--round-days N] [--bye-points P] [--requested-bye-points P] "
                         "[--late-bye-points P] [--tiebreaks LIST] [--games N] [--tie "
                         "seed|match|match:N] "
                         "[--group-size N] [--advance K] EMAIL...\n"
                         "       crazykrieg tournament new --name NAME --variant V --system teams "
                         "--team NAME=EMAIL,EMAIL,... --team NAME=EMAIL,... [--games 1|2] "
                         "[--captain NAME=EMAIL]...\n"
                         "       crazykrieg tournament start ID [--now ISO-8601]\n"
                         "       crazykrieg tournament withdraw ID EMAIL [--now ISO-8601]\n"
                         "       crazykrieg tournament trf ID [--out FILE]\n"
                         "       crazykrieg tournament list\n"
                         "       crazykrieg tournament show ID\n"
                         "       crazykrieg tournament pgn ID\n"
                         "common options: --config FILE, --templates DIR\n";
            return ExitOk;
        }
        if (a == "--config" || a == "--templates") {
            if (i + 1 >= args.size()) return usage(a + " needs a value");
            (a == "--config" ? config_file : templates) = args[++i];
        } else if (words.empty() ||
                   (words[0] != "new" && words.size() < (words[0] == "withdraw" ? 3u : 2u) &&
                    a[0] != '-')) {
            words.push_back(a);
        } else {
            rest.push_back(a);
        }
    }
    if (words.empty()) return usage("expected new, start, withdraw, list, show, pgn or trf");
    if (words[0] == "new") return tournament_new(rest, config_file, templates);
    if (words[0] == "start") {
        if (words.size() != 2) return usage("start needs an ID");
        return tournament_start(words[1], rest, config_file, templates);
    }
    if (words[0] == "withdraw") {
        if (words.size() != 3) return usage("withdraw needs an ID and an EMAIL");
        return tournament_withdraw(words[1], words[2], rest, config_file, templates);
    }
    std::string out_file;
    if (words[0] == "trf" && rest.size() == 2 && rest[0] == "--out") {
        out_file = rest[1];
        rest.clear();
    }
    if (!rest.empty()) return usage("unexpected argument '" + rest[0] + "'");
    if (words[0] != "list" && words[0] != "show" && words[0] != "pgn" && words[0] != "trf")
        return usage("unknown action '" + words[0] + "'");
    if (words[0] != "list" && words.size() != 2) return usage(words[0] + " needs an ID");
    auto config = load_daemon_config(config_file);
    if (!config) return usage(config.error());
    auto opened = open_command_store(*config, IfNoStore::Refuse);  // list, show, pgn, trf
    if (!opened) return fail(opened.error());
    // The read-only sub-commands need no daemon (cli/club_listings.hpp).
    if (words[0] == "list") return cli::list_tournaments(**opened);
    return cli::print_tournament(**opened, words[0], words[1], out_file);
}

}  // namespace

Command tournament_command() {
    return {"tournament",
            "round-robin, Swiss, knockout, group and team tournaments (new, start, "
            "withdraw, list, show, pgn, trf)",
            run_tournament, true};
}
}  // namespace ck::app
