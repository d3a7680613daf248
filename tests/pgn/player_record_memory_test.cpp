// Player records from the rulings in memory (RecordBuilder::player_record, referee_record.hpp)
// are byte-identical to the ones derived from the referee record's text by replay
// (pgn::player_record), for every rule set and variant, with receipts, notes, ends outside the
// requests, and after the record is reopened (open_referee_record) and played on.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "../referee/referee_test_support.hpp"
#include "pgn/referee_record.hpp"
#include "random_requests.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace {

using ck::pgn::RecordBuilder;
using ck::referee::Game;
using ck::referee::GameSetup;
using ck::rules::Color;

constexpr const char* Salt = "00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF";

// Random requests into `game`, each recorded with its pictures and, in a hidden game, the receipt
// of every ply; sometimes a note, an end by agreement or a resignation.
void play_on(Game& game, RecordBuilder& b, std::mt19937& rng, int requests) {
    const auto key = ck::referee::TruePositionKeyForTests::make();
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    for (int i = 0; i < requests && !game.over(); ++i) {
        const auto& pos = game.true_position(key);
        const int roll = pick(100);
        std::string text = ck::test::random_request(pos, pick, roll, 60, 97)
                               .value_or(roll < 98 && i > 30 ? "resign" : "N@e4");
        const auto r = game.request(text);
        b.add(r, game);
        if (r.move && game.hidden()) b.add_commitment(b.plies(), game.commitment(Salt, b.plies()));
        if (pick(40) == 0)
            b.add_note(b.plies(), game.side_to_move(), "a {note}\nover [%two] lines");
    }
    if (!game.over() && pick(4) == 0) {
        const bool agreed = pick(2) == 0;
        auto ended =
            game.end_by(agreed ? ck::referee::GameResult::Draw : ck::referee::GameResult::WhiteWins,
                        agreed ? "agreement" : "forfeit");
        INFO((ended ? std::string() : ended.error()));
        REQUIRE(ended.has_value());
        b.add(*ended, game);
    }
}

void check_same(const RecordBuilder& b, const Game& game) {
    const std::string text = b.referee_record();
    for (Color c : {Color::White, Color::Black}) {
        auto from_text = ck::pgn::player_record(text, c);
        REQUIRE(from_text.has_value());
        auto from_memory = b.player_record(c, game);
        REQUIRE(from_memory.has_value());
        CHECK(*from_memory == *from_text);
    }
}

}  // namespace

TEST_CASE("player records from memory equal the ones derived by replay", "[record]") {
    int games = 0;
    for (int rs = 0; rs < ck::referee::RuleSetCount; ++rs) {
        for (const char* variant :
             {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"}) {
            for (bool hidden : {true, false}) {
                if (!hidden && rs != 0) continue;
                for (unsigned seed = 1; seed <= 3; ++seed) {
                    GameSetup setup;
                    setup.variant = ck::rules::find_variant(variant);
                    REQUIRE(setup.variant != nullptr);
                    setup.hidden = hidden;
                    setup.rules = static_cast<ck::referee::RuleSet>(rs);
                    INFO(variant << " rules " << rs << " hidden " << hidden << " seed " << seed);
                    auto created = Game::create(setup);
                    REQUIRE(created.has_value());
                    Game game = std::move(*created);
                    RecordBuilder b(setup);
                    b.set_tag("Event", "memory test");
                    b.set_tag("White", "Alice \"A\"");
                    b.set_tag("Mode", "EM");
                    if (hidden) {
                        b.set_salt(Salt);
                        b.add_commitment(0, game.commitment(Salt, 0));
                    }
                    check_same(b, game);  // before any request
                    std::mt19937 rng(seed * 7919 + rs);
                    play_on(game, b, rng, 120);
                    check_same(b, game);
                    // Reopened from its text and played on, as the daemon does.
                    auto opened = ck::pgn::open_referee_record(b.referee_record(),
                                                               hidden ? Salt : std::string());
                    REQUIRE(opened.has_value());
                    check_same(opened->builder, opened->game);
                    play_on(opened->game, opened->builder, rng, 80);
                    check_same(opened->builder, opened->game);
                    ++games;
                }
            }
        }
    }
    CHECK(games > 100);
}

TEST_CASE("a ruling recorded without its pictures gives no player record from memory", "[record]") {
    GameSetup setup;
    setup.variant = ck::rules::find_variant("crazyhouse");
    setup.hidden = true;
    auto game = Game::create(setup);
    REQUIRE(game.has_value());
    RecordBuilder b(setup);
    b.add(game->request("e4"));  // a move, without the game: no pictures
    CHECK_FALSE(b.player_record(Color::White, *game).has_value());
}
