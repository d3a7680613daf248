// A bot sees only a player's view (docs/design.md, "Hidden information is a type"): two games
// that differ only in what White may not know give White's engine (same spec, same seed) the
// same views and so the same attempts, for every engine that plays hidden games.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "bot/engine.hpp"
#include "referee/game.hpp"
#include "rules/variant.hpp"

using namespace ck;
using rules::Color;

namespace {

referee::Game new_game() {
    referee::GameSetup setup;
    setup.variant = rules::find_variant("crazyhouse");
    setup.hidden = true;
    auto g = referee::Game::create(setup);
    REQUIRE(g);
    return std::move(*g);
}

// Black's scripts: the two games differ in Black's moves only, moves White never hears of
// (no capture, check or drop while the script lasts, unless White's own play causes one).
const std::vector<std::string> script_a = {"Nf6", "Ng8", "Nf6", "Ng8", "Nf6", "Ng8",
                                           "Nf6", "Ng8", "Nf6", "Ng8", "Nf6", "Ng8"};
const std::vector<std::string> script_b = {"Nc6", "Nb8", "Nc6", "Nb8", "Nc6", "Nb8",
                                           "Nc6", "Nb8", "Nc6", "Nb8", "Nc6", "Nb8"};

struct Trace {
    std::vector<std::string> attempts;
    std::vector<std::string> views;  // White's view before each attempt (board and heard)
};

std::string view_key(const referee::PlayerView& v) {
    std::string k = v.board_text();
    for (const auto& a : v.heard)
        k += "|" + std::string(referee::announcement_type_name(a.type)) + a.move + a.answer +
             a.attempt + a.piece + a.square + a.direction;
    return k;
}

Trace run(const char* spec_text, const std::vector<std::string>& script, std::uint64_t seed) {
    auto game = new_game();
    auto spec = bot::parse_engine_spec(spec_text);
    REQUIRE(spec);
    auto engine = bot::make_engine(*spec, game.view(Color::White), seed);
    REQUIRE(engine);
    auto fallback =
        bot::make_engine(*bot::parse_engine_spec("heuristic"), game.view(Color::Black), 7);
    REQUIRE(fallback);
    Trace t;
    std::size_t next = 0;
    while (!game.over() && t.attempts.size() < 30) {
        if (game.side_to_move() == Color::White) {
            const auto view = game.view(Color::White);
            t.views.push_back(view_key(view));
            t.attempts.push_back((*engine)->next_attempt(view));
            (void)game.request(t.attempts.back());
        } else {
            // The script while it is legal, then Black's own engine (its views may differ: the
            // comparison stops where White's views do).
            if (next < script.size() &&
                game.request(script[next++]).answer == referee::Answer::Legal)
                continue;
            next = script.size();
            for (int tries = 0; tries < 2000 && !game.over(); ++tries)
                if (game.request((*fallback)->next_attempt(game.view(Color::Black))).answer ==
                    referee::Answer::Legal)
                    break;
        }
    }
    return t;
}

}  // namespace

TEST_CASE("bots choose from the view only: paired games give the same attempts") {
    for (const char* spec : {"belief:particles=24,samples=8", "heuristic", "random-any"}) {
        INFO(spec);
        std::size_t compared = 0;
        for (std::uint64_t seed = 40; seed < 45; ++seed) {
            const Trace a = run(spec, script_a, seed), b = run(spec, script_b, seed);
            std::size_t same = 0;
            while (same < a.views.size() && same < b.views.size() &&
                   a.views[same] == b.views[same]) {
                REQUIRE(a.attempts[same] == b.attempts[same]);
                ++same;
            }
            compared += same;
        }
        REQUIRE(compared >= 25);  // the test compared real decisions
    }
}

TEST_CASE("the true opponent position changes the attempts only through the view") {
    // The same game twice: identical views, identical attempts (the engines hold no hidden
    // input such as the clock or the address of an object).
    const Trace a = run("belief:particles=24,samples=8", script_a, 42);
    const Trace b = run("belief:particles=24,samples=8", script_a, 42);
    REQUIRE(a.attempts == b.attempts);
}
