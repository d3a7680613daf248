#pragma once
// The game-start mails (README "Playing a game"): one to each player of a game just created
// (league/game_creation.hpp), White's first, each a mail of its own with the game's Reply-To,
// the rating lines and time control, and for White the first deadline. Queued into the
// transaction that creates the game: by Daemon::stage_game (`game new`, a challenge accepted)
// and from an event's RoundPaired and MatchesPaired (tournament_mail.hpp).
#include <string>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/game_desk.hpp"
#include "league/game_creation.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// The event a game's start mails name: its id, and the game's Event and Round tags. An empty
// id: a game of no event.
struct StartEvent {
    std::string tournament;
    std::string event;
    std::string round;
};

// Queues both game-start mails of `created` into `tx` and logs the game's creation.
core::Result<void, core::Error> queue_game_start_mails(const GameDesk& desk,
                                                       const league::CreatedGame& created,
                                                       const StartEvent& event,
                                                       store::Transaction& tx);

}  // namespace ck::daemon
