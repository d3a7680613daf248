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
//   roster TOURNAMENT EMAIL ...   (club: a team match's captain sets the roster, board 1 first;
//                                  team_matches.hpp)
//   say TEXT   a note to the opponent (the rest of the line as written)
//   message:   a line opening with it: the rest of the line and every line after it, up to the
//              end of the new text, is a note to the opponent (no commands are read there)
//   if COND then MOVES ...   a conditional move line (docs/conditionals.md), kept as written
//   conditional:  a line opening with it: the rest of the line and the lines after it, up to
//              a blank line or the end of the new text, are conditional lines (the PGN form
//              with variations included); one Conditional command
//   conditionals | conditional clear [N]   list the sender's conditional moves, clear them
// Every command is a row of one table (CommandSpec, find_command): the word, how its arguments
// parse, and its handlers (where the command is valid: a game's reply address, the plain
// referee address, or both). A mail's commands run through their rows in the order written
// (mail_run.hpp; docs/mail-protocol.md "In what order a mail's commands act"). Adding a command
// is one row and one handler function.
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
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "league/time_control.hpp"
#include "referee/rule_set.hpp"
#include "rules/types.hpp"

namespace ck::daemon {

// The typed arguments of the commands (Command::args), one small struct per shape; a row's
// parser makes the shape of its command and its handler reads that shape.
struct MoveArgs {                               // Move, AnyQuery
    std::optional<int> move_number;             // the number written on its line
    std::optional<rules::Color> numbered_side;  // White for "12.", Black for "12..."
    std::string comment;  // the rest of its line after the moves, as written (not a move:
                          // quoted back, never acted on)
};
struct WordArg {  // the one word, as written: Accept/Decline [ID], Join/Withdraw TOURNAMENT,
                  // Standings [TOURNAMENT], Follow/Unfollow GAME, Ratings [POOL],
                  // ConditionalClear [N]; ViewQuery: the whole query ("p n")
    std::string argument;  // empty when optional and not given
};
struct LeaveArgs {
    int days = 0;  // 1..365
};
struct ByeArgs {
    std::string tournament;  // empty: the one Swiss under way the sender plays in
    int round = 0;           // 1..99
};
struct ChallengeArgs {
    std::string address;  // lower case (a bot's NAME: bots.hpp with_bot_names)
    std::string variant;  // lower-case variant name
    bool hidden = false;  // hidden play (the word, a rule set, or the variant)
    bool casual = false;  // the word `casual`
    // The rule set (docs/rulesets.md).
    referee::RuleSet rules = referee::RuleSet::CrazyKrieg;
    std::optional<league::TimeControl> time;  // none: the club's default
};
struct NoteArgs {  // Say, Message: the player's words; Conditional: the conditional lines
    std::string note;
};
struct RosterArgs {                      // Roster (team_matches.hpp)
    std::string tournament;              // as written
    std::vector<std::string> addresses;  // board 1 first, each holding an '@'
};
struct SetArgs {
    std::string key;    // mail | reminders | view (player_settings.hpp)
    std::string value;  // as written: the settings answer says what is wrong with it
};

struct Command {
    enum class Kind : std::uint8_t {
        Move,      // MoveArgs; text = the move as parse_move_text accepted it
        AnyQuery,  // MoveArgs; "any?"
        Resign,
        Draw,
        Decline,  // WordArg: optional challenge id
        Accept,   // WordArg: optional challenge id
        Board,
        Pgn,
        Games,
        Help,
        Leave,             // LeaveArgs
        Challenge,         // ChallengeArgs
        Join,              // WordArg: tournament
        Withdraw,          // WordArg: tournament
        Bye,               // ByeArgs (tournament_entries.hpp)
        Roster,            // RosterArgs (team_matches.hpp)
        Standings,         // WordArg: optional tournament
        Follow,            // WordArg: game
        Unfollow,          // WordArg: game
        Say,               // NoteArgs: the rest of the line
        Message,           // NoteArgs: the block after "message:"
        Ratings,           // WordArg: optional pool (league/ratings.hpp)
        Set,               // SetArgs (player_settings.hpp)
        Settings,          // the sender's settings
        ViewQuery,         // WordArg: the query as compose::parse_view_query reads it ("p n")
        Conditional,       // NoteArgs: `if ... then ...` line, or a `conditional:` block's lines
        Conditionals,      // list the sender's conditional moves
        ConditionalClear,  // WordArg: optional line number (`conditional clear [N]`)
        Unknown,           // text = the line as written
    };
    using Args = std::variant<std::monostate, MoveArgs, WordArg, LeaveArgs, ByeArgs, ChallengeArgs,
                              NoteArgs, SetArgs, RosterArgs>;
    Kind kind = Kind::Unknown;
    std::string text;  // move text (Move), the whole line (Unknown), else the keyword
    Args args;         // the shape of `kind` (above); monostate: none
    int line = 0;      // 1-based line in the text

    // The arguments as the shape `A` of this command's kind (std::bad_variant_access when the
    // kind has another: a handler reading the wrong shape is a bug).
    template <class A>
    const A& as() const {
        return std::get<A>(args);
    }
    template <class A>
    A& as() {
        return std::get<A>(args);
    }
    // The WordArg's word, or empty (no word given, or a command of another shape).
    const std::string& argument() const {
        static const std::string none;
        const auto* w = std::get_if<WordArg>(&args);
        return w ? w->argument : none;
    }
};

// Where a mail came: a game's reply address (Game), the plain referee address (Club).
enum class Where : std::uint8_t { Game = 1, Club = 2, Both = 3 };

// The arguments of a keyword line: its tokens after the keyword, and the rest of the line as
// written (for `say`).
struct CommandArgs {
    const std::vector<std::string>& tokens;
    std::string_view rest;
};

struct MailRun;  // mail_run.hpp: one mail's run through the table

// A row's handler: acts on one command of a mail, in the order written, inside the mail's one
// transaction, and adds its answer to the run (mail_run.hpp).
using CommandHandler = core::Result<void, core::Error> (*)(MailRun& run, const Command& command);

// When a command valid at a game's reply address is valid there: Always (it asks the referee
// something: board, pgn, help, games, standings, a view query, a note, leave, settings), or
// WhileInPlay (it acts on the game itself: a move, `any?`, resign, a draw offer or answer, a
// conditional move stored or cleared). A mail holding a WhileInPlay command to a game already
// over gets the refusal "The game is over, so nothing was played." in its answer
// (game_turn.hpp); its other lines are answered as usual.
enum class InGame : std::uint8_t { Always, WhileInPlay };

// One row of THE command table (commands.cpp): the word, its parser and its handlers. Where the
// command is valid is which handlers it has: `at_game` for a mail to a game's reply address,
// `at_club` for a mail to the plain referee address (both: valid at both); at a game's address,
// `in_game` says whether it needs the game in play. Adding a command is one row there and one
// handler function (declared in command_handlers.hpp). `parse` fills the Command's fields;
// false makes the line Unknown. Lines that are no keyword (moves, "any?",
// `message:`, `conditional:`, a line not understood) have rows without a word or parser.
// A new optional word of `challenge` is one row of ChallengeWords in commands.cpp.
struct CommandSpec {
    const char* word;  // lower case; null: a line that is no keyword
    Command::Kind kind;
    bool (*parse)(const CommandArgs& args, Command& command);
    CommandHandler at_game;  // null: not valid at a game's reply address
    CommandHandler at_club;  // null: not valid at the plain referee address
    // At a game's reply address, when the command is valid (InGame above).
    InGame in_game = InGame::Always;
    Where where() const;
};

// The row for `word` (any case, a trailing '.' or '!' ignored), or nullptr.
const CommandSpec* find_command(std::string_view word);

// The row of a parsed command's `kind` (every kind has one).
const CommandSpec& command_row(Command::Kind kind);

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
