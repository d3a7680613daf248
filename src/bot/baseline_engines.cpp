#include "bot/baseline_engines.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "bot/candidates.hpp"
#include "bot/rng.hpp"
#include "bot/view_turns.hpp"

namespace ck::bot {

namespace {

int move_length(const Candidate& c) {
    if (c.move.is_drop()) return 1;
    const int df = std::abs(rules::file_of(c.move.from()) - rules::file_of(c.move.to()));
    const int dr = std::abs(rules::rank_of(c.move.from()) - rules::rank_of(c.move.to()));
    return std::max(df, dr);
}

bool promotes_to_queen(const Candidate& c) {
    return c.move.kind() == rules::MoveKind::Promotion && c.move.piece() == rules::PieceType::Queen;
}

class BaselineEngine final : public Engine {
public:
    BaselineEngine(Baseline kind, std::uint64_t seed) : kind_(kind), seed_(seed) {}

    std::string next_attempt(const referee::PlayerView& view) override {
        Rng rng(mix_seed(seed_, view.heard.size(), 17));
        std::vector<Candidate> all = candidates(view);
        if (all.empty()) return "resign";
        const TurnSoFar so_far = turn_so_far(view.heard, view.player);
        const bool has_any = any_rule(view) != referee::AnyRule::None;
        const bool duty = under_duty(view);
        bool pawn_capture_possible = false;
        for (const Candidate& c : all) pawn_capture_possible |= c.pawn_capture;

        std::vector<Candidate> pool;
        if (duty) {
            for (const Candidate& c : all)
                if (c.pawn_capture) pool.push_back(c);
        }
        if (!pool.empty()) return pool[rng.below(static_cast<int>(pool.size()))].text;

        if (kind_ == Baseline::Random) return all[rng.below(static_cast<int>(all.size()))].text;
        if (kind_ == Baseline::RandomAny) {
            if (has_any && !so_far.asked_any && pawn_capture_possible) return "any?";
            return all[rng.below(static_cast<int>(all.size()))].text;
        }
        // Heuristic.
        const rules::Square lost = last_loss_square(view.heard, view.player);
        std::vector<Candidate> recaptures;
        for (const Candidate& c : all)
            if (lost != rules::NoSquare && !c.move.is_drop() && c.move.to() == lost)
                recaptures.push_back(c);
        if (!recaptures.empty())
            return recaptures[rng.below(static_cast<int>(recaptures.size()))].text;
        for (const Candidate& c : all)
            if (promotes_to_queen(c)) return c.text;
        if (has_any && !so_far.asked_any && so_far.attempts == 0 && pawn_capture_possible &&
            rng.unit() < 0.5)
            return "any?";
        std::vector<std::pair<std::uint64_t, int>> order;  // (key, index): longer first
        for (int i = 0; i < static_cast<int>(all.size()); ++i)
            order.push_back({(static_cast<std::uint64_t>(8 - move_length(all[i])) << 32) |
                                 (rng.next() & 0xffffffffULL),
                             i});
        std::sort(order.begin(), order.end());
        return all[order.front().second].text;
    }

private:
    Baseline kind_;
    std::uint64_t seed_;
};

}  // namespace

std::unique_ptr<Engine> make_baseline(Baseline kind, std::uint64_t seed) {
    return std::make_unique<BaselineEngine>(kind, seed);
}

}  // namespace ck::bot
