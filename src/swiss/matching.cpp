#include "swiss/matching.hpp"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

namespace ck::swiss {

namespace {

WideWeight widen(const WideWeight& w) { return w; }
WideWeight widen(Int128 w) { return WideWeight::from_u128(static_cast<UInt128>(w)); }
void narrow_to(const WideWeight& w, WideWeight& out) { out = w; }
void narrow_to(const WideWeight& w, Int128& out) { out = w.low128(); }

template <typename Value>
Matching run(int vertices, const std::vector<WeightedEdge>& edges) {
    lemon::SmartGraph graph;
    graph.reserveNode(vertices);
    graph.reserveEdge(static_cast<int>(edges.size()));
    std::vector<lemon::SmartGraph::Node> nodes;
    nodes.reserve(static_cast<std::size_t>(vertices));
    for (int i = 0; i < vertices; ++i) nodes.push_back(graph.addNode());
    lemon::SmartGraph::EdgeMap<Value> weight(graph);
    for (const auto& e : edges) {
        if (e.weight <= WideWeight(0)) continue;
        narrow_to(e.weight, weight[graph.addEdge(nodes[static_cast<std::size_t>(e.u)],
                                                 nodes[static_cast<std::size_t>(e.v)])]);
    }
    lemon::MaxWeightedMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<Value>> solver(graph,
                                                                                            weight);
    solver.run();
    Matching result;
    result.mate.assign(static_cast<std::size_t>(vertices), -1);
    for (int i = 0; i < vertices; ++i) {
        const auto m = solver.mate(nodes[static_cast<std::size_t>(i)]);
        if (m != lemon::INVALID) result.mate[static_cast<std::size_t>(i)] = graph.id(m);
    }
    result.weight = widen(solver.matchingWeight());
    return result;
}

}  // namespace

Matching max_weight_matching(int vertices, const std::vector<WeightedEdge>& edges, bool narrow) {
    return narrow ? run<Int128>(vertices, edges) : run<WideWeight>(vertices, edges);
}

}  // namespace ck::swiss
