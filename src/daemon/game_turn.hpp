#pragma once
// A player's mail to one of their games (AuthVerdict::Accept; docs/mail-protocol.md "What the
// referee reads"): opens the game's session through the repository (league/game_session.hpp),
// runs the mail's commands in order through the command table, settles the session's events
// (game_end.hpp settle_game) and composes every answer from them, into the caller's
// transaction, which commits them with the ledger entry (all or nothing). A command that acts
// on the game changes the session (its events); one that asks for something (board, pgn,
// help, games, standings, leave, a view query) is recorded as a typed ask in the order
// written and answered once every line has acted, from the game as the mail leaves it
// (docs/mail-protocol.md "In what order a mail's commands act"). A mail to a game already over
// that holds a command acting on it (its row's InGame::WhileInPlay, commands.hpp) is refused.
//   moves / any? / resign   the try list, ruled by the referee and recorded; both players get
//                           the turn mail, or the game-end mail when the game ended
//   draw                    offers a draw, or accepts the opponent's pending offer: the game
//                           ends 1/2-1/2 by agreement (game_session.hpp; game_end.hpp settle_game)
//   accept                  accepts the opponent's pending draw offer (else unknown command)
//   decline                 declines the opponent's pending draw offer
//   pgn                     mails the sender their own player record as an attachment; the
//                           referee's full record once the game is over (or in open play)
//   board, help, games      the sender's view, the help mail, the games list (club_mail.hpp)
//   say TEXT / message:     a note to the opponent: added to the opponent's mail of this
//                           turn (else their board) under "NAME writes:", every line quoted;
//                           kept in game.ini and in the record as a comment of this ply;
//                           the sender's answer quotes it under "Passed on to NAME:".
//                           Followers see notes only in the record at the game's end.
// Draw offers lapse when the offerer's opponent has a move played; the offerer is told.
// Game-end mails carry the referee's full record as a PGN attachment (hidden and open games).
#include <optional>
#include <string>

#include "compose/compose.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/auth.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_desk.hpp"
#include "league/config.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "mail/message.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

struct MailRun;  // mail_run.hpp

// Handles an Accept verdict's mail (v.game, v.colour) whose new text parsed as `commands`.
// `discriminator` is derived from the incoming Message-ID. The caller marks the Message-ID
// seen. Everything said to the sender goes out as one mail (README "What a reply may
// contain"): lines not acted on are quoted in it ("Not understood, nothing done:"); only when
// nothing else is said do they get the unknown-command mail. `arrived`: when the mail reached
// the source; the mover's time runs to it (game_clock.hpp counted_arrival).
// The commands run in the order written through the command table (mail_run.hpp), in `run`
// when given (the caller then calls finish_mail, which answers the `set` lines), else in a run
// of this game's own that acts on no `set` line.
core::Result<void, core::Error> answer_game_mail(
    const GameDesk& desk, const mail::MailMessage& message, const AuthVerdict& v,
    const std::vector<Command>& commands, const std::string& discriminator, store::Transaction& tx,
    std::optional<core::TimePoint> arrived = std::nullopt, MailRun* run = nullptr);

}  // namespace ck::daemon
