#include "swiss/matching.hpp"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

namespace ck::swiss {

Matching max_weight_matching(int vertices, const std::vector<WeightedEdge>& edges) {
    lemon::SmartGraph graph;
    graph.reserveNode(vertices);
    graph.reserveEdge(static_cast<int>(edges.size()));
    std::vector<lemon::SmartGraph::Node> nodes;
    nodes.reserve(static_cast<std::size_t>(vertices));
    for (int i = 0; i < vertices; ++i) nodes.push_back(graph.addNode());
    lemon::SmartGraph::EdgeMap<WideWeight> weight(graph);
    for (const auto& e : edges) {
        if (e.weight <= WideWeight(0)) continue;
        weight[graph.addEdge(nodes[static_cast<std::size_t>(e.u)],
                             nodes[static_cast<std::size_t>(e.v)])] = e.weight;
    }
    lemon::MaxWeightedMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<WideWeight>> solver(
        graph, weight);
    solver.run();
    Matching result;
    result.mate.assign(static_cast<std::size_t>(vertices), -1);
    for (int i = 0; i < vertices; ++i) {
        const auto m = solver.mate(nodes[static_cast<std::size_t>(i)]);
        if (m != lemon::INVALID) result.mate[static_cast<std::size_t>(i)] = graph.id(m);
    }
    result.weight = solver.matchingWeight();
    return result;
}

}  // namespace ck::swiss
