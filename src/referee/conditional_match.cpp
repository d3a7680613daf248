// Firing a conditional (referee/conditional.hpp, match): the player's own announcements after the
// opponent's move against the tree's conditions. The only input is the player's PlayerView, so
// a condition can depend on nothing the player was not told (docs/design.md).
#include <algorithm>

#include "referee/conditional.hpp"

namespace ck::referee {
namespace {

using Told = std::vector<Announcement>;
using Type = AnnouncementType;

std::string bare_san(std::string s) {
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
        s.pop_back();
    return s;
}

bool any_of_type(const Told& after, Type t) {
    return std::any_of(after.begin(), after.end(),
                       [t](const Announcement& a) { return a.type == t; });
}

bool pawn_tries_match(const Clause& c, const Announcement& a) {
    if (c.none)
        return (a.count && *a.count == 0) || (a.available && !*a.available) ||
               (a.squares && a.squares->empty());
    if (c.count) return a.count == c.count;
    if (c.available) return a.available == c.available;
    if (c.squares && a.squares) {
        std::vector<std::string> x = *c.squares, y = *a.squares;
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        return x == y;
    }
    return false;
}

bool holds(const Clause& c, const Announcement& moved, const Told& after) {
    using K = Clause::Kind;
    switch (c.kind) {
        case K::Move:
            return !moved.move.empty() && bare_san(moved.move) == bare_san(c.move);
        case K::Capture:
            return std::any_of(after.begin(), after.end(), [&](const Announcement& a) {
                return a.type == Type::Capture && (c.square.empty() || a.square == c.square) &&
                       (c.piece.empty() || a.piece == c.piece);
            });
        case K::Check:
            return std::any_of(after.begin(), after.end(), [&](const Announcement& a) {
                return a.type == Type::Check && (c.direction.empty() || a.direction == c.direction);
            });
        case K::Drop:
            return std::any_of(after.begin(), after.end(), [&](const Announcement& a) {
                return a.type == Type::Drop && (c.piece.empty() || a.piece == c.piece);
            });
        case K::PawnTries:
            return std::any_of(after.begin(), after.end(), [&](const Announcement& a) {
                return a.type == Type::PawnTries && pawn_tries_match(c, a);
            });
        case K::Promotion:
            return any_of_type(after, Type::Promotion);
        case K::Nothing:
            return !any_of_type(after, Type::Capture) && !any_of_type(after, Type::Drop) &&
                   !any_of_type(after, Type::Check) && !any_of_type(after, Type::Promotion);
    }
    return false;
}

}  // namespace

std::optional<Firing> match(const ConditionalTree& tree, const PlayerView& view) {
    if (tree.empty() || tree.hidden != view.hidden || view.result || view.to_move != view.player)
        return std::nullopt;
    // When the player is to move, the last `moved` they heard is their opponent's.
    const Told& heard = view.heard;
    auto last = std::find_if(heard.rbegin(), heard.rend(),
                             [](const Announcement& a) { return a.type == Type::Moved; });
    if (last == heard.rend()) return std::nullopt;
    const Announcement& moved = *last;
    const Told after(last.base(), heard.end());
    if (any_of_type(after, Type::GameOver)) return std::nullopt;
    for (const Branch& b : tree.branches) {
        const bool all = std::all_of(b.when.clauses.begin(), b.when.clauses.end(),
                                     [&](const Clause& c) { return holds(c, moved, after); });
        if (all && !b.when.clauses.empty())
            return Firing{b.reply, ConditionalTree{tree.hidden, b.next}};
    }
    return std::nullopt;
}

}  // namespace ck::referee
