#pragma once
// A maximum-weight matching on a general graph (LEMON's MaxWeightedMatching, Edmonds' blossom
// algorithm with dual variables) over WideWeight edge weights. Only edges of positive weight are
// worth giving: an edge of weight 0 or less is never needed by a maximum-weight matching.
#include <vector>

#include "swiss/wide_weight.hpp"

namespace ck::swiss {

struct WeightedEdge {
    int u = 0;
    int v = 0;
    WideWeight weight;
};

struct Matching {
    std::vector<int> mate;  // mate[v]: v's partner, or -1 when v is unmatched
    WideWeight weight;      // the sum of the matched edges' weights
};

// `narrow`: every weight is below 2^120, so that LEMON may run on a built-in 128-bit integer
// (several times faster than WideWeight; the result is the same).
Matching max_weight_matching(int vertices, const std::vector<WeightedEdge>& edges,
                             bool narrow = false);

}  // namespace ck::swiss
