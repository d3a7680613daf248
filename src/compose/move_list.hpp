#pragma once
// The move list of a player's mail (templates/moves.txt and moves.html): one row per full move as
// the player knows it, and the same moves as one wrapped text. Every mail of a game lists every
// move again, so what the game's earlier mails made of it is kept, per game and side, and a mail
// makes only the rows added since (README "Benchmarks", the serve row): the rows that can no
// longer change (every row but the last) go into a GrowingList, whose sections the template
// engine renders once.
//
// THE CONTRACT: the result is the one a fresh list gives, byte for byte. A kept list is used only
// when every input of its rows equals this view's: the words (TemplateSet::identity), the player,
// the first row's number and side, and the announcements its rows were made from (with the first
// one after them, which ends their last group): compared in full, except on the announcement log
// last found equal, where they cannot have changed (referee/heard.hpp), so a mail costs what
// was added since the last one. Anything else (a game rolled
// back after a failed commit, a game reopened, other words or a template set reloaded) makes a
// new list; nothing has to be told to forget. Built from the PlayerView alone, like the rest of
// the view model (docs/design.md "Hidden information is a type"). One thread's lists are its own.
#include <cstddef>

namespace ck::compose {

// fill_move_list (declared in view_model.hpp, beside fill_view, which calls it) is this file's
// function: it fills has_moves, move_rows and moves_text under the contract above.

// How many lists this thread keeps (at most MaxKeptMoveLists, the least recently used go first).
inline constexpr std::size_t MaxKeptMoveLists = 64;
std::size_t kept_move_lists();
// Forgets this thread's lists: the next mails make theirs afresh (tests compare the two).
void forget_move_lists();

}  // namespace ck::compose
