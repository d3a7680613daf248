// The belief engine's sampled positions stay consistent with what the player heard, and the
// announcements it filters on hold for the true position (README "Computer opponents").
#include <catch2/catch.hpp>

#include "../referee/referee_test_support.hpp"
#include "bot/belief_state.hpp"
#include "bot/engine.hpp"
#include "bot/view_turns.hpp"
#include "rules/movegen.hpp"

using namespace ck;
using rules::Color;

namespace {

void check_consistency(const char* variant, referee::RuleSet rule_set, std::uint64_t seed) {
    auto game = referee::test::make_game(variant, true, {}, rule_set);
    const auto key = referee::TruePositionKeyForTests::make();
    bot::BeliefState belief(game.view(Color::White), seed, 24);
    auto spec = bot::parse_engine_spec("heuristic");
    auto w = bot::make_engine(*spec, game.view(Color::White), seed);
    auto b = bot::make_engine(*spec, game.view(Color::Black), seed + 1);
    REQUIRE((w && b));
    std::unique_ptr<bot::Engine> e[2];
    e[0] = std::move(*w);
    e[1] = std::move(*b);
    int checked = 0;
    for (int ply = 0; ply < 50 && !game.over(); ++ply) {
        const Color side = game.side_to_move();
        for (int tries = 0; tries < 2000 && !game.over(); ++tries) {
            const auto view = game.view(side);
            if (side == Color::White) {
                belief.update(view);
                const auto& truth = game.true_position(key);
                const auto so_far = bot::turn_so_far(view.heard, Color::White);
                REQUIRE(!belief.positions().empty());
                for (const auto& pos : belief.positions()) {
                    REQUIRE(pos.side_to_move() == Color::White);
                    for (rules::Square s = 0; s < 64; ++s) {
                        const auto p = pos.piece_on(s);
                        const bool mine = rules::is_piece(p) && rules::color_of(p) == Color::White;
                        REQUIRE((mine ? p : rules::Piece::NoPiece) == view.pieces.board[s]);
                    }
                    if (so_far.asked_any)
                        REQUIRE(bot::has_legal_pawn_capture(pos) == so_far.any_try);
                    ++checked;
                }
                // What the filter relies on holds for the truth: an attempt refused `no` in
                // this turn is illegal there, and in every sampled position.
                const auto turns = bot::split_turns(view.heard);
                const bot::Turn& now = turns.back();
                if (!now.complete() && now.side == Color::White)
                    for (int i = now.first; i < now.end; ++i) {
                        const auto& a = view.heard[i];
                        if (a.type != referee::AnnouncementType::Illegal || a.answer != "no")
                            continue;
                        REQUIRE(!bot::attempt_legal(truth, a.attempt, nullptr));
                        for (const auto& pos : belief.positions())
                            REQUIRE(!bot::attempt_legal(pos, a.attempt, nullptr));
                    }
            }
            const auto r = game.request(e[rules::index_of(side)]->next_attempt(view));
            if (r.answer == referee::Answer::Legal) break;
        }
    }
    REQUIRE(checked > 100);
}

}  // namespace

TEST_CASE("belief positions agree with the view and every refusal, crazykrieg") {
    check_consistency("crazyhouse", referee::RuleSet::CrazyKrieg, 3);
}

TEST_CASE("belief positions agree with the view and every refusal, wild16") {
    check_consistency("chess", referee::RuleSet::Wild16, 4);
}

TEST_CASE("belief positions agree with the view, berkeley-any and rand") {
    check_consistency("chess", referee::RuleSet::BerkeleyAny, 5);
    check_consistency("loop", referee::RuleSet::Rand, 6);
}

TEST_CASE("after one move each, every sampled position is legal with 16 black units") {
    // After 1. e4 the only information is White's own move; Black's 24 sampled replies are
    // drawn from its legal moves: every sampled position is a legal position after one ply of
    // each side with White's pieces as they are.
    auto game = referee::test::make_game("chess", true, {}, referee::RuleSet::CrazyKrieg);
    bot::BeliefState belief(game.view(Color::White), 9, 24);
    (void)game.request("e4");
    (void)game.request("d5");
    belief.update(game.view(Color::White));
    REQUIRE(belief.rebuilds() == 0);
    for (const auto& pos : belief.positions()) {
        REQUIRE(pos.game_ply() >= 0);
        REQUIRE(pos.side_to_move() == Color::White);
        REQUIRE(pos.is_consistent());
        // Black made exactly one move: 16 black units, one of them moved.
        REQUIRE(__builtin_popcountll(pos.pieces(Color::Black)) == 16);
    }
}
