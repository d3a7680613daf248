#pragma once
// A new game in the store (README "Playing a game"): its game.ini, record and player records,
// its clock, its entry in the deadline index and, when a bot plays it, in the bot-games index
// (bot_games.hpp), staged in the caller's transaction. The game-start mails are the daemon's
// (Daemon::stage_game, daemon/game_creation.cpp), composed from what this returns, in the same
// transaction.
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "league/time_control.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// What a new game is: the players (registered addresses or names), the variant and rule set as
// `game new` takes them, the time control, and the record's tags.
struct GameSpec {
    std::string variant;
    bool hidden = false;
    referee::RuleSet rules = referee::RuleSet::CrazyKrieg;
    std::string white;
    std::string black;
    std::string time;  // empty: the club default
    // Record tags of a tournament game (club::event_tags); empty: "Crazykrieg game N", no Round.
    std::string event;
    std::string round;
    // Rated or casual (README "Ratings"); nullopt: the club's default ([club] rated).
    std::optional<bool> rated;
};

// The club's settings a new game takes (the daemon's Config: [club] rated, [club] time,
// mail.referee_address as the record's Site).
struct GameDefaults {
    bool rated = true;
    TimeControl time;
    std::string site;
};

struct CreatedGame {
    store::GameId id;
    StoredGame game;
    // White's first deadline (the clock starts with the game-start mail); nullopt: no clock.
    std::optional<core::TimePoint> first_deadline;
};

// Checks `spec` (a known variant and rule set, two different registered players, a valid time
// control: errors of kind invalid, naming what is wrong), takes the next game id and stages the
// game through `games` into `tx`, created at tx.now(). Nothing is committed.
core::Result<CreatedGame, core::Error> create_game(const GameSpec& spec, const GameDefaults& club,
                                                   const Players& players, store::Store& store,
                                                   GameRepository& games, store::Transaction& tx);

// create_game bound to a club: what a tournament's next round creates its games with
// (tournament_rounds.hpp). It creates the game only: its start mails are the daemon's.
struct GameCreator {
    GameDefaults defaults;
    const Players& players;
    store::Store& store;
    GameRepository& games;
    core::Result<CreatedGame, core::Error> operator()(const GameSpec& spec,
                                                      store::Transaction& tx) const {
        return create_game(spec, defaults, players, store, games, tx);
    }
};

}  // namespace ck::league
