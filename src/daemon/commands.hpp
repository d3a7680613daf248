#pragma once
// The commands in the new text of a player's mail (docs/mail-protocol.md "What the referee reads").
// One command a line, keywords case-insensitive; blank lines skipped. Recognised lines:
//   moves      one or more move attempts separated by spaces, commas or semicolons, in order,
//              forming the mail's try list with the move lines before and after it
//              ("e4", "Nf3, Nc3", "any? Nf3 Ng5"); optionally led by a move number
//              ("12. Nf3", "12.Nf3", "12... Nf6", "12...Nf6", "12. ... Nf6") that applies to
//              every move on that line. A token is a move when rules::parse_move_text accepts
//              it as written or re-cased (phones capitalise: "E4" -> "e4", "NF3" -> "Nf3").
//              No chess is checked here. PGN habit "1. e4 e5" is read as a try list of two
//              attempts for move 1 (a mail carries one turn). The attempts end at the first
//              word that is none: a lone annotation ("e5 !", "e5 $1") is skipped; a PGN
//              comment "{...}" ending the line becomes a `say` note; any other rest of the line
//              ("e5 (book)", "e5 thanks") is the last move's `comment`, quoted back and never
//              read as a move. A line whose first word is no move, or with a second move number
//              ("1. e4 e5 2. Nf3": a game pasted), is Unknown.
//   any?       Kriegspiel "Are there any?" (also "any", "any ?"), part of the try list.
//   resign | draw | decline [ID] | accept [ID] | board | pgn | games | help
//   leave N    N days of leave, 1..365
//   challenge ADDRESS VARIANT [hidden] [RULES] [casual] [TIME]   (club: invite a player; TIME as
//                                `--time`; RULES a rule-set name, which implies hidden;
//                                a bot's NAME for ADDRESS: daemon/bots.hpp with_bot_names)
//   join TOURNAMENT | withdraw TOURNAMENT | standings [TOURNAMENT] | follow GAME | unfollow GAME
//   bye [TOURNAMENT] ROUND   (club: a requested bye in a Swiss event, round 1..99)
//   say TEXT   a note to the opponent (the rest of the line as written)
//   message:   a line opening with it: the rest of the line and every line after it, up to the
//              end of the new text, is a note to the opponent (no commands are read there)
//   if COND then MOVES ...   a conditional move line (docs/conditionals.md), kept as written
//   conditional:  a line opening with it: the rest of the line and the lines after it, up to
//              a blank line or the end of the new text, are conditional lines (the PGN form
//              with variations included); one Conditional command
//   conditionals | conditional clear [N]   list the sender's conditional moves, clear them
// Keyword commands are rows of one table (find_command): the word, where the command is valid
// (a game's reply address, the plain referee address, or both) and how its arguments parse.
//   join TOURNAMENT | withdraw TOURNAMENT | standings [TOURNAMENT] | follow GAME | unfollow GAME |
//   ratings [POOL] (club/ratings.hpp pools) |
//   set mail|reminders|view VALUE | settings    (the sender's own settings, player_settings.hpp;
//                                                answered by settings_mail.hpp at either address) |
//   pieces N | file a | rank 4 | last | clock, and their aliases p N | s a | s 4 | l | c: the
//              list view's queries (compose/view_queries.hpp), answered in the one reply
// `decline`/`accept` answer a pending draw offer or challenge; the daemon decides which by
// context (ID names a challenge when several are pending). Keyword lines may end in '.' or '!'.
// Anything else -> Unknown with the line as written (quoted back with `help`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "daemon/time_control.hpp"
#include "rules/types.hpp"

namespace ck::daemon {

struct Command {
    enum class Kind : std::uint8_t {
        Move,      // text = the move as parse_move_text accepted it
        AnyQuery,  // "any?"
        Resign,
        Draw,
        Decline,  // argument = optional challenge id
        Accept,   // argument = optional challenge id
        Board,
        Pgn,
        Games,
        Help,
        Leave,         // days
        Challenge,     // argument = address, variant, hidden, time
        Join,          // argument = tournament
        Withdraw,      // argument = tournament
        Bye,           // round; argument = optional tournament (tournament_entries.hpp)
        Roster,        // argument = tournament, value = addresses by board (team_matches.hpp)
        Standings,     // argument = optional tournament
        Follow,        // argument = game
        Unfollow,      // argument = game
        Say,           // note = the rest of the line
        Message,       // note = the block after "message:"
        Ratings,       // argument = optional pool (daemon/ratings.hpp)
        Set,           // argument = mail | reminders | view, value = the rest (player_settings.hpp)
        Settings,      // the sender's settings
        ViewQuery,     // argument = the query as compose::parse_view_query reads it ("p n")
        Conditional,   // note = `if ... then ...` line, or a `conditional:` block's lines
        Conditionals,  // list the sender's conditional moves
        ConditionalClear,  // argument = optional line number (`conditional clear [N]`)
        Unknown,           // text = the line as written
    };
    Kind kind = Kind::Unknown;
    std::string text;                // move text (Move), the whole line (Unknown), else the keyword
    std::string argument;            // address / id / tournament / game, as written
    std::optional<int> move_number;  // Move/AnyQuery: number written on its line
    std::optional<rules::Color> numbered_side;  // White for "12.", Black for "12..."
    int days = 0;                               // Leave
    int round = 0;                              // Bye
    std::string variant;                        // Challenge: lower-case variant name
    bool hidden = false;                        // Challenge
    bool casual = false;                        // Challenge: the word `casual`
    std::string rules = "crazykrieg";           // Challenge: the rule set (docs/rulesets.md)
    std::optional<TimeControl> time;            // Challenge
    std::string note;                           // Say / Message: the player's words
    std::string value;    // Set: the setting's value, as written; Roster: the addresses
    std::string comment;  // Move/AnyQuery: the rest of its line after the moves, as written
                          // (not a move: quoted back, never acted on)
    int line = 0;         // 1-based line in the text
};

// Where a mail came: a game's reply address (Game), the plain referee address (Club).
enum class Where : std::uint8_t { Game = 1, Club = 2, Both = 3 };

// The arguments of a keyword line: its tokens after the keyword, and the rest of the line as
// written (for `say`).
struct CommandArgs {
    const std::vector<std::string>& tokens;
    std::string_view rest;
};

// One row of the command table: adding a command is adding a row here and a row for its handler
// in the daemon (GameHandlers in game_turn.cpp for Game, ClubHandlers in club_mail.cpp for
// Club; challenges.cpp and tournament_entries.cpp answer theirs before those). `parse` fills
// the Command's fields; false makes the line Unknown. A new optional word of `challenge` is
// one row of ChallengeWords in commands.cpp.
struct CommandSpec {
    const char* word;  // lower case
    Command::Kind kind;
    Where where;
    bool (*parse)(const CommandArgs& args, Command& command);
};

// The row for `word` (any case, a trailing '.' or '!' ignored), or nullptr.
const CommandSpec* find_command(std::string_view word);

// Whether a command of `kind` is acted on at `where` (moves, "any?" and notes only in a game).
bool valid_at(Command::Kind kind, Where where);

// Parses the new text (already cut by ck::mail). Never fails: unreadable lines become Unknown.
std::vector<Command> parse_commands(std::string_view text);

struct StaleMail {
    int line = 0;             // the line with the wrong number
    int written = 0;          // the number written
    int expected = 0;         // the current move number
    bool wrong_side = false;  // the current number, written as Black's ("3...") while White is
                              // to move 3
};

// docs/mail-protocol.md: "a line may carry the move number: if it is not the current move the whole
// mail is refused as stale". Refuses when a numbered move line's number differs from current_move,
// or when "N..." (Black's move) is written while White is to move. "N." while Black is to move is
// accepted: people write "12. Nf6" loosely, and a player only ever moves their own side, so only
// the number can show that the mail answers an old position.
[[nodiscard]] core::Result<void, StaleMail> check_move_numbers(const std::vector<Command>& commands,
                                                               int current_move,
                                                               rules::Color side_to_move);

}  // namespace ck::daemon
