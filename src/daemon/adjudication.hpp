#pragma once
// An organiser's adjudication (README "Adjudication"; docs/cli.md `game adjudicate`): the
// organiser ends a game in progress with a result of their choice and a reason. The game ends
// through the referee (referee::Game::end_by, reason "adjudication": the record gets
// `[%end RESULT adjudication]` and `[Termination "adjudication"]`), and then through the one
// game-end path (game_end.hpp): the rating, both players' end mails and the followers' quoting
// the organiser's reason, and the tournament (a round robin's standings count the result).
#include <string>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/game_desk.hpp"
#include "league/game_outcome.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Adjudicates game `id` with `result` for `reason` (the organiser's words; line breaks become
// spaces) into `tx`, which the caller commits. Errors (Invalid, naming the game): no game `id`,
// the game is over already, an empty reason.
core::Result<league::GameOutcome, core::Error> adjudicate_game(const GameDesk& desk,
                                                               store::GameId id,
                                                               league::GameResult result,
                                                               const std::string& reason,
                                                               store::Transaction& tx);

}  // namespace ck::daemon
