#include <catch2/catch.hpp>
#include <random>

#include "swiss/matching.hpp"

using ck::swiss::max_weight_matching;
using ck::swiss::WeightedEdge;
using ck::swiss::WideWeight;

namespace {

// The best total weight over all matchings, by trying every edge set (small graphs only).
WideWeight brute_force(int n, const std::vector<WeightedEdge>& edges, std::size_t from,
                       std::vector<char>& used) {
    WideWeight best;
    for (std::size_t i = from; i < edges.size(); ++i) {
        const auto& e = edges[i];
        if (used[static_cast<std::size_t>(e.u)] || used[static_cast<std::size_t>(e.v)]) continue;
        used[static_cast<std::size_t>(e.u)] = used[static_cast<std::size_t>(e.v)] = 1;
        const WideWeight w = e.weight + brute_force(n, edges, i + 1, used);
        used[static_cast<std::size_t>(e.u)] = used[static_cast<std::size_t>(e.v)] = 0;
        if (w > best) best = w;
    }
    return best;
}

}  // namespace

TEST_CASE("matching: LEMON's maximum-weight matching on 256-bit weights equals brute force") {
    std::mt19937_64 rng(20);
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 2 + static_cast<int>(rng() % 9);
        std::vector<WeightedEdge> edges;
        for (int u = 0; u < n; ++u) {
            for (int v = u + 1; v < n; ++v) {
                if (rng() % 3 == 0) continue;
                // Weights in three far-apart fields, beyond 64 and 128 bits, so that a matching
                // that loses a high field cannot win it back lower down.
                WideWeight w;
                w.add_at(rng() % 4, 220);
                w.add_at(rng() % 16, 130);
                w.add_at(rng() % 1000, 0);
                edges.push_back({u, v, w});
            }
        }
        const auto m = max_weight_matching(n, edges);
        std::vector<char> used(static_cast<std::size_t>(n), 0);
        const WideWeight best = brute_force(n, edges, 0, used);
        REQUIRE(m.weight == best);
        WideWeight sum;
        for (const auto& e : edges)
            if (m.mate[static_cast<std::size_t>(e.u)] == e.v) sum += e.weight;
        REQUIRE(sum == m.weight);
        for (int v = 0; v < n; ++v) {
            const int p = m.mate[static_cast<std::size_t>(v)];
            if (p >= 0) REQUIRE(m.mate[static_cast<std::size_t>(p)] == v);
        }
        // The same weights moved below 2^120 run on the built-in 128-bit integer.
        std::vector<WeightedEdge> low = edges;
        for (auto& e : low) {
            WideWeight w;
            w.add_at(e.weight.field(220, 8), 100);
            w.add_at(e.weight.field(130, 8), 50);
            w.add_at(e.weight.field(0, 16), 0);
            e.weight = w;
        }
        std::vector<char> used2(static_cast<std::size_t>(n), 0);
        REQUIRE(max_weight_matching(n, low, true).weight == brute_force(n, low, 0, used2));
    }
}
