#pragma once
// Spectators (docs/mail-protocol.md "an address may follow a game; during a hidden game it gets
// only the announcements both players heard, and the full record when the game ends").
//   - Followers are kept in the game's game.ini (`followers = a@x, b@y`, game_files.hpp), in
//     the order they began to follow; addresses lower-cased.
//   - Who may follow: the organiser may add any address (`crazykrieg game follow ID EMAIL`);
//     by mail, `follow ID` from a registered player who does not play in that game (club
//     mail, club_mail.hpp). Nobody follows a finished game. Players of the game are refused.
//   - After each turn every follower gets a spectator mail built ONLY from the SpectatorView,
//     the meet of both players' views (referee/spectator_view.hpp): in hidden games what both
//     players heard and the public pockets, never a board; in open games (both players see the
//     whole board) the whole board and the moves. When the game ends the follower gets the
//     end mail with the referee's full record attached (as the players do).
//   - Spectator mails have no Reply-To: an answer reaches the plain referee address.
// Everything is queued into the caller's transaction (game.ini write and mails together).
#include <string>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "league/game_files.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// After a mail changed game `game` (its new state `g`, not yet committed): the turn or end mail
// to every follower. The mails report what both players heard since the game's state still
// in the store (the state before this mail). `discriminator` comes from the incoming
// Message-ID. `adjudication_reason`: the organiser's words when an adjudication ended the game
// (game_end.hpp). Does nothing when the game has no followers.
core::Result<void, core::Error> queue_spectator_mails(const ClubDesk& desk, store::GameId game,
                                                      const league::StoredGame& g,
                                                      const std::string& discriminator,
                                                      store::Transaction& tx,
                                                      const std::string& adjudication_reason = {});

enum class FollowOutcome : unsigned char {
    Done,        // the list changed; confirmation mailed
    Unchanged,   // already following (follow) / not following (unfollow); nothing written
    NoSuchGame,  // no such game
    OwnGame,     // the address plays in the game
    GameOver,    // follow: the game has ended
};
const char* follow_outcome_text(FollowOutcome o);

// Adds (`follow`) or removes `address` as a follower of game `id`: writes game.ini and queues
// the confirmation (Following: everything both players heard so far; Unfollowed) into `tx`.
// With `mail_refusals` (the `follow`/`unfollow` mail commands), a refused follow (NoSuchGame,
// OwnGame, GameOver) is answered by mail to `address` too, and so is an unfollow of a game not
// followed (the Unfollowed confirmation: it is true either way); the CLI reports it itself.
// `id`: none when the text the player wrote names no game (answered as NoSuchGame).
core::Result<FollowOutcome, core::Error> set_following(
    const ClubDesk& desk, std::optional<store::GameId> id, const std::string& address, bool follow,
    bool mail_refusals, const std::string& discriminator, store::Transaction& tx);

}  // namespace ck::daemon
