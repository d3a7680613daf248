#include "swiss/simulate.hpp"

#include <algorithm>
#include <cmath>

#include "swiss/dutch.hpp"

namespace ck::swiss {
namespace {

// splitmix64: small, fast and the same everywhere.
std::uint64_t next(std::uint64_t& s) {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
int below(std::uint64_t& s, int n) {
    return static_cast<int>(next(s) % static_cast<std::uint64_t>(n));
}
bool percent(std::uint64_t& s, int p) { return below(s, 100) < p; }

// When a simulated player enters and withdraws (the rounds before and after are zero-point
// byes in the TRF).
struct Plan {
    int enters = 1;     // the first round the player is paired in
    int withdraws = 0;  // the first round the player is absent for good (0: never)
};

// Marks round `round`'s requested byes, withdrawals and not yet entered players, before it is
// paired.
void mark_round_absences(Event& event, std::vector<Plan>& plans, int round,
                         const SimulationOptions& options, std::uint64_t& rng) {
    for (std::size_t i = 0; i < event.players.size(); ++i) {
        auto& p = event.players[i];
        auto& plan = plans[i];
        if (static_cast<int>(p.rounds.size()) >= round) continue;
        p.rounds.resize(static_cast<std::size_t>(round - 1));
        Outcome mark = Outcome::Absent;
        if (round < plan.enters) {
            mark = Outcome::ZeroBye;
        } else if (plan.withdraws != 0 && round >= plan.withdraws) {
            mark = Outcome::ZeroBye;
        } else if (round > 1 && percent(rng, options.withdraw_percent)) {
            plan.withdraws = round;
            mark = Outcome::ZeroBye;
        } else if (round < options.rounds && percent(rng, options.bye_percent)) {
            mark = Outcome::HalfBye;
        }
        if (mark != Outcome::Absent) p.rounds.push_back(RoundEntry{0, Colour::None, mark});
    }
}

}  // namespace

core::Result<Event, core::Error> simulate(const SimulationOptions& options,
                                          const RoundObserver& observer) {
    std::uint64_t rng = options.seed * 0x2545f4914f6cdd1dULL + 1;
    Event event;
    event.name = "Random event " + std::to_string(options.seed);
    event.total_rounds = options.rounds;
    event.initial_colour = percent(rng, 50) ? Colour::White : Colour::Black;
    std::vector<int> ratings;
    for (int i = 0; i < options.players; ++i) ratings.push_back(1000 + below(rng, 1800));
    std::sort(ratings.begin(), ratings.end(), std::greater<>());
    for (int i = 0; i < options.players; ++i) {
        Player p;
        p.number = i + 1;
        p.name = "Player " + std::to_string(i + 1);
        p.rating = ratings[static_cast<std::size_t>(i)];
        event.players.push_back(std::move(p));
    }
    std::vector<Plan> plans(event.players.size());
    for (auto& plan : plans)
        if (options.rounds > 3 && percent(rng, options.late_entries_percent))
            plan.enters = 2 + below(rng, 2);

    const int stop = options.rounds_to_play < 0 ? options.rounds : options.rounds_to_play;
    for (int round = 1; round <= stop; ++round) {
        mark_round_absences(event, plans, round, options, rng);
        auto pairing = pair_dutch(event);
        if (!pairing) {
            return core::unexpected(core::with_context(
                pairing.error(), "random event seed " + std::to_string(options.seed) + ", " +
                                     std::to_string(options.players) + " players"));
        }
        if (observer) observer(event, *pairing);
        add_round(event, round, *pairing);
        for (const auto& b : pairing->boards) {
            const int rw = event.players[static_cast<std::size_t>(b.white - 1)].rating;
            const int rb = event.players[static_cast<std::size_t>(b.black - 1)].rating;
            Outcome o;
            if (percent(rng, options.forfeit_percent)) {
                o = percent(rng, 50) ? Outcome::ForfeitWin : Outcome::ForfeitLoss;
            } else if (percent(rng, options.draw_percent)) {
                o = Outcome::Draw;
            } else {
                const double expected = 1.0 / (1.0 + std::pow(10.0, (rb - rw) / 400.0));
                o = below(rng, 10000) < expected * 10000 ? Outcome::Win : Outcome::Loss;
            }
            set_result(event, round, b.white, o);
        }
    }
    if (stop < options.rounds) mark_round_absences(event, plans, stop + 1, options, rng);
    return event;
}

}  // namespace ck::swiss
