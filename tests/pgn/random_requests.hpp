#pragma once
// The requests the record tests mail at random (record_fold_test, player_record_memory_test):
// by `roll` (0-99), a legal move in SAN below `san_below`, coordinates of any two squares below
// 85, "any?" below 95, nonsense below `nonsense_below`; from there on the caller's own rare
// request (nullopt). `pick(n)` gives 0..n-1.
#include <optional>
#include <string>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace ck::test {

template <class Pick>
std::optional<std::string> random_request(const ck::rules::Position& pos, Pick&& pick, int roll,
                                          int san_below, int nonsense_below) {
    ck::rules::MoveList legal;
    ck::rules::generate_legal(pos, legal);
    if (roll < san_below && !legal.empty())
        return ck::rules::to_san(pos, legal[pick(static_cast<int>(legal.size()))]);
    if (roll < 85)
        return std::string(1, char('a' + pick(8))) + char('1' + pick(8)) + char('a' + pick(8)) +
               char('1' + pick(8));
    if (roll < 95) return std::string("any?");
    if (roll < nonsense_below) return std::string("nonsense");
    return std::nullopt;
}

}  // namespace ck::test
