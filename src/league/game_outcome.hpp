#pragma once
// A finished game's outcome as a value: the result and how the game ended (README "The referee's
// record": `[%end RESULT REASON]` and the PGN Termination tag). Parsed once from the referee's
// game (its result and its last game-over announcement), then passed as a type to everything a
// game's end touches (game_end.hpp: rating, tournament, mails); the words are written only at
// the edges (the record, the command line, the tournament file).
#include <cstdint>
#include <optional>
#include <string_view>

#include "referee/game_result.hpp"
#include "rules/types.hpp"

namespace ck::league {

struct StoredGame;

// The result type is the referee's (referee/game_result.hpp), named here for the league's code.
using referee::GameResult;
using referee::loser_of;
using referee::loss_of;
using referee::parse_result;
using referee::result_text;

// How a game ended: the referee's game-over reasons (referee::Game; docs/rulesets.md) and the
// ends outside the requests (referee::Game::end_by).
enum class Termination : std::uint8_t {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    Resignation,
    Agreement,
    Forfeit,       // lost on time (clock_pass.hpp)
    Adjudication,  // by the organiser (adjudication.hpp)
};

struct GameOutcome {
    GameResult result = GameResult::Draw;
    Termination termination = Termination::Agreement;
    friend bool operator==(const GameOutcome& a, const GameOutcome& b) {
        return a.result == b.result && a.termination == b.termination;
    }
};

// The referee's reason word ("checkmate", "fifty-moves", "adjudication", ...).
std::string_view termination_word(Termination t);
std::optional<Termination> parse_termination(std::string_view word);

// The outcome of `g` when it is over (its result and its last game-over announcement); nullopt
// while it is in progress or when the record names a reason this type does not know.
std::optional<GameOutcome> outcome_of(const StoredGame& g);

}  // namespace ck::league
