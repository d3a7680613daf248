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
//     `standings [TOURNAMENT]`: the crosstable mail (daemon/tournaments.hpp answer_standings).
//     `follow GAME` makes the sender a follower (daemon/spectators.hpp), `unfollow GAME` ends
//     it. `challenge ...`, `accept N`, `decline N` in ClubMail are answered by
//     daemon/challenges.hpp, `join ID`, `withdraw ID`, `bye` by daemon/tournament_entries.hpp.
//     Under RefuseKnownPlayer they all get the help mail.
// Each line runs where it stands through the command table (mail_run.hpp): the club_*
// handlers here; the games list, the unknown-command and help mails sum up the whole mail
// (finish_club).
// Everything is queued into the caller's transaction: it commits with the ledger entry.
#include <functional>
#include <string>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/auth.hpp"
#include "daemon/commands.hpp"
#include "daemon/config.hpp"
#include "daemon/league_names.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "mail/message.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

struct NewGame;  // mail_pass.hpp
// Stages a new game (both game-start mails included) into the caller's transaction
// (Daemon::stage_game).
using GameStarter =
    std::function<core::Result<store::GameId, core::Error>(const NewGame&, store::Transaction&)>;

// What the club-level answers borrow from the daemon for one mail.
struct ClubDesk {
    const Config& config;
    const Players& players;
    const store::Store& store;
    const compose::Templates& templates;
    // The daemon's game repository: games are read through it (a game kept from an earlier
    // mail or pass is not replayed, game_repository.hpp). Null: replayed from the store.
    GameRepository* games = nullptr;
    // Starts the games of a Swiss event's next round in the transaction that ends the round
    // (tournament_hooks.hpp). Empty: such a round cannot start here (an Invalid error).
    GameStarter start = {};
};

// The game `id` as the store holds it, through desk.games when there is one.
core::Result<StoredGame, core::Error> load_desk_game(const ClubDesk& desk, store::GameId id);

// The display name the referee's mails come from.
inline constexpr const char* RefereeDisplayName = "Crazykrieg referee";

// The games in progress of the player registered as `address` (case-insensitive), by urgency:
// the games on the player's move first, least time left first (then those without a clock),
// then the games waiting for the opponent in the same order; each with its
// opponent (registered name, else address), colour, whose turn and move number as that
// player's view shows them, and the side to move's deadline (game_clock.hpp). A game that cannot be
// loaded is left out (and logged for the operator).
core::Result<compose::GamesListDetails, core::Error> games_of(const ClubDesk& desk,
                                                              const std::string& address);

// Queues the games-list mail to the registered player `address`. `discriminator` keeps its
// Message-ID unique per incoming mail (derive it from the incoming Message-ID).
// `game_commands`: game commands the player sent to the plain referee address, quoted above the
// list with where they belong (a reply to the game's mail).
core::Result<void, core::Error> queue_games_list(const ClubDesk& desk, const std::string& address,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 std::vector<std::string> game_commands = {});

// A compose::Envelope about no game, to `address`, from the referee, dated tx.now(), in the
// view the player asked for (`set view`).
compose::Envelope club_envelope(const ClubDesk& desk, const std::string& address,
                                const std::string& discriminator, const store::Transaction& tx);

}  // namespace ck::daemon
