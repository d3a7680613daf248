#pragma once
// The handlers of the command table's rows (commands.hpp CommandSpec), declared apart from the
// table and from MailRun (mail_run.hpp) so that the table (commands.cpp) names them without
// including any handler's header: this header includes no header of src/daemon. Each handler
// is defined in the file that answers its command (named below) and includes mail_run.hpp.
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"

namespace ck::daemon {

struct MailRun;  // mail_run.hpp: one mail's run through the table
struct Command;  // commands.hpp

using Handled = core::Result<void, core::Error>;

// ---- The handlers, by the file that holds them ----

// game_turn.cpp: at a game's reply address (run.turn set). What they ask of the game is
// answered once the mail's commands have run (answer_game_mail).
Handled game_try(MailRun& run, const Command& c);          // a move, `any?`, `resign`
Handled game_draw(MailRun& run, const Command& c);         // `draw`, `accept`, `decline`
Handled game_board(MailRun& run, const Command& c);        // `board`
Handled game_pgn(MailRun& run, const Command& c);          // `pgn`
Handled game_games(MailRun& run, const Command& c);        // `games`
Handled game_help(MailRun& run, const Command& c);         // `help`
Handled game_standings(MailRun& run, const Command& c);    // `standings [TOURNAMENT]`
Handled game_leave(MailRun& run, const Command& c);        // `leave N`
Handled game_note(MailRun& run, const Command& c);         // `say`, `message:`
Handled game_conditional(MailRun& run, const Command& c);  // `if ...`, `conditional[s] ...`
Handled game_view_query(MailRun& run, const Command& c);   // `pieces`, `file`, ...
Handled game_unknown(MailRun& run, const Command& c);      // a line not understood
// club_mail.cpp: at the plain referee address.
Handled club_games(MailRun& run, const Command& c);      // `games`
Handled club_help(MailRun& run, const Command& c);       // `help`
Handled club_standings(MailRun& run, const Command& c);  // `standings [TOURNAMENT]`
Handled club_ratings(MailRun& run, const Command& c);    // `ratings [POOL]`
Handled club_follow(MailRun& run, const Command& c);     // `follow` / `unfollow`
Handled club_unknown(MailRun& run, const Command& c);    // a line not understood
// club_mail.cpp: a line the club address does not act on (a game command, or any command of
// a sender who writes to an address not theirs): quoted with the sender's games, or help.
Handled club_not_here(MailRun& run, const Command& c);
// challenges.cpp: `challenge ...`, `accept N`, `decline N` (a bare `accept`: club_not_here).
Handled club_challenge(MailRun& run, const Command& c);
// tournament_entries.cpp: `join`, `withdraw`, `bye`.
Handled club_entry(MailRun& run, const Command& c);
// team_matches.cpp: `roster TOURNAMENT EMAIL ...`.
Handled club_roster(MailRun& run, const Command& c);
// settings_mail.cpp, at both addresses: `set ...`, `settings`.
Handled run_setting(MailRun& run, const Command& c);

// The parts' ends, called by finish_mail in this order.
Handled finish_challenges(MailRun& run);
Handled finish_club(MailRun& run, const std::vector<Command>& commands);
Handled finish_settings(MailRun& run);

}  // namespace ck::daemon
