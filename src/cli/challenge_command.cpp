// crazykrieg challenge list|cancel (docs/cli.md, organiser commands; the book:
// league/challenge_book.hpp; answering challenges by mail is the daemon's, daemon/challenges.hpp).
// It needs no daemon: the book is read and written through the club library.
//   list       one open challenge a line: ID, challenger, challenged, settings, created
//              (lapsed ones are marked "lapsed"; they go when the book is next written)
//   cancel N   removes open challenge N; nobody is mailed (an answer to it later is told that
//              there is no open challenge N). Exit 1 when there is none.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_rows.hpp"
#include "cli/command_setup.hpp"
#include "core/clock.hpp"
#include "league/challenge_book.hpp"
#include "referee/rule_set.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::cli {
namespace {

int fail(const std::string& message) {
    std::cerr << "crazykrieg challenge: " << message << "\n";
    return ExitFailure;
}

int usage(const std::string& message) { return usage_error("challenge", message); }

int run_challenge(const Args& args) {
    std::string config_file;
    std::vector<std::string> words;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << "usage: crazykrieg challenge list\n"
                         "       crazykrieg challenge cancel ID\n"
                         "common options: --config FILE\n";
            return ExitOk;
        }
        if (a == "--config") {
            if (i + 1 >= args.size()) return usage(a + " needs a value");
            config_file = args[++i];
        } else if (!a.empty() && a[0] == '-') {
            return usage("unknown option '" + a + "'");
        } else {
            words.push_back(a);
        }
    }
    if (words.empty()) return usage("expected list or cancel");
    if (words[0] == "list" && words.size() != 1) return usage("list takes no argument");
    if (words[0] == "cancel" && words.size() != 2) return usage("cancel needs an ID");
    if (words[0] != "list" && words[0] != "cancel")
        return usage("unknown action '" + words[0] + "'");
    std::uint64_t id = 0;
    if (words[0] == "cancel") {
        const std::string& n = words[1];
        if (n.empty() || n.size() > 18 || n.find_first_not_of("0123456789") != std::string::npos)
            return usage("cancel needs a numeric ID");
        id = std::stoull(n);
    }
    auto config = load_daemon_config(config_file);
    if (!config) return usage(config.error());
    // `cancel` of a challenge in a store that does not exist has nothing to cancel either.
    auto opened = open_command_store(*config, IfNoStore::Refuse);
    if (!opened) return fail(opened.error());
    const CommandStore& store = *opened;
    auto book = league::load_challenges(*store);
    if (!book) return fail(book.error().detail);
    const auto now = std::chrono::system_clock::now();
    if (words[0] == "list") {
        for (const league::Challenge& c : book->open) {
            // Settings as the challenge mail words them: variant, hidden and its rule set
            // (when not the default), time control, rated or casual.
            std::cout << c.id << "\t" << c.challenger << "\t" << c.challenged << "\t" << c.variant
                      << (c.hidden ? " hidden " : " ")
                      << (c.hidden && c.rules != referee::RuleSet::CrazyKrieg
                              ? std::string(referee::rule_set_name(c.rules)) + " "
                              : std::string())
                      << c.time << (config->rated && !c.casual ? " rated" : " casual") << "\t"
                      << core::format_iso8601(c.created)
                      << (league::challenge_lapsed(c, now, config->challenge_days) ? "\tlapsed"
                                                                                   : "")
                      << "\n";
        }
        return ExitOk;
    }
    if (!league::remove_challenge(*book, id))
        return fail("no open challenge " + std::to_string(id));
    store::Transaction tx(now);
    league::save_challenges(tx, *book);
    if (auto c = store->commit(tx); !c) return fail(c.error().describe());
    std::cout << "challenge " << id << " cancelled\n";
    return ExitOk;
}

}  // namespace

Command challenge_command() {
    return {"challenge", "challenges by mail (list, cancel)", run_challenge, true};
}
}  // namespace ck::cli
