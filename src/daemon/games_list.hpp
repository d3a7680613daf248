#pragma once
// The games-list mail (docs/mail-protocol.md "Who may act"): a player's games in progress, each
// from that player's own PlayerView (docs/design.md "Hidden information is a type"). A service of
// the club answers (club_mail.hpp), the game mail (game_turn.hpp), `leave` and the challenges.
#include <optional>
#include <string>
#include <vector>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// A game that the mail being answered changed, as it stands after the mail's lines have acted
// (docs/mail-protocol.md "In what order a mail's commands act": what the player asks to be shown
// is answered from the game after the mail); its files are still staged in the mail's
// transaction, not in the store.
struct ChangedGame {
    store::GameId id;
    const league::StoredGame* game;
};

// The games in progress of the player registered as `address` (case-insensitive), by urgency:
// the games on the player's move first, least time left first (then those without a clock),
// then the games waiting for the opponent in the same order; each with its
// opponent (registered name, else address), colour, whose turn and move number as that
// player's view shows them, and the side to move's deadline (game_clock.hpp). A game that cannot be
// loaded is left out (and logged for the operator). `changed` is listed as it stands after the
// mail (a game the mail ended is left out); with `staged` (may be null), the games it starts
// (a challenge accepted) are listed too and a clock.ini staged in it wins over the store's.
core::Result<compose::GamesListDetails, core::Error> games_of(
    const ClubDesk& desk, const std::string& address, const store::Transaction* staged = nullptr,
    std::optional<ChangedGame> changed = std::nullopt);

// Queues the games-list mail to the registered player `address`. `discriminator` keeps its
// Message-ID unique per incoming mail (derive it from the incoming Message-ID).
// `game_commands`: game commands the player sent to the plain referee address, quoted above the
// list with where they belong (a reply to the game's mail). The list is made from the games as
// `tx` leaves them (games_of: `changed` and the staged clocks).
core::Result<void, core::Error> queue_games_list(const ClubDesk& desk, const std::string& address,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 std::vector<std::string> game_commands = {},
                                                 std::optional<ChangedGame> changed = std::nullopt);

}  // namespace ck::daemon
