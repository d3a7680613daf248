// crazykrieg game new|list|show|pgn|follow|unfollow|adjudicate (docs/cli.md, "Subcommands for the
// people who run a club"). `game pgn ID [--as referee|white|black]` prints the game's stored
// record (league/game_files.hpp): the referee's full record by default, else that player's
// record. list, show and pgn only read the store: they are cli's (cli/club_listings.hpp).
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <string>

#include "app/command_rows.hpp"
#include "app/daemon_setup.hpp"
#include "cli/club_listings.hpp"
#include "core/log.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/spectators.hpp"
#include "league/game_files.hpp"
#include "league/game_outcome.hpp"
#include "store/store.hpp"

namespace ck::app {
namespace {

namespace po = boost::program_options;

int fail(const std::string& message) {
    std::cerr << "crazykrieg game: " << message << "\n";
    return ExitFailure;
}

int game_new(const Args& rest, const std::string& config_file, const std::string& templates) {
    po::options_description opts(
        "crazykrieg game new --variant V [--hidden] [--rules R] --white EMAIL --black EMAIL "
        "[--time SPEC] [--casual|--rated]");
    daemon::NewGame spec;
    std::string now, rules;
    opts.add_options()("variant", po::value<std::string>(&spec.variant))("hidden", "")(
        "rules", po::value<std::string>(&rules))("white", po::value<std::string>(&spec.white))(
        "black", po::value<std::string>(&spec.black))("time", po::value<std::string>(&spec.time))(
        "now", po::value<std::string>(&now))("casual", "")("rated", "");
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(rest).options(opts).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return usage_error("game", e.what());
    }
    if (spec.variant.empty() || spec.white.empty() || spec.black.empty())
        return usage_error("game", "new needs --variant, --white and --black");
    spec.hidden = vm.count("hidden") > 0;
    if (vm.count("casual") && vm.count("rated"))
        return usage_error("game", "--casual and --rated exclude each other");
    if (vm.count("casual")) spec.rated = false;
    if (vm.count("rated")) spec.rated = true;
    auto s = open_organiser_session(config_file, now, templates);
    if (!s)
        return s.error().usage ? usage_error("game", s.error().message) : fail(s.error().message);
    if (vm.count("rules")) {  // else the default rule set (daemon::NewGame)
        auto rs = league::parse_rule_set(rules);
        if (!rs) {  // an unknown variant is named first, as new_game checks it first
            league::GameMeta probe;
            if (auto v = league::resolve_variant(spec.variant, probe); !v)
                return fail(v.error().detail);
            return fail(rs.error().detail);
        }
        spec.rules = *rs;
    }
    auto id = s->daemon->new_game(spec, *s->clock);
    if (!id) return fail(id.error().detail);
    s->send_mail();
    std::cout << *id << "\n";
    return ExitOk;
}

// `game follow|unfollow ID EMAIL [--now ISO-8601]` (daemon/spectators.hpp): the organiser adds or
// removes a follower of a game; the address gets a confirmation mail.
int game_follow(bool follow, const Args& rest, const std::string& config_file,
                const std::string& templates) {
    std::vector<std::string> pos;
    std::string now;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == "--now" && i + 1 < rest.size())
            now = rest[++i];
        else if (!rest[i].empty() && rest[i][0] == '-')
            return usage_error("game", "unexpected option '" + rest[i] + "'");
        else
            pos.push_back(rest[i]);
    }
    const char* action = follow ? "follow" : "unfollow";
    if (pos.size() != 2) return usage_error("game", std::string(action) + " needs ID and EMAIL");
    const auto parsed = core::parse_game_id(pos[0]);  // the one parse (core/game_id.hpp)
    if (!parsed) return usage_error("game", "bad game id '" + pos[0] + "'");
    const store::GameId id = *parsed;
    if (pos[1].find('@') == std::string::npos ||
        pos[1].find_first_of(" \t\r\n,") != std::string::npos)
        return usage_error("game", "bad address '" + pos[1] + "'");
    auto s = open_organiser_session(config_file, now, templates);
    if (!s)
        return s.error().usage ? usage_error("game", s.error().message) : fail(s.error().message);
    store::Transaction tx(s->clock->now());
    daemon::Daemon& d = *s->daemon;
    const daemon::ClubDesk desk{d.config(), d.players(), d.store(), d.templates(),
                                &d.game_repository()};
    auto r = daemon::set_following(
        desk, id, pos[1], follow, false,
        std::string(action) + "-" + to_string(id) + "-" +
            std::to_string(
                std::chrono::duration_cast<std::chrono::seconds>(s->clock->now().time_since_epoch())
                    .count()),
        tx);
    if (!r) return fail(r.error().detail);
    if (*r != daemon::FollowOutcome::Done && *r != daemon::FollowOutcome::Unchanged)
        return fail(std::string(action) + " game " + pos[0] + ": " +
                    daemon::follow_outcome_text(*r));
    auto committed = s->daemon->store().commit(tx);
    if (!committed) return fail(committed.error().describe());
    s->send_mail();
    std::cout << action << " game " << id << " " << league::lower_ascii(pos[1]) << ": "
              << daemon::follow_outcome_text(*r) << "\n";
    return ExitOk;
}

// `game adjudicate ID RESULT --reason TEXT [--now ISO-8601]` (daemon/adjudication.hpp): the
// organiser ends a game in progress with RESULT (1-0, 0-1, 1/2-1/2); both players and the
// followers get the end mail with the reason; rating and tournament count the result.
int game_adjudicate(const Args& rest, const std::string& config_file,
                    const std::string& templates) {
    std::vector<std::string> pos;
    std::string now, reason;
    bool has_reason = false;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == "--now" && i + 1 < rest.size()) {
            now = rest[++i];
        } else if (rest[i] == "--reason" && i + 1 < rest.size()) {
            reason = rest[++i];
            has_reason = true;
        } else if (rest[i].rfind("--reason=", 0) == 0) {
            reason = rest[i].substr(9);
            has_reason = true;
        } else if (!rest[i].empty() && rest[i][0] == '-' && !league::parse_result(rest[i])) {
            return usage_error("game", "unexpected option '" + rest[i] + "'");
        } else {
            pos.push_back(rest[i]);
        }
    }
    if (pos.size() != 2 || !has_reason)
        return usage_error("game", "adjudicate needs ID, RESULT and --reason TEXT");
    const auto parsed = core::parse_game_id(pos[0]);  // the one parse (core/game_id.hpp)
    if (!parsed) return usage_error("game", "bad game id '" + pos[0] + "'");
    const store::GameId id = *parsed;
    const auto result = league::parse_result(pos[1]);
    if (!result)
        return usage_error("game", "adjudicate game " + pos[0] + ": bad result '" + pos[1] +
                                       "' (1-0, 0-1 or 1/2-1/2)");
    auto s = open_organiser_session(config_file, now, templates);
    if (!s)
        return s.error().usage ? usage_error("game", s.error().message) : fail(s.error().message);
    auto outcome = s->daemon->adjudicate(id, *result, reason, *s->clock);
    if (!outcome) return fail("adjudicate: " + outcome.error().detail);
    s->send_mail();
    std::cout << "game " << id << " adjudicated " << league::result_text(outcome->result) << "\n";
    return ExitOk;
}

int run_game(const Args& args) {
    std::string config_file, templates, as = "referee";
    std::vector<std::string> words, rest;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: crazykrieg game new --variant V [--hidden] [--rules R] --white "
                         "EMAIL --black EMAIL [--time SPEC] [--casual|--rated] [--now ISO-8601]\n"
                         "       crazykrieg game list\n"
                         "       crazykrieg game show ID [--as white|black|referee]\n"
                         "       crazykrieg game pgn ID [--as referee|white|black]\n"
                         "       crazykrieg game follow|unfollow ID EMAIL [--now ISO-8601]\n"
                         "       crazykrieg game adjudicate ID 1-0|0-1|1/2-1/2 --reason TEXT "
                         "[--now ISO-8601]\n"
                         "common options: --config FILE, --templates DIR\n";
            return ExitOk;
        }
        const auto value = [&](std::string& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        if (a == "--config") {
            if (!value(config_file)) return usage_error("game", "--config needs a FILE");
        } else if (a == "--templates") {
            if (!value(templates)) return usage_error("game", "--templates needs a DIR");
        } else if (a == "--as" && !words.empty() && (words[0] == "show" || words[0] == "pgn")) {
            if (!value(as)) return usage_error("game", "--as needs white, black or referee");
        } else if (words.empty() ||
                   ((words[0] == "show" || words[0] == "pgn") && words.size() < 2 && a[0] != '-')) {
            words.push_back(a);
        } else {
            rest.push_back(a);
        }
    }
    if (words.empty()) return usage_error("game", "expected new, list, show or pgn");
    if (words[0] == "new") return game_new(rest, config_file, templates);
    if (words[0] == "adjudicate") return game_adjudicate(rest, config_file, templates);
    if (words[0] == "follow" || words[0] == "unfollow")
        return game_follow(words[0] == "follow", rest, config_file, templates);
    if (!rest.empty()) return usage_error("game", "unexpected argument '" + rest[0] + "'");
    if (words[0] != "list" && words[0] != "show" && words[0] != "pgn")
        return usage_error("game", "unknown action '" + words[0] + "'");
    if (words[0] != "list" && words.size() != 2)
        return usage_error("game", words[0] + " needs an ID");
    if (words[0] != "list" && as != "white" && as != "black" && as != "referee")
        return usage_error("game", "--as must be white, black or referee");
    auto config = load_daemon_config(config_file);
    if (!config) return usage_error("game", config.error());
    auto opened = open_command_store(*config, IfNoStore::Refuse);  // list, show, pgn: reads
    if (!opened) return fail(opened.error());
    // The read-only sub-commands need no daemon (cli/club_listings.hpp).
    if (words[0] == "list") return cli::list_games(**opened);
    return cli::print_game(**opened, words[0], words[1], as);
}

}  // namespace

Command game_command() {
    return {"game",
            "create, list and inspect games (new, list, show, pgn, follow, unfollow, adjudicate)",
            run_game, true};
}
}  // namespace ck::app
