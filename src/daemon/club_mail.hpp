#pragma once
// Answers to mail that acts on no game (docs/mail-protocol.md "Who may act", "What the referee
// reads"):
//   - `games` (my games): the games-list mail, from a game's reply address (Accept) or from a
//     plain mail to the referee address (ClubMail) or any other address of the referee
//     (RefuseKnownPlayer). It goes only to the player's REGISTERED address and lists only that
//     player's own games, each from that player's own PlayerView, so a forged From learns
//     nothing and shows nothing of a game the player could not see.
//   - ClubMail / RefuseKnownPlayer: `games` and `help` are answered; the first unknown line is
//     quoted back with help (unknown-command), with what is wrong when it starts with a
//     command's word (command_problems.hpp). Under ClubMail, game commands sent to no game (a
//     move, `resign`, `leave N`, `draw`, `say`, ...) are quoted back in the games-list mail,
//     which says they belong in a reply to the game's mail and lists the sender's games;
//     anything else (an empty mail, any command under RefuseKnownPlayer) gets the help mail.
//     `standings [TOURNAMENT]`: the crosstable mail (daemon/standings_mail.hpp answer_standings).
//     `follow GAME` makes the sender a follower (daemon/spectators.hpp), `unfollow GAME` ends
//     it. `challenge ...`, `accept N`, `decline N` in ClubMail are answered by
//     daemon/challenges.hpp, `join ID`, `withdraw ID`, `bye` by daemon/tournament_entries.hpp.
//     Under RefuseKnownPlayer they all get the help mail.
// Each line runs where it stands through the command table (mail_run.hpp): the club_*
// handlers here; the games list, the unknown-command and help mails sum up the whole mail
// (finish_club).
// Everything is queued into the caller's transaction: it commits with the ledger entry.
// What the services share (ClubDesk, club_envelope) is in club_desk.hpp, the games list in
// games_list.hpp: this header is the handlers' (it stands above the services it calls).
#include <functional>
#include <string>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/auth.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/commands.hpp"
#include "daemon/games_list.hpp"
#include "league/config.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "mail/message.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {}  // namespace ck::daemon
