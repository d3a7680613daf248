// The absolute criteria in every round of generated events (issue 20's acceptance): sizes 5-120,
// random results, requested byes, withdrawals, late entries, forfeits. 1,000 events by default,
// in four test cases of 250 (label "slow": the Release pass runs them, about ten seconds each,
// the sanitizer pass does not); CK_SWISS_EVENTS=N runs N per case (the seed of a failing event
// is printed: simulate it again with `crazykrieg swiss simulate --seed S ...`).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <random>

#include "swiss/check.hpp"
#include "swiss/simulate.hpp"

using namespace ck::swiss;

namespace {

void check_events(int part) {
    int events = 250;
    if (const char* env = std::getenv("CK_SWISS_EVENTS")) events = std::atoi(env);
    std::mt19937_64 rng(2026 + static_cast<std::uint64_t>(part));
    int rounds_checked = 0;
    for (int i = 0; i < events; ++i) {
        SimulationOptions o;
        o.seed = 100000 * static_cast<std::uint64_t>(part) + static_cast<std::uint64_t>(i);
        // Sizes 5-120, most of them small so that 1,000 events stay within seconds.
        const double u = std::uniform_real_distribution<double>(0, 1)(rng);
        o.players = 5 + static_cast<int>(115 * u * u * u);
        // Few enough rounds that a valid pairing exists (a 5-player event runs dry in its 4th).
        o.rounds = std::min(9, std::max(3, o.players / 2));
        if (o.players < 9) o.rounds = 3;
        o.bye_percent = static_cast<int>(rng() % 8);
        o.withdraw_percent = static_cast<int>(rng() % 4);
        o.forfeit_percent = static_cast<int>(rng() % 8);
        o.late_entries_percent = static_cast<int>(rng() % 10);
        INFO("seed " << o.seed << ", " << o.players << " players, " << o.rounds << " rounds");
        auto event = simulate(o, [&](const Event& before, const RoundPairing& pairing) {
            const auto problems = check_round(before, pairing);
            for (const auto& p : problems) FAIL_CHECK(p);
            ++rounds_checked;
        });
        REQUIRE(event);
    }
    CHECK(rounds_checked >= 3 * events);
}

}  // namespace

TEST_CASE("property: absolute criteria hold in every round, events 1-250", "[property]") {
    check_events(1);
}
TEST_CASE("property: absolute criteria hold in every round, events 251-500", "[property]") {
    check_events(2);
}
TEST_CASE("property: absolute criteria hold in every round, events 501-750", "[property]") {
    check_events(3);
}
TEST_CASE("property: absolute criteria hold in every round, events 751-1000", "[property]") {
    check_events(4);
}
