#pragma once
// The short queries of the list view (issue 21; README "Mail protocol for players"), each
// answered in one sentence from the player's own view:
//   pieces N  (p N)   where are my knights ("Your knights: b1, g1. In hand: 1.")
//   file a    (s a)   what is on the a-file ("File a: Rook a1, Pawn a2.")
//   rank 4    (s 4)   what is on the 4th rank
//   last      (l)     the last ruling: the latest ply's announcements in full sentences
//   clock     (c)     whose move it is and the deadline
//
// THE CONTRACT (docs/design.md "Hidden information is a type"): an answer is built only from
// the player's referee::PlayerView (the board mail's view) and plain data the player may know
// (the deadline); in hidden play a file or rank lists only the player's own pieces. Two equal
// views give byte-identical answers. Pure: no clock, no I/O; wording from templates/words
// (`query-*`).
#include <optional>
#include <string>
#include <string_view>

#include "compose/compose.hpp"
#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "referee/player_view.hpp"

namespace ck::compose {

struct ViewQuery {
    enum class Kind : unsigned char { Pieces, File, Rank, Last, Clock };
    Kind kind = Kind::Last;
    rules::PieceType piece = rules::PieceType::None;  // Pieces
    int index = 0;                                    // File: 0 for a; Rank: 0 for rank 1
};

// Reads one line ("pieces N", "p knight", "file a", "s a", "rank 4", "s 4", "last", "l",
// "clock", "c"; words in any case, a trailing '.' or '?' ignored; N as a letter K Q R B N P or a
// piece word, singular or plural). nullopt: not a query.
std::optional<ViewQuery> parse_view_query(std::string_view line);

// The side to move's deadline, as the turn mail shows it; nullopt: the game has no clock.
struct ClockFacts {
    std::optional<Deadline> deadline;
    TimePoint now{};
};

core::Result<std::string, ComposeError> answer_view_query(const TemplateSet& words,
                                                          const referee::PlayerView& view,
                                                          const ViewQuery& query,
                                                          const ClockFacts& clock);

}  // namespace ck::compose
