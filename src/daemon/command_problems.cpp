// What is wrong with a command line (command_problems.hpp).
#include "daemon/command_problems.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "compose/reply_sections.hpp"
#include "core/text.hpp"
#include "daemon/commands.hpp"
#include "league/game_files.hpp"
#include "league/time_control.hpp"
#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::daemon {

using league::GameMeta;
using league::parse_time_control;
using league::resolve_variant;

namespace {

// Words separated by blanks, commas or semicolons, as commands.cpp reads them.
std::vector<std::string> words_of(std::string_view line) {
    std::vector<std::string> out;
    std::string w;
    for (const char c : line) {
        if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';') {
            if (!w.empty()) out.push_back(std::move(w));
            w.clear();
        } else {
            w.push_back(c);
        }
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}

std::string quoted(const std::string& word) { return "\"" + word + "\""; }

std::string variant_names() {
    std::string out;
    for (int i = 0; i <= static_cast<int>(rules::VariantId::Putback); ++i)
        out += std::string(i ? ", " : "") +
               std::string(rules::variant_of(static_cast<rules::VariantId>(i)).name);
    return out + "; kriegspiel (hidden chess) and crazykrieg (hidden crazyhouse)";
}

std::string rule_set_names() {
    std::string out;
    for (int i = 0; i < referee::RuleSetCount; ++i)
        out += std::string(i ? ", " : "") +
               std::string(referee::rule_set_name(static_cast<referee::RuleSet>(i)));
    return out;
}

// Levenshtein distance, small words only.
std::size_t distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

// The known word nearest to `word` (at most two letters away), for "did you mean ...?".
std::string nearest(const std::string& word, const std::vector<std::string>& known) {
    std::string best;
    std::size_t best_d = 3;
    for (const std::string& k : known) {
        const std::size_t d = distance(word, k);
        if (d < best_d) best = k, best_d = d;
    }
    return best;
}

std::vector<std::string> challenge_words() {
    std::vector<std::string> out{"hidden", "casual"};
    for (int i = 0; i < referee::RuleSetCount; ++i)
        out.emplace_back(referee::rule_set_name(static_cast<referee::RuleSet>(i)));
    return out;
}

std::vector<std::string> variant_words() {
    std::vector<std::string> out{"kriegspiel", "crazykrieg"};
    for (int i = 0; i <= static_cast<int>(rules::VariantId::Putback); ++i)
        out.emplace_back(rules::variant_of(static_cast<rules::VariantId>(i)).name);
    return out;
}

const char* const ChallengeUsage =
    "The form is: challenge ADDRESS VARIANT [hidden] [RULES] [casual] [TIME], as in "
    "\"challenge ben@example.org crazyhouse hidden wild16 casual 5d\".";

std::string challenge_problem(const std::vector<std::string>& w) {
    if (w.size() < 3)
        return std::string("A challenge needs an address and a variant. ") + ChallengeUsage;
    const std::string& address = w[1];
    const auto at = address.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == address.size())
        return quoted(address) +
               " is not a mail address: name the player by the address they are registered "
               "with. " +
               ChallengeUsage;
    GameMeta meta;
    if (!resolve_variant(w[2], meta)) {
        std::string s = quoted(w[2]) + " is not a variant";
        if (const std::string near = nearest(core::lower_ascii(w[2]), variant_words());
            !near.empty())
            s += " (did you mean " + near + "?)";
        return s + ". The variants are " + variant_names() + ".";
    }
    const std::vector<std::string> known = challenge_words();
    bool casual = false;
    for (std::size_t i = 3; i < w.size(); ++i) {
        const std::string word = core::lower_ascii(w[i]);
        if (word == "casual" && casual) return "\"casual\" is written twice.";
        if (word == "casual") casual = true;
        if (std::find(known.begin(), known.end(), word) != known.end()) continue;
        auto tc = parse_time_control(w[i]);
        if (tc && i + 1 == w.size()) return {};
        if (tc)
            return "The time control " + quoted(w[i]) +
                   " must be the last word; the words after it are not read. " + ChallengeUsage;
        std::string s =
            quoted(w[i]) + " is not a rule set, a time control, \"hidden\" or \"casual\"";
        if (const std::string near = nearest(word, known); !near.empty())
            s += " (did you mean " + near + "?)";
        // A word of digits and 'd' is meant as a time: say what is wrong with it.
        if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0])) != 0)
            s += ": " + tc.error().message;
        return s + ". The rule sets are " + rule_set_names() +
               "; a time control is written as 3d, 10/50d or 30d+1d.";
    }
    return {};
}

std::string leave_problem(const std::vector<std::string>& w) {
    return "leave takes one number of days, from 1 to 365, as in \"leave 7\"" +
           std::string(w.size() > 2 ? " (with no other word on the line)." : ".");
}

}  // namespace

std::string command_problem(std::string_view line) {
    const std::vector<std::string> w = words_of(line);
    if (w.empty()) return {};
    const CommandSpec* spec = find_command(w[0]);
    if (spec == nullptr) return {};
    switch (spec->kind) {
        case Command::Kind::Challenge:
            return challenge_problem(w);
        case Command::Kind::Leave:
            return leave_problem(w);
        case Command::Kind::ViewQuery:
            return "The queries are pieces N (N one of K, Q, R, B, N, P), file a to file h, rank 1 "
                   "to rank 8, last and clock; short: p N, s a, s 4, l, c.";
        default:
            break;
    }
    return {};
}

void append_unknown_lines(mail::OutgoingMail& mail, const std::vector<std::string>& lines) {
    std::vector<std::string> plain;
    for (const std::string& line : compose::first_lines(lines, compose::MaxQuotedLines)) {
        const std::string problem = command_problem(line);
        if (problem.empty())
            plain.push_back(line);
        else
            compose::append_quoted_section(mail, "Not done: " + problem, {line});
    }
    if (!plain.empty()) compose::append_quoted_section(mail, compose::NotUnderstoodHeading, plain);
}

}  // namespace ck::daemon
