#pragma once
// Bots' turns (README "Bots as club players"; bots.hpp). A bot's move is never mailed: the
// daemon computes it and plays it through the game path a player's mail takes (game_turn.hpp
// answer_game_mail), so its opponent and the game's followers get exactly the mails a human's
// move would give them (the mails to the bot are silent: bots.hpp), and a game a bot's move
// ends reaches its consequences through the one game-end path (game_end.hpp settle_game).
// - Each bot turn is its own ruling in its own committed transaction: the engine's attempts up
//   to the first legal one (or the game's end), at most BotRefusedPerTurn refused, as one try
//   list. A turn cut there goes on in the next transaction.
// - The engine sees only the bot's player view (referee::PlayerView: its own pieces, both
//   pockets, every announcement addressed to it): it is made afresh for each transaction from
//   that view, seeded from the game id and the length of what it heard, so its choice depends
//   on nothing else (bot/engine.hpp's contract) and a turn replayed after a crash is the same.
// - Out of the mail's critical path: Daemon::step plays bot turns only after its mail and clock
//   pass are committed and the outbox flushed, within a wall-time budget per pass (a turn is
//   bounded by its engine's own budget: belief at most 1 s CPU by default); games left over wait
//   for the next pass, the longest waiting first. The budget bounds when a bot's move may
//   start: a move cut at BotRefusedPerTurn goes on in the same pass until the bot has moved, so
//   a player hears the bot's answer with the ruling of their own mail. So one slow engine
//   delays the next pass's mail by at most the budget plus one move, never a mail of the pass
//   in hand.
// Which games: the games in progress where a bot plays, read once from the bot-games index
// (league/bot_games.hpp; built at the daemon's open in a store from before it, Daemon::open)
// when the first pass runs, then
// every game the daemon's repository saved since (GameRepository::take_saved) that has an entry
// there: the daemon is the store's only writer while it runs.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/bots.hpp"
#include "daemon/game_desk.hpp"
#include "league/bot_registry.hpp"
#include "league/game_files.hpp"
#include "store/store.hpp"

namespace ck::daemon {

// Refused attempts in one bot transaction: the limit of a player's mail (game_turn.cpp).
inline constexpr int BotRefusedPerTurn = 20;
// Transactions one game gets in one pass (a bot against a bot plays on in the same pass).
inline constexpr int BotTurnsPerGamePerPass = 400;
// Wall time a pass spends on bot turns, after its mail.
inline constexpr std::chrono::milliseconds BotPassBudget{2000};

// The engine's seed for a turn of game `id` whose bot heard `heard` announcements so far.
std::uint64_t bot_seed(store::GameId id, std::size_t heard);

// The requests (move attempts, `any?`, `resign`) bot `bot` makes now in game `g` (its side to
// move), rehearsed on a copy of the game: up to the first legal move, the game's end, or
// BotRefusedPerTurn refused. The engine is given only g.game.view(side). Errors: the engine
// cannot be made (its program is missing, it cannot play this game) or made no request.
core::Result<std::vector<std::string>, core::Error> bot_requests(const league::Bot& bot,
                                                                 const league::StoredGame& g,
                                                                 std::uint64_t seed);

class BotTurns {
public:
    struct Report {
        std::size_t turns = 0;    // transactions committed
        std::size_t resumed = 0;  // of those, the ones that went on with a move cut before
        std::size_t failed = 0;   // bot turns that failed (logged; tried again next pass)
        std::size_t waiting = 0;  // games whose bot is still to move (budget spent, or stopped)
    };
    // Plays bot turns, each committed on its own at clock.now(), until no bot is to move, the
    // pass's budget is `spent` (no bot's move starts then; one cut at BotRefusedPerTurn is
    // finished), or `stop` (may be empty) says so (nothing more is played).
    Report play(const GameDesk& desk, store::Store& store, const core::Clock& clock,
                const std::function<bool()>& spent, const std::function<bool()>& stop);

private:
    void scan(const store::Store& store);
    void notice(const store::Store& store, const std::set<store::GameId>& saved);

    bool scanned_ = false;
    // Games in progress with a bot, in the order of their longest wait (the front first).
    std::vector<store::GameId> watched_;
};

}  // namespace ck::daemon
