#include "daemon/commands.hpp"

#include <algorithm>
#include <cctype>

#include "compose/view_queries.hpp"
#include "core/text.hpp"
#include "daemon/game_files.hpp"
#include "referee/rule_set.hpp"
#include "rules/move_list.hpp"
#include "rules/notation.hpp"

namespace ck::daemon {
namespace {

using Kind = Command::Kind;

bool all_of_digits(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The words of a line and their offsets (rules/move_list.hpp: no-break spaces, tabs, commas and
// semicolons separate them too).
std::vector<std::string> tokenize(std::string_view line,
                                  std::vector<std::size_t>* starts = nullptr) {
    return rules::split_move_words(line, starts);
}

// An annotation standing alone after a move ("e5 !", "e5 !?", "e5 $1"): it changes nothing.
bool is_annotation(std::string_view token) {
    if (token.empty()) return false;
    if (token[0] == '$') return token.size() > 1 && all_of_digits(token.substr(1));
    return token.size() <= 2 && token.find_first_not_of("!?") == std::string_view::npos;
}

bool all_digits(std::string_view s) {
    return !s.empty() && s.size() <= 4 &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// Moves, move numbers and ellipses are read by rules/move_list.hpp, the one reader shared with
// the referee's conditional moves (docs/conditionals.md); this file adds what only a mail line
// has: word offsets, annotations and the comment after the moves.
using rules::is_ellipsis;
using rules::MoveNumber;
using rules::read_move_number;
std::optional<std::string> as_move(std::string_view token) { return rules::read_move_word(token); }

// The rest of a move line from its first word that is no move (README "What a move line may
// carry"): a PGN comment "{...}" becomes a note to the opponent (`say`); anything else is kept
// on the last move as its comment, quoted back to the sender, never read as a move.
void take_comment(std::string_view rest, int line_no, std::vector<Command>& out) {
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
        rest.remove_suffix(1);
    if (rest.empty()) return;
    if (rest.front() == '{' && rest.back() == '}' && rest.find('}') == rest.size() - 1) {
        std::string note(rest.substr(1, rest.size() - 2));
        while (!note.empty() && note.back() == ' ') note.pop_back();
        while (!note.empty() && note.front() == ' ') note.erase(note.begin());
        if (note.empty()) return;
        Command c;
        c.kind = Kind::Say;
        c.line = line_no;
        c.text = "say";
        c.note = std::move(note);
        out.push_back(std::move(c));
        return;
    }
    out.back().comment = std::string(rest);
}

// A line of move attempts (with "any?"), or nullopt when its first token is not one. The
// attempts end at the first word that is none (standalone annotations such as "!" skipped);
// the rest of the line is the comment (take_comment).
std::optional<std::vector<Command>> parse_move_line(std::vector<std::string> tokens,
                                                    std::vector<std::size_t> starts,
                                                    std::string_view line, int line_no) {
    std::optional<MoveNumber> number;
    if (!tokens.empty()) {
        number = read_move_number(tokens.front());
        if (number) {
            const std::size_t at = starts.front();
            const std::size_t len = tokens.front().size();
            tokens.erase(tokens.begin());
            starts.erase(starts.begin());
            if (!number->rest.empty()) {
                tokens.insert(tokens.begin(), number->rest);
                starts.insert(starts.begin(), at + len - number->rest.size());
            } else if (!tokens.empty() && is_ellipsis(tokens.front())) {
                number->side = rules::Color::Black;  // "12. ... Nf6"
                tokens.erase(tokens.begin());
                starts.erase(starts.begin());
            }
        }
    }
    std::vector<Command> out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        Command c;
        c.line = line_no;
        if (number) {
            c.move_number = number->number;
            c.numbered_side = number->side;
        }
        const std::string word = core::lower_ascii(tokens[i]);
        if (word == "any?" || word == "any") {
            if (word == "any" && i + 1 < tokens.size() && tokens[i + 1] == "?") ++i;
            c.kind = Kind::AnyQuery;
            c.text = "any?";
        } else if (auto move = as_move(tokens[i])) {
            c.kind = Kind::Move;
            c.text = *move;
        } else if (!out.empty() && is_annotation(tokens[i])) {
            continue;
        } else {
            // A second move number ("1. e4 e5 2. Nf3"): a game pasted, not one turn.
            if (out.empty() || read_move_number(tokens[i])) return std::nullopt;
            // From the end of the last word read, so that a PGN ";" stays with its comment.
            std::size_t from = i > 0 ? starts[i - 1] + tokens[i - 1].size() : starts[i];
            while (from < starts[i] && (line[from] == ' ' || line[from] == '\t' ||
                                        line[from] == ',' || line[from] == '\r'))
                ++from;
            take_comment(line.substr(from), line_no, out);
            return out;
        }
        out.push_back(std::move(c));
    }
    if (out.empty()) return std::nullopt;
    return out;
}

std::string_view rest_after_first_token(std::string_view line);

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

// `bye [TOURNAMENT] ROUND`: a requested bye in a Swiss event.
bool bye_arguments(const CommandArgs& a, Command& c) {
    const std::size_t n = a.tokens.size();
    if (n < 1 || n > 2) return false;
    const std::string& round = a.tokens[n - 1];
    if (!all_digits(round) || round.size() > 2) return false;
    c.round = std::stoi(round);
    if (n == 2) c.argument = a.tokens[0];
    return c.round >= 1;
}

// `roster TOURNAMENT EMAIL...` (team_matches.hpp): the addresses, board 1 first, in `value`
// joined by single spaces; each must hold an '@'.
bool roster_arguments(const CommandArgs& a, Command& c) {
    if (a.tokens.size() < 2) return false;
    c.argument = a.tokens[0];
    for (std::size_t i = 1; i < a.tokens.size(); ++i) {
        if (a.tokens[i].find('@') == std::string::npos) return false;
        c.value += (i == 1 ? "" : " ") + a.tokens[i];
    }
    return true;
}

// `say TEXT`: the rest of the line as written (a note to the opponent).
bool note_text(const CommandArgs& a, Command& c) {
    c.note = std::string(a.rest);
    return !c.note.empty();
}

// `if COND then MOVES ...` (docs/conditionals.md): the whole line, read when it is stored.
bool conditional_line(const CommandArgs& a, Command& c) {
    if (a.tokens.empty()) return false;
    c.note = "if " + std::string(a.rest);
    return true;
}

// `conditional clear [N]`.
bool conditional_clear(const CommandArgs& a, Command& c) {
    if (a.tokens.empty() || a.tokens.size() > 2 || core::lower_ascii(a.tokens[0]) != "clear")
        return false;
    if (a.tokens.size() == 2) {
        if (!all_digits(a.tokens[1])) return false;
        c.argument = a.tokens[1];
    }
    return true;
}

// `set KEY VALUE...` (player_settings.hpp): the key one of the settings, the value as written
// (checked by the settings answer, which says what is wrong with it).
bool setting(const CommandArgs& a, Command& c) {
    if (a.tokens.size() < 2) return false;
    const std::string key = core::lower_ascii(a.tokens[0]);
    if (key != "mail" && key != "reminders" && key != "view") return false;
    c.argument = key;
    const std::string_view rest = rest_after_first_token(a.rest);
    c.value = std::string(rest);
    return true;
}

// The list view's queries (compose/view_queries.hpp): the keyword (already in c.text) and its
// argument must read as one; the argument keeps the whole query for the handler.
bool view_query(const CommandArgs& a, Command& c) {
    std::string line = c.text;
    for (const std::string& t : a.tokens) line += " " + t;
    if (!compose::parse_view_query(line)) return false;
    c.argument = core::lower_ascii(line);
    return true;
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
    {"bye", Kind::Bye, Where::Club, bye_arguments},           // tournament_entries.hpp (a Swiss)
    {"roster", Kind::Roster, Where::Club, roster_arguments},  // team_matches.hpp
    {"standings", Kind::Standings, Where::Both, optional_argument},
    {"follow", Kind::Follow, Where::Club, one_argument},
    {"unfollow", Kind::Unfollow, Where::Club, one_argument},
    {"ratings", Kind::Ratings, Where::Club, optional_argument},  // README "Ratings"
    // Conditional moves (docs/conditionals.md; daemon/conditional_mail.hpp).
    {"if", Kind::Conditional, Where::Game, conditional_line},
    {"conditionals", Kind::Conditionals, Where::Game, no_arguments},
    {"conditional", Kind::ConditionalClear, Where::Game, conditional_clear},
    {"set", Kind::Set, Where::Both, setting},  // player_settings.hpp
    {"settings", Kind::Settings, Where::Both, no_arguments},
    // The list view's queries and their short aliases (README "Mail protocol for players").
    {"pieces", Kind::ViewQuery, Where::Game, view_query},
    {"p", Kind::ViewQuery, Where::Game, view_query},
    {"file", Kind::ViewQuery, Where::Game, view_query},
    {"rank", Kind::ViewQuery, Where::Game, view_query},
    {"s", Kind::ViewQuery, Where::Game, view_query},
    {"last", Kind::ViewQuery, Where::Game, view_query},
    {"l", Kind::ViewQuery, Where::Game, view_query},
    {"clock", Kind::ViewQuery, Where::Game, view_query},
    {"c", Kind::ViewQuery, Where::Game, view_query},
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

// "conditional:" (any case) opening a line: the rest of the line and the lines after it, up to
// a blank line, are conditional lines.
std::optional<std::string_view> conditional_block_start(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (core::lower_ascii(line.substr(i, 12)) != "conditional:") return std::nullopt;
    return line.substr(i + 12);
}

bool blank_line(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
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
        if (auto block = conditional_block_start(line)) {
            Command c;
            c.kind = Kind::Conditional;
            c.line = line_no;
            c.text = "conditional:";
            std::string lines(*block);
            while (start < text.size()) {
                auto next = text.find('\n', start);
                if (next == std::string_view::npos) next = text.size();
                const std::string_view more = text.substr(start, next - start);
                if (blank_line(more)) break;
                lines += "\n" + std::string(more);
                ++line_no;
                start = next + 1;
            }
            c.note = trim_block(lines);
            if (c.note.empty()) {
                c.kind = Kind::Unknown;
                c.text = std::string(line);
            }
            out.push_back(std::move(c));
            continue;
        }
        std::vector<std::size_t> starts;
        const std::vector<std::string> tokens = tokenize(line, &starts);
        if (tokens.empty()) continue;
        if (auto keyword = parse_keyword_line(tokens, line, line_no)) {
            out.push_back(std::move(*keyword));
        } else if (auto moves = parse_move_line(tokens, starts, line, line_no)) {
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
            return core::unexpected(
                StaleMail{c.line, *c.move_number, current_move, !wrong_number && black_when_white});
        }
    }
    return {};
}

}  // namespace ck::daemon
