// Bench section "perft": single-thread perft speed (nodes per CPU-second) on the positions of
// tests/data/perft/bench.epd (copied here so that the installed program needs no data files).
#include <ostream>

#include "app/bench_section.hpp"
#include "rules/cpu_timer.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace ck::app {
namespace {

struct BenchCase {
    const char* variant;
    const char* fen;
    int depth;
    std::uint64_t nodes;
    const char* name;
};

// Same lines as tests/data/perft/bench.epd.
constexpr BenchCase Cases[] = {
    {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 6, 120812942,
     "zh-start"},
    {"crazyhouse", "r2k2nr/p7/2np1P2/4N3/1P1B3q/P1P1P3/b2P2K1/1N6[PPPPPBQpppbrr] w - - 0 32", 4,
     273188505, "zh-mid-bigpocket"},
    {"crazyhouse", "rQ2qb1r/3kBn2/B5b1/P6p/3p1P2/2N2p2/R1PP2PP/4K2R[PPPPNpppn] w K - 0 24", 4,
     82625384, "zh-mid-castle-pockets"},
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324,
     "chess-start"},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690,
     "chess-kiwipete"},
    {"chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5,
     164075551, "chess-pos6"},
};

void run_perft_bench(std::ostream& out) {
    for (const BenchCase& c : Cases) {
        const rules::Variant* v = rules::find_variant(c.variant);
        auto pos = rules::Position::from_fen(c.fen, *v);
        if (!v || !pos) {
            out << "perft " << c.name << " d" << c.depth << ": 0 nodes/s (bad position)\n";
            continue;
        }
        const double t0 = rules::thread_cpu_seconds();
        std::uint64_t n = rules::perft(*pos, c.depth);
        const double s = rules::thread_cpu_seconds() - t0;
        out << "perft " << c.name << " d" << c.depth << ": "
            << static_cast<std::uint64_t>(s > 0 ? n / s : 0) << " nodes/s";
        if (n != c.nodes) out << " (WRONG COUNT " << n << ", expected " << c.nodes << ")";
        out << "\n";
        out.flush();
    }
}

const BenchRegistration breg{{"perft", 10, run_perft_bench}};

}  // namespace
}  // namespace ck::app
