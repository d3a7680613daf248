#pragma once
// Conditional moves by mail (issue 19; docs/conditionals.md; README "Conditional moves"): the
// commands that store, list and clear them, and their firing, run inside the transaction of the
// mail that carries the move they answer (daemon/game_turn.hpp).
//
// run_conditionals, called once per game mail after the mail's other commands have run:
// 1. The game over: both sides' trees are removed (the end removes what no longer applies).
// 2. The sender's conditional commands, in the order written: each `if ...` line or
//    `conditional:` block line is parsed and checked (referee/conditional.hpp validate_open
//    against the open position with the opponent to move, validate_hidden against the rule set)
//    and merged into the sender's tree, or refused with the line quoted and why; lines are
//    stored only while the opponent is to move (send them with the move or after it);
//    `conditional clear [N]` removes all or line N; `conditionals` lists them.
// 3. A draw offer pending to a side removes that side's tree (the offer is theirs to answer).
// 4. Firing, only when a move was played by this mail: while the side to move holds a tree,
//    the tree is matched (referee::match) against that side's own view; the first branch that
//    matches plays its reply (a try list in hidden play: an illegal try falls through to the
//    next, as in a turn) and what follows it stays stored; no branch matching is a deviation
//    and removes the tree; a try list with no legal try ends the tree and leaves that side to
//    move with the ordinary turn mail, which says so. Both sides' trees chain in one pass; each
//    firing consumes one level of a finite tree, so the chain ends (never a loop).
// Secrecy: everything said about a side's conditional moves goes only into that side's own
// mails (append_conditional_sections); the opponent's and followers' mails show the moves
// exactly as if they had been sent by mail. The referee record names the plies played by
// condition only once the game is over (pgn::RecordBuilder::add_conditional_comment).
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/commands.hpp"
#include "league/game_files.hpp"
#include "league/game_session.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// What the conditional moves did in one mail, for its answers (per side: index_of(Color)).
struct ConditionalReport {
    std::vector<rules::Color> movers;  // sides whose turn a conditional reply ended, in order
    // Per side, where the news of its next mail begins when something fired: the start of its
    // last turn before the firing (compose::last_turn_start), so the mail tells every ply.
    std::array<std::size_t, 2> heard_from{};
    std::array<std::vector<std::string>, 2> played;   // "3. exd5, by: if d5 then exd5"
    std::array<std::vector<std::string>, 2> notices;  // refused lines, removals, the end of a tree
    std::array<std::vector<std::string>, 2> stored;   // the tree after the mail, numbered lines
    bool answer_sender = false;  // the mail had conditional commands: its answer shows the tree
    rules::Color sender = rules::Color::White;
    bool fired() const { return !movers.empty(); }
};

// Steps 1-4 above for a mail of `sender` to the game of `session` (the mail's other commands
// run; `sender_moved`: the mail played the sender's move). The trees' files are queued in `tx`;
// the replies are played through the session (GameSession::play_tries, then
// conditional_played: their clock is the session's save) and the caller saves it and mails
// both players.
core::Result<ConditionalReport, core::Error> run_conditionals(store::Transaction& tx,
                                                              league::GameSession& session,
                                                              rules::Color sender,
                                                              const std::vector<Command>& commands,
                                                              bool sender_moved);

// Appends to the first mail queued in `tx` to each player (never a follower's) what concerns
// that player's own conditional moves: "Played by your conditional moves:", "Your conditional
// moves:" (the stored lines, numbered as `conditional clear N` names them; shown in every mail
// while any is stored, and in the sender's answer when the mail had conditional commands) and
// notices. A player with no mail queued gets nothing here (the caller queues the sender's
// board first when report.answer_sender).
void append_conditional_sections(store::Transaction& tx, const league::GameMeta& meta,
                                 const ConditionalReport& report);

}  // namespace ck::daemon
