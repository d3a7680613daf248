// crazykrieg tournament new|list|show|pgn (README "Challenges and tournaments by mail";
// daemon/tournaments.hpp):
//   new --name NAME [--double] --variant V [--hidden] [--rules R] [--time SPEC] [--now ISO-8601]
//       [--entries] EMAIL...
//       registered players in seeding order; creates tournaments/<id>/tournament.ini and starts
//       every game at once (game-start mails sent); prints the tournament id. --entries: the
//       event takes entries by mail (`join ID`) and no game starts yet; EMAILs are optional
//       first entrants
//   start ID [--now ISO-8601]   closes the entries and starts every game at once
//   list                 one line per event: id, games finished/total, name
//   show ID              the crosstable as monospace text
//   pgn ID               the event's PGN archive (referee records; a hidden game only once over)
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/daemon_setup.hpp"
#include "club/crosstable.hpp"
#include "club/tournament.hpp"
#include "daemon/club_migration.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/ratings.hpp"
#include "daemon/tournaments.hpp"
#include "store/store.hpp"

namespace ck::cli {
namespace {

int fail(const std::string& message) {
    std::cerr << "crazykrieg tournament: " << message << "\n";
    return ExitFailure;
}

int usage(const std::string& message) { return usage_error("tournament", message); }

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
        } else if (!a.empty() && a[0] == '-') {
            return usage("unexpected option '" + a + "'");
        } else {
            spec.players.push_back(a);
        }
    }
    if (spec.name.empty() || spec.variant.empty()) return usage("new needs --name and --variant");
    if (spec.players.size() < 2 && !spec.entries_open)
        return usage("new needs at least two player addresses (or --entries)");
    auto s = open_organiser_session(config_file, now, templates);
    if (!s) return s.error().usage ? usage(s.error().message) : fail(s.error().message);
    auto id = daemon::create_tournament(*s->daemon, spec, *s->clock);
    if (!id) return fail(id.error());
    s->send_mail();
    std::cout << *id << "\n";
    return ExitOk;
}

int tournament_start(const std::string& id, const std::vector<std::string>& rest,
                     const std::string& config_file, const std::string& templates) {
    std::string now;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] != "--now") return usage("unexpected argument '" + rest[i] + "'");
        if (i + 1 >= rest.size()) return usage("--now needs an ISO-8601 time");
        now = rest[++i];
    }
    auto s = open_organiser_session(config_file, now, templates);
    if (!s) return s.error().usage ? usage(s.error().message) : fail(s.error().message);
    auto games = daemon::start_tournament(*s->daemon, id, *s->clock);
    if (!games) return fail(games.error());
    s->send_mail();
    std::cout << id << ": " << *games << " games started\n";
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
                         "[--entries] EMAIL...\n"
                         "       crazykrieg tournament start ID [--now ISO-8601]\n"
                         "       crazykrieg tournament list\n"
                         "       crazykrieg tournament show ID\n"
                         "       crazykrieg tournament pgn ID\n"
                         "common options: --config FILE, --templates DIR\n";
            return ExitOk;
        }
        if (a == "--config" || a == "--templates") {
            if (i + 1 >= args.size()) return usage(a + " needs a value");
            (a == "--config" ? config_file : templates) = args[++i];
        } else if (words.empty() || (words[0] != "new" && words.size() < 2 && a[0] != '-')) {
            words.push_back(a);
        } else {
            rest.push_back(a);
        }
    }
    if (words.empty()) return usage("expected new, start, list, show or pgn");
    if (words[0] == "new") return tournament_new(rest, config_file, templates);
    if (words[0] == "start") {
        if (words.size() != 2) return usage("start needs an ID");
        return tournament_start(words[1], rest, config_file, templates);
    }
    if (!rest.empty()) return usage("unexpected argument '" + rest[0] + "'");
    if (words[0] != "list" && words[0] != "show" && words[0] != "pgn")
        return usage("unknown action '" + words[0] + "'");
    if (words[0] != "list" && words.size() != 2) return usage(words[0] + " needs an ID");
    auto config = load_daemon_config(config_file);
    if (!config) return usage(config.error());
    auto opened = open_command_store(*config);
    if (!opened) return fail(opened.error());
    const CommandStore& store = *opened;
    if (words[0] == "list") {
        auto ids = daemon::tournament_ids(*store);
        if (!ids) return fail(ids.error());
        for (const auto& id : *ids) {
            auto t = daemon::load_tournament(*store, id);
            if (!t) {
                std::cerr << "crazykrieg tournament: " << t.error() << "\n";
                continue;
            }
            if (t->entries_open)
                std::cout << id << "\tentries " << t->players.size() << "\t" << t->name << "\n";
            else
                std::cout << id << "\t" << club::finished_games(*t) << "/" << t->pairings.size()
                          << "\t" << t->name << "\n";
        }
        return ExitOk;
    }
    auto t = daemon::load_tournament(*store, words[1]);
    if (!t) return fail(t.error());
    if (words[0] == "show") {
        auto labels = daemon::event_rating_labels(*store, *t);  // rated: a rating column
        if (!labels) return fail(labels.error().detail);
        std::cout << club::crosstable_text(*t, *labels ? &**labels : nullptr);
        return ExitOk;
    }
    auto archive = daemon::tournament_archive(*store, *t);
    if (!archive) return fail(archive.error());
    std::cout << *archive;
    return ExitOk;
}

const CommandRegistration reg{{"tournament",
                               "round-robin tournaments (new, start, list, show, pgn)", 62,
                               run_tournament, true}};

}  // namespace
}  // namespace ck::cli
