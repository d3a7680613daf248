#pragma once
// A finished game's outcome as a value: the result and how the game ended (README "The referee's
// record": `[%end RESULT REASON]` and the PGN Termination tag). Parsed once from the referee's
// game (its result and its last game-over announcement), then passed as a type to everything a
// game's end touches (game_end.hpp: rating, tournament, mails); the words are written only at
// the edges (the record, the command line, the tournament file).
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/types.hpp"

namespace ck::league {

struct StoredGame;

enum class GameResult : std::uint8_t { WhiteWins, BlackWins, Draw };

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

// "1-0", "0-1", "1/2-1/2" (the PGN Result tag's words).
std::string_view result_text(GameResult r);
std::optional<GameResult> parse_result(std::string_view text);

// The referee's reason word ("checkmate", "fifty-moves", "adjudication", ...).
std::string_view termination_word(Termination t);
std::optional<Termination> parse_termination(std::string_view word);

// The loser of a decisive result; nullopt for a draw.
std::optional<rules::Color> loser_of(GameResult r);
// The result in which `loser` loses.
GameResult loss_of(rules::Color loser);

// The outcome of `g` when it is over (its result and its last game-over announcement); nullopt
// while it is in progress or when the record names a reason this type does not know.
std::optional<GameOutcome> outcome_of(const StoredGame& g);

}  // namespace ck::league
