#pragma once
// One game's page, games/<id>.html (README "The club's web pages"):
//   - over: players, ratings (before -> after when rated), result, the referee's full record as
//     games/<id>.pgn, the move list and a replay board of the true positions; a hidden game's
//     page also lists every request of the referee's record with what each player was told;
//   - in progress, open play: the board and the moves (both players see them all);
//   - in progress, hidden: only the game's SpectatorView (referee/spectator_view.hpp), the meet
//     of both players' views: announcements both heard, the public pockets, whose turn. No
//     board, no move, no square.
#include <string>

#include "club/ratings.hpp"
#include "compose/template_set.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "league/game_files.hpp"
#include "league/players.hpp"
#include "store/transaction.hpp"

namespace ck::site {

struct GamePage {
    std::string html;
    std::string pgn;  // over: the referee's record for games/<id>.pgn; else empty
};

// `pool`: the game's rating pool (may be null). A stored game that does not replay is Corrupt,
// templates that cannot be filled are Invalid (core/error.hpp).
core::Result<GamePage, core::Error> game_page(const compose::TemplateSet& words,
                                              const league::Players& players, store::GameId id,
                                              const league::StoredGame& g,
                                              const club::RatingPool* pool);

// "Ann (1623) vs Ben (1500?)"-style players line, linked to the player pages when rated.
std::string players_line(const league::Players& players, const league::GameMeta& meta,
                         const club::RatingPool* pool, const std::string& root);

}  // namespace ck::site
