#include "daemon/commands.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "daemon/game_files.hpp"
#include "referee/rule_set.hpp"
#include "rules/move_list.hpp"
#include "rules/notation.hpp"

namespace ck::daemon {
namespace {

using Kind = Command::Kind;

// The words of a line and its move attempts are read by rules/move_list.hpp, the one reader
// shared with the referee's conditional moves (docs/conditionals.md).
std::vector<std::string> tokenize(std::string_view line) { return rules::split_move_words(line); }

bool all_digits(std::string_view s) {
    return !s.empty() && s.size() <= 4 &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// A line of move attempts (with "any?"), or nullopt when any token is not one.
std::optional<std::vector<Command>> parse_move_line(std::vector<std::string> tokens, int line_no) {
    auto list = rules::read_move_list(std::move(tokens));
    if (!list) return std::nullopt;
    std::vector<Command> out;
    for (std::string& attempt : list->attempts) {
        Command c;
        c.line = line_no;
        if (list->number) {
            c.move_number = list->number->number;
            c.numbered_side = list->number->side;
        }
        c.kind = attempt == "any?" ? Kind::AnyQuery : Kind::Move;
        c.text = std::move(attempt);
        out.push_back(std::move(c));
    }
    return out;
}

// ---- Argument parsers of the command table (commands.hpp) ----

bool no_arguments(const CommandArgs& a, Command&) { return a.tokens.empty(); }

bool optional_argument(const CommandArgs& a, Command& c) {
    if (a.tokens.size() > 1) return false;
    if (a.tokens.size() == 1) c.argument = a.tokens[0];
    return true;
}

bool one_argument(const CommandArgs& a, Command& c) {
    if (a.tokens.size() != 1) return false;
    c.argument = a.tokens[0];
    return true;
}

bool leave_days(const CommandArgs& a, Command& c) {
    if (a.tokens.size() != 1 || !all_digits(a.tokens[0])) return false;
    c.days = std::stoi(a.tokens[0]);
    return c.days >= 1 && c.days <= 365;
}

// `say TEXT`: the rest of the line as written (a note to the opponent).
bool note_text(const CommandArgs& a, Command& c) {
    c.note = std::string(a.rest);
    return !c.note.empty();
}

// The optional words of `challenge ADDRESS VARIANT [WORD...] [TIME]`, in any order before TIME:
// each row takes a lower-case word it knows into the Command and says so (one row per word or
// family of words).
using ChallengeWord = bool (*)(std::string_view word, Command& c);
constexpr ChallengeWord ChallengeWords[] = {
    [](std::string_view w, Command& c) { return w == "hidden" && (c.hidden = true); },
    [](std::string_view w, Command& c) { return w == "casual" && !c.casual && (c.casual = true); },
    // A rule-set name (docs/rulesets.md) implies hidden play.
    [](std::string_view w, Command& c) {
        auto rs = referee::find_rule_set(w);
        if (!rs) return false;
        c.rules = std::string(referee::rule_set_name(*rs));
        return c.hidden = true;
    },
};

bool challenge_arguments(const CommandArgs& a, Command& c) {
    const std::size_t n = a.tokens.size();
    if (n < 2) return false;
    const std::string address = core::lower_ascii(a.tokens[0]);
    const auto at = address.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == address.size()) return false;
    // The variant's name, or an alias the command line takes too (`kriegspiel` is hidden
    // chess, `crazykrieg` hidden crazyhouse: game_files.hpp resolve_variant).
    GameMeta variant;
    if (!resolve_variant(a.tokens[1], variant)) return false;
    c.argument = address;
    c.variant = variant.variant;
    c.hidden = variant.hidden;
    std::size_t i = 2;
    for (; i < n; ++i) {
        const std::string w = core::lower_ascii(a.tokens[i]);
        if (std::none_of(std::begin(ChallengeWords), std::end(ChallengeWords),
                         [&](ChallengeWord take) { return take(w, c); }))
            break;
    }
    if (i < n) {
        auto tc = parse_time_control(a.tokens[i]);
        if (!tc) return false;
        c.time = *tc;
        ++i;
    }
    return i == n;
}

// THE command table: one row per keyword command (moves, "any?" and `message:` are read by
// parse_move_line and parse_commands). Adding a command is one row here and its handler in the
// daemon (game_turn.cpp for Where::Game, club_mail.cpp for Where::Club).
constexpr CommandSpec Table[] = {
    {"resign", Kind::Resign, Where::Game, no_arguments},
    {"draw", Kind::Draw, Where::Game, no_arguments},
    {"accept", Kind::Accept, Where::Both, optional_argument},
    {"decline", Kind::Decline, Where::Both, optional_argument},
    {"board", Kind::Board, Where::Game, no_arguments},
    {"pgn", Kind::Pgn, Where::Game, no_arguments},
    {"games", Kind::Games, Where::Both, no_arguments},
    {"help", Kind::Help, Where::Both, no_arguments},
    {"leave", Kind::Leave, Where::Game, leave_days},
    {"say", Kind::Say, Where::Game, note_text},
    {"challenge", Kind::Challenge, Where::Club, challenge_arguments},
    {"join", Kind::Join, Where::Club, one_argument},
    {"withdraw", Kind::Withdraw, Where::Club, one_argument},
    {"standings", Kind::Standings, Where::Both, optional_argument},
    {"follow", Kind::Follow, Where::Club, one_argument},
    {"unfollow", Kind::Unfollow, Where::Club, one_argument},
    {"ratings", Kind::Ratings, Where::Club, optional_argument},  // README "Ratings"
};

// The text of `line` after its first token (leading and trailing white space removed).
std::string_view rest_after_first_token(std::string_view line) {
    std::size_t i = 0;
    const auto space = [&](std::size_t k) { return line[k] == ' ' || line[k] == '\t'; };
    while (i < line.size() && space(i)) ++i;
    while (i < line.size() && !space(i)) ++i;
    while (i < line.size() && space(i)) ++i;
    std::string_view rest = line.substr(i);
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
        rest.remove_suffix(1);
    return rest;
}

// Keyword commands; nullopt when the line is not one (or its arguments are wrong).
std::optional<Command> parse_keyword_line(std::vector<std::string> tokens, std::string_view line,
                                          int line_no) {
    if (tokens.empty()) return std::nullopt;
    // "Resign." / "draw!" at the end of a sentence.
    std::string& last = tokens.back();
    while (last.size() > 1 && (last.back() == '.' || last.back() == '!')) last.pop_back();
    const std::string word = core::lower_ascii(tokens[0]);
    const CommandSpec* spec = find_command(word);
    if (spec == nullptr) return std::nullopt;
    Command c;
    c.line = line_no;
    c.text = word;
    c.kind = spec->kind;
    tokens.erase(tokens.begin());
    if (!spec->parse(CommandArgs{tokens, rest_after_first_token(line)}, c)) return std::nullopt;
    return c;
}

// "message:" (any case) opening a line: the rest of the new text is a note to the opponent.
std::optional<std::string_view> message_block_start(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (core::lower_ascii(line.substr(i, 8)) != "message:") return std::nullopt;
    return line.substr(i + 8);
}

std::string trim_block(std::string_view text) {
    std::string out(text);
    const auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
    while (!out.empty() && blank(out.back())) out.pop_back();
    std::size_t b = 0;
    while (b < out.size() && blank(out[b])) ++b;
    return out.substr(b);
}

}  // namespace

const CommandSpec* find_command(std::string_view word) {
    // Trailing '.' / '!' of a sentence ("Resign.") do not change the word.
    while (word.size() > 1 && (word.back() == '.' || word.back() == '!')) word.remove_suffix(1);
    const std::string w = core::lower_ascii(word);
    for (const CommandSpec& spec : Table)
        if (w == spec.word) return &spec;
    return nullptr;
}

bool valid_at(Command::Kind kind, Where where) {
    if (kind == Kind::Move || kind == Kind::AnyQuery || kind == Kind::Message)
        return where == Where::Game;
    if (kind == Kind::Unknown) return false;
    for (const CommandSpec& spec : Table)
        if (spec.kind == kind) return (static_cast<int>(spec.where) & static_cast<int>(where)) != 0;
    return false;
}

std::vector<Command> parse_commands(std::string_view text) {
    std::vector<Command> out;
    int line_no = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        ++line_no;
        start = end + 1;
        if (auto block = message_block_start(line)) {
            Command c;
            c.kind = Kind::Message;
            c.line = line_no;
            c.text = "message:";
            const std::size_t from = static_cast<std::size_t>(block->data() - text.data());
            c.note = trim_block(text.substr(from));
            if (!c.note.empty()) out.push_back(std::move(c));
            break;
        }
        const std::vector<std::string> tokens = tokenize(line);
        if (tokens.empty()) continue;
        if (auto keyword = parse_keyword_line(tokens, line, line_no)) {
            out.push_back(std::move(*keyword));
        } else if (auto moves = parse_move_line(tokens, line_no)) {
            for (Command& c : *moves) out.push_back(std::move(c));
        } else {
            Command c;
            c.kind = Kind::Unknown;
            c.line = line_no;
            while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
                line.remove_suffix(1);
            c.text = std::string(line);
            out.push_back(std::move(c));
        }
    }
    return out;
}

core::Result<void, StaleMail> check_move_numbers(const std::vector<Command>& commands,
                                                 int current_move, rules::Color side_to_move) {
    for (const Command& c : commands) {
        if (!c.move_number) continue;
        const bool wrong_number = *c.move_number != current_move;
        const bool black_when_white =
            c.numbered_side == rules::Color::Black && side_to_move == rules::Color::White;
        if (wrong_number || black_when_white) {
            return core::unexpected(StaleMail{c.line, *c.move_number, current_move});
        }
    }
    return {};
}

}  // namespace ck::daemon
