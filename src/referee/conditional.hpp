#pragma once
// Conditional moves (issue 19; docs/conditionals.md has the syntax; the mail commands, the
// storage and the firing are the daemon's, README "Conditional moves"). A player stores "if my
// opponent's move is X (open play) / if the referee tells me Y after my opponent's move (hidden
// play), play Z". The lines a player stores form a tree, merged
// by their common prefixes: each Branch is one condition on the opponent's next move, the reply
// it triggers and the branches that apply after the opponent's move after that.
//
// Contracts:
// - Text in, text out: parse_conditionals reads the by-mail forms; render_lines writes each path
//   from the root to a leaf as one canonical `if ... then ...` line, and parsing those lines
//   back and merging them gives the same tree (tests/referee/conditional_parse_test.cpp).
// - Errors a player is told (ConditionalError) quote the player's own line and say why; they
//   never name a square or piece the player has not written or been told.
// - Secrecy (docs/design.md, "Hidden information is a type"): match() reads a PlayerView only,
//   the announcements addressed to the player; the true position is never an input.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "referee/player_view.hpp"
#include "referee/rule_set.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

namespace ck::referee {

// One thing the player expects after the opponent's move. Open play has Move only; hidden
// play has the others, in the referee's own words (templates/words, docs/rulesets.md).
struct Clause {
    enum class Kind : unsigned char {
        Move,       // open: the opponent's move (SAN)
        Capture,    // a capture, optionally on `square`, optionally of `piece`
        Check,      // a check, optionally in `direction` (check_direction.hpp's words)
        Drop,       // a drop, optionally of `piece` (variants with pockets)
        PawnTries,  // the rule set's automatic pawn tries, one of the forms below
        Promotion,  // `rand`: "A pawn was promoted."
        Nothing,    // no capture, drop, check or promotion (pawn tries do not count)
    };
    Kind kind = Kind::Nothing;
    std::string move;       // Move
    std::string square;     // Capture (empty: any square)
    std::string piece;      // Capture, Drop (empty: any); pawn..queen, or `piece` (pawn or piece)
    std::string direction;  // Check (empty: any): vertical, horizontal, long-diagonal,
                            // short-diagonal, knight
    // PawnTries: `none` ("no pawn tries": zero in whatever form the rule set announces), else
    // exactly one of count (wild16), available (cincinnati), squares (rand).
    bool none = false;
    std::optional<int> count;
    std::optional<bool> available;
    std::optional<std::vector<std::string>> squares;
};

// All clauses must hold (written "A and B"); kept in canonical order (sorted by their text).
struct Condition {
    std::vector<Clause> clauses;
};

// One step of a line: the condition and the reply it triggers. Open play: exactly one move.
// Hidden play: a try list (moves, "any?"), tried in order as a turn's try list is.
struct Step {
    Condition when;
    std::vector<std::string> reply;
};

// One line as the player wrote it, before merging.
struct ConditionalLine {
    std::string source;            // the line as written (quoted in errors)
    std::optional<int> first_ply;  // PGN form with a move number: the ply of the first
                                   // expected move, 0 = White's first move
    std::vector<Step> steps;
};

struct Branch {
    Condition when;
    std::vector<std::string> reply;
    std::vector<Branch> next;  // conditions on the opponent's move after this reply
};

struct ConditionalTree {
    bool hidden = false;
    std::vector<Branch> branches;  // tried in the order stored; the first that matches fires
    bool empty() const { return branches.empty(); }
};

// A player's error: the line quoted and why. message(): `"LINE": REASON`.
struct ConditionalError {
    std::string line;
    std::string reason;
    std::string message() const;
};

// ---- Text (conditional_parse.cpp) ----

// Every non-blank line of `text` is one conditional line: `if COND then MOVES [if COND then
// MOVES]...`, or (open play only) the PGN form with move numbers and variations in
// parentheses, which may give several lines. See docs/conditionals.md.
core::Result<std::vector<ConditionalLine>, ConditionalError> parse_conditionals(
    std::string_view text, bool hidden);

// The canonical text of a clause, a condition ("A and B") and a try list ("Qxe4, Nxe4").
std::string clause_text(const Clause& c);
std::string condition_text(const Condition& c);
std::string reply_text(const std::vector<std::string>& reply, bool hidden);

// ---- The tree (conditional.cpp) ----

// Merges `line` into `tree` along the common prefix. A line that asks a different reply to a
// condition already stored is refused (the tree is unchanged).
core::Result<void, ConditionalError> add_line(ConditionalTree& tree, const ConditionalLine& line);

// Each path from the root to a leaf as one canonical line, in stored order (numbered from 1 in
// the `conditionals` listing; remove_line takes that number).
std::vector<std::string> render_lines(const ConditionalTree& tree);
// Removes line `number` (1-based) of render_lines; false when there is no such line.
bool remove_line(ConditionalTree& tree, int number);

// ---- Validation when stored (conditional_validate.cpp) ----

// Open play: `now` is the position with the opponent to move (open play: public). Replays the
// line: every move must be legal there; returns the line with every move in the referee's SAN.
core::Result<ConditionalLine, ConditionalError> validate_open(const ConditionalLine& line,
                                                              const rules::Position& now);

// Hidden play: each reply must read as one of the player's attempts (legality cannot be known
// before the opponent moves) and each clause must be something rule set `rules` announces in
// `variant` (a capture's piece as the rule set names it, drops only with pockets, the rule
// set's own pawn-tries form, `any?` only where the rule set has it).
core::Result<ConditionalLine, ConditionalError> validate_hidden(const ConditionalLine& line,
                                                                RuleSet rules,
                                                                const rules::Variant& variant);

// ---- Matching (conditional_match.cpp) ----

struct Firing {
    std::vector<std::string> reply;  // the move (open) or try list (hidden) to play now
    ConditionalTree rest;            // what remains for the opponent's next move
};

// `view` is the player's own view with the player to move. The announcements the player heard
// after the opponent's last move (from its `moved` on) are matched against the tree's branches
// in stored order; the first that matches fires. nullopt: nothing applies (a deviation, the
// game over, not the player's turn, no opponent's move yet, a hidden tree in an open game or the
// reverse): the caller drops the tree.
std::optional<Firing> match(const ConditionalTree& tree, const PlayerView& view);

// ---- Storage (conditional_store.cpp) ----

// A versioned text: "crazykrieg-conditionals-v1", "open" or "hidden", then render_lines.
std::string serialise(const ConditionalTree& tree);
// Corrupt when the version line, the mode or a line does not read back.
core::Result<ConditionalTree, core::Error> deserialise(std::string_view text);

}  // namespace ck::referee
