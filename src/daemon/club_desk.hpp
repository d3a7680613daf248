#pragma once
// What the daemon's services borrow from it for one mail or pass (docs/design.md "Services stand
// below the orchestrator"): the club's configuration, registry, store, templates and game
// repository, as references, so a service never needs the Daemon (mail_pass.hpp) or a handler's
// header. This header is at the bottom of the daemon's services: it includes no other header of
// src/daemon but config.hpp.
#include <functional>
#include <string>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/config.hpp"
#include "league/game_creation.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// A game the daemon starts: what league::GameSpec holds, plus the tournament its start mails name.
struct NewGame : league::GameSpec {
    std::string tournament;  // the tournament's id, named in the game-start mails; empty: none
};

// Stages a new game (both game-start mails included) into the caller's transaction
// (Daemon::stage_game): a challenge accepted by mail (challenges.hpp).
using GameStarter =
    std::function<core::Result<store::GameId, core::Error>(const NewGame&, store::Transaction&)>;

// What the club-level answers borrow from the daemon for one mail.
struct ClubDesk {
    const league::Config& config;
    const league::Players& players;
    const store::Store& store;
    const compose::Templates& templates;
    // The daemon's game repository: games are read through it (a game kept from an earlier
    // mail or pass is not replayed, game_repository.hpp). Null: replayed from the store.
    league::GameRepository* games = nullptr;
};

// The game `id` as the store holds it, through desk.games when there is one.
core::Result<league::StoredGame, core::Error> load_desk_game(const ClubDesk& desk,
                                                             store::GameId id);

// The display name the referee's mails come from.
inline constexpr const char* RefereeDisplayName = "Crazykrieg referee";

// A compose::Envelope about no game, to `address`, from the referee, dated tx.now(), in the
// view the player asked for (`set view`).
compose::Envelope club_envelope(const ClubDesk& desk, const std::string& address,
                                const std::string& discriminator, const store::Transaction& tx);

}  // namespace ck::daemon
