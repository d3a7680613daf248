#include "daemon/commands.hpp"

#include <algorithm>
#include <cctype>

#include "compose/view_queries.hpp"
#include "core/text.hpp"
#include "daemon/command_handlers.hpp"
#include "league/game_files.hpp"
#include "referee/rule_set.hpp"
#include "rules/move_list.hpp"
#include "rules/notation.hpp"

namespace ck::daemon {

using league::GameMeta;
using league::parse_time_control;
using league::resolve_variant;

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
        c.args = NoteArgs{std::move(note)};
        out.push_back(std::move(c));
        return;
    }
    out.back().as<MoveArgs>().comment = std::string(rest);
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
        MoveArgs args;
        if (number) {
            args.move_number = number->number;
            args.numbered_side = number->side;
        }
        c.args = std::move(args);
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
    c.args = WordArg{a.tokens.size() == 1 ? a.tokens[0] : std::string()};
    return true;
}

bool one_argument(const CommandArgs& a, Command& c) {
    if (a.tokens.size() != 1) return false;
    c.args = WordArg{a.tokens[0]};
    return true;
}

bool leave_days(const CommandArgs& a, Command& c) {
    if (a.tokens.size() != 1 || !all_digits(a.tokens[0])) return false;
    const int days = std::stoi(a.tokens[0]);
    c.args = LeaveArgs{days};
    return days >= 1 && days <= 365;
}

// `bye [TOURNAMENT] ROUND`: a requested bye in a Swiss event.
bool bye_arguments(const CommandArgs& a, Command& c) {
    const std::size_t n = a.tokens.size();
    if (n < 1 || n > 2) return false;
    const std::string& round = a.tokens[n - 1];
    if (!all_digits(round) || round.size() > 2) return false;
    const ByeArgs bye{n == 2 ? a.tokens[0] : std::string(), std::stoi(round)};
    c.args = bye;
    return bye.round >= 1;
}

// `roster TOURNAMENT EMAIL...` (team_matches.hpp): the addresses, board 1 first; each must
// hold an '@'.
bool roster_arguments(const CommandArgs& a, Command& c) {
    if (a.tokens.size() < 2) return false;
    RosterArgs roster{a.tokens[0], {}};
    for (std::size_t i = 1; i < a.tokens.size(); ++i) {
        if (a.tokens[i].find('@') == std::string::npos) return false;
        roster.addresses.push_back(a.tokens[i]);
    }
    c.args = std::move(roster);
    return true;
}

// `say TEXT`: the rest of the line as written (a note to the opponent).
bool note_text(const CommandArgs& a, Command& c) {
    c.args = NoteArgs{std::string(a.rest)};
    return !a.rest.empty();
}

// `if COND then MOVES ...` (docs/conditionals.md): the whole line, read when it is stored.
bool conditional_line(const CommandArgs& a, Command& c) {
    if (a.tokens.empty()) return false;
    c.args = NoteArgs{"if " + std::string(a.rest)};
    return true;
}

// `conditional clear [N]`.
bool conditional_clear(const CommandArgs& a, Command& c) {
    if (a.tokens.empty() || a.tokens.size() > 2 || core::lower_ascii(a.tokens[0]) != "clear")
        return false;
    if (a.tokens.size() == 2 && !all_digits(a.tokens[1])) return false;
    c.args = WordArg{a.tokens.size() == 2 ? a.tokens[1] : std::string()};
    return true;
}

// `set KEY VALUE...` (player_settings.hpp): the key one of the settings, the value as written
// (checked by the settings answer, which says what is wrong with it).
bool setting(const CommandArgs& a, Command& c) {
    if (a.tokens.size() < 2) return false;
    const std::string key = core::lower_ascii(a.tokens[0]);
    if (key != "mail" && key != "reminders" && key != "view") return false;
    c.args = SetArgs{key, std::string(rest_after_first_token(a.rest))};
    return true;
}

// The list view's queries (compose/view_queries.hpp): the keyword (already in c.text) and its
// argument must read as one; the argument keeps the whole query for the handler.
bool view_query(const CommandArgs& a, Command& c) {
    std::string line = c.text;
    for (const std::string& t : a.tokens) line += " " + t;
    if (!compose::parse_view_query(line)) return false;
    c.args = WordArg{core::lower_ascii(line)};
    return true;
}

// The optional words of `challenge ADDRESS VARIANT [WORD...] [TIME]`, in any order before TIME:
// each row takes a lower-case word it knows into the arguments and says so (one row per word
// or family of words).
using ChallengeWord = bool (*)(std::string_view word, ChallengeArgs& c);
constexpr ChallengeWord ChallengeWords[] = {
    [](std::string_view w, ChallengeArgs& c) { return w == "hidden" && (c.hidden = true); },
    [](std::string_view w, ChallengeArgs& c) {
        return w == "casual" && !c.casual && (c.casual = true);
    },
    // A rule-set name (docs/rulesets.md) implies hidden play.
    [](std::string_view w, ChallengeArgs& c) {
        auto rs = referee::find_rule_set(w);
        if (!rs) return false;
        c.rules = *rs;
        return c.hidden = true;
    },
};

bool challenge_arguments(const CommandArgs& a, Command& command) {
    ChallengeArgs c;
    const std::size_t n = a.tokens.size();
    if (n < 2) return false;
    const std::string address = core::lower_ascii(a.tokens[0]);
    const auto at = address.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == address.size()) return false;
    // The variant's name, or an alias the command line takes too (`kriegspiel` is hidden
    // chess, `crazykrieg` hidden crazyhouse: game_files.hpp resolve_variant).
    GameMeta variant;
    if (!resolve_variant(a.tokens[1], variant)) return false;
    c.address = address;
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
    command.args = std::move(c);
    return i == n;
}

// THE command table (commands.hpp): one row per command, its word, parser, handlers
// (command_handlers.hpp) and, for the commands that act on a game, InPlay (InGame::WhileInPlay:
// refused once the game is over). Adding a command is one row here and one handler function.
constexpr InGame InPlay = InGame::WhileInPlay;
constexpr CommandSpec Table[] = {
    // Lines that are no keyword: the try list, notes, and what is not understood.
    {nullptr, Kind::Move, nullptr, game_try, nullptr, InPlay},
    {nullptr, Kind::AnyQuery, nullptr, game_try, nullptr, InPlay},
    {nullptr, Kind::Message, nullptr, game_note, nullptr},
    {nullptr, Kind::Unknown, nullptr, game_unknown, club_unknown},
    {"resign", Kind::Resign, no_arguments, game_try, nullptr, InPlay},
    {"draw", Kind::Draw, no_arguments, game_draw, nullptr, InPlay},
    // A draw offer's answer in a game; a challenge's (`accept N`) in the club.
    {"accept", Kind::Accept, optional_argument, game_draw, club_challenge, InPlay},
    {"decline", Kind::Decline, optional_argument, game_draw, club_challenge, InPlay},
    {"board", Kind::Board, no_arguments, game_board, nullptr},
    {"pgn", Kind::Pgn, no_arguments, game_pgn, nullptr},
    {"games", Kind::Games, no_arguments, game_games, club_games},
    {"help", Kind::Help, no_arguments, game_help, club_help},
    {"leave", Kind::Leave, leave_days, game_leave, nullptr},
    {"say", Kind::Say, note_text, game_note, nullptr},
    {"challenge", Kind::Challenge, challenge_arguments, nullptr, club_challenge},
    {"join", Kind::Join, one_argument, nullptr, club_entry},
    {"withdraw", Kind::Withdraw, one_argument, nullptr, club_entry},
    {"bye", Kind::Bye, bye_arguments, nullptr, club_entry},  // tournament_entries.hpp (a Swiss)
    {"roster", Kind::Roster, roster_arguments, nullptr, club_roster},  // team_matches.hpp
    {"standings", Kind::Standings, optional_argument, game_standings, club_standings},
    {"follow", Kind::Follow, one_argument, nullptr, club_follow},
    {"unfollow", Kind::Unfollow, one_argument, nullptr, club_follow},
    {"ratings", Kind::Ratings, optional_argument, nullptr, club_ratings},  // README "Ratings"
    // Conditional moves (docs/conditionals.md; daemon/conditional_mail.hpp).
    {"if", Kind::Conditional, conditional_line, game_conditional, nullptr, InPlay},
    {"conditionals", Kind::Conditionals, no_arguments, game_conditional, nullptr},
    {"conditional", Kind::ConditionalClear, conditional_clear, game_conditional, nullptr, InPlay},
    {"set", Kind::Set, setting, run_setting, run_setting},  // player_settings.hpp
    {"settings", Kind::Settings, no_arguments, run_setting, run_setting},
    // The list view's queries and their short aliases (README "Mail protocol for players").
    {"pieces", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"p", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"file", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"rank", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"s", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"last", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"l", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"clock", Kind::ViewQuery, view_query, game_view_query, nullptr},
    {"c", Kind::ViewQuery, view_query, game_view_query, nullptr},
};

// Every kind of command has a row (command_row).
constexpr bool every_kind_has_a_row() {
    for (int k = 0; k <= static_cast<int>(Kind::Unknown); ++k) {
        bool found = false;
        for (const CommandSpec& spec : Table) found = found || static_cast<int>(spec.kind) == k;
        if (!found) return false;
    }
    return true;
}
static_assert(every_kind_has_a_row(), "a kind of Command without a row in the command table");

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
        if (spec.word != nullptr && w == spec.word) return &spec;
    return nullptr;
}

Where CommandSpec::where() const {
    return static_cast<Where>((at_game != nullptr ? static_cast<int>(Where::Game) : 0) |
                              (at_club != nullptr ? static_cast<int>(Where::Club) : 0));
}

const CommandSpec& command_row(Command::Kind kind) {
    for (const CommandSpec& spec : Table)
        if (spec.kind == kind) return spec;
    return Table[3];  // unreachable: every kind has a row (static_assert above)
}

bool valid_at(Command::Kind kind, Where where) {
    if (kind == Kind::Unknown) return false;
    return (static_cast<int>(command_row(kind).where()) & static_cast<int>(where)) != 0;
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
            std::string note = trim_block(text.substr(from));
            c.args = NoteArgs{note};
            if (!note.empty()) out.push_back(std::move(c));
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
            std::string note = trim_block(lines);
            if (note.empty()) {
                c.kind = Kind::Unknown;
                c.text = std::string(line);
            } else {
                c.args = NoteArgs{std::move(note)};
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
        const auto* m = std::get_if<MoveArgs>(&c.args);
        if (m == nullptr || !m->move_number) continue;
        const bool wrong_number = *m->move_number != current_move;
        const bool black_when_white =
            m->numbered_side == rules::Color::Black && side_to_move == rules::Color::White;
        if (wrong_number || black_when_white) {
            return core::unexpected(StaleMail{c.line, *m->move_number, current_move,
                                              !wrong_number && black_when_white});
        }
    }
    return {};
}

}  // namespace ck::daemon
