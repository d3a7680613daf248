// Bench section "swiss": the time to pair one round of a 500-player Swiss after 7 rounds with the
// Dutch engine (the figure issue 20 asks for; the event is a simulated one, swiss/simulate.hpp,
// the same for every run).
#include <chrono>
#include <ctime>
#include <iostream>

#include "app/bench_section.hpp"
#include "swiss/dutch.hpp"
#include "swiss/simulate.hpp"

namespace ck::app {
namespace {

void run_swiss_bench(std::ostream& out) {
    swiss::SimulationOptions o;
    o.players = 500;
    o.rounds = 9;
    o.rounds_to_play = 7;
    o.seed = 20;
    auto event = swiss::simulate(o);
    if (!event) {
        out << "swiss: " << event.error().detail << "\n";
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    auto pairing = swiss::pair_dutch(*event);
    const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!pairing) {
        out << "swiss: " << pairing.error().detail << "\n";
        return;
    }
    out << "swiss pair round 8 of 500 players (Dutch): " << seconds << " s\n";
    out << "swiss pair round 8 of 500 players (Dutch, CPU): " << cpu << " s\n";
}

const BenchRegistration reg{{"swiss", 60, run_swiss_bench}};

}  // namespace
}  // namespace ck::app
