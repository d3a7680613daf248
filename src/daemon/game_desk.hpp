#pragma once
// What a game mail's services borrow from the daemon (GameDesk), and the envelope and attachment
// every mail about a game is built with. Below the game mail's handlers (game_turn.hpp) and the
// passes (clock_pass.hpp, bot_turns.hpp, digest.hpp): game_end.hpp, leave_mail.hpp and
// spectators.hpp use it without naming them.
#include <optional>
#include <string>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "league/config.hpp"
#include "league/game_creation.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "mail/message.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// What a game mail borrows from the daemon.
struct GameDesk {
    const league::Config& config;
    const league::Players& players;
    const store::Store& store;
    const compose::Templates& templates;
    const std::string& secret;
    league::GameRepository& games;  // loads and saves the games (game_repository.hpp)
    // Creates the games of an event's next round or matches in the transaction of the game's end
    // that pairs them (league/tournament_effects.hpp). None: such an end is an Invalid error.
    std::optional<league::GameCreator> create = {};
};

// The envelope of a game mail to player `c` of `meta`: to the registered address, Reply-To the
// per-game reply address, dated tx.now(), in the view the player asked for (`set view`).
core::Result<compose::Envelope, core::Error> game_envelope(const GameDesk& desk, store::GameId game,
                                                           const league::GameMeta& meta,
                                                           rules::Color c,
                                                           const std::string& discriminator,
                                                           const store::Transaction& tx);

// The attachment of a record: "crazykrieg-42.pgn" (referee) or "crazykrieg-42-white.pgn".
mail::Attachment record_attachment(store::GameId game, const std::string& as, std::string text);

}  // namespace ck::daemon
