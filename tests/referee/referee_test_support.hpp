#pragma once
// Helpers for the referee tests: games from a FEN, announcements as JSON text.
#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "referee/game.hpp"
#include "referee/ruling_json.hpp"
#include "rules/variant.hpp"

namespace ck::referee {

// The tests may look at the true position (docs/design.md: only the referee, the record writer
// and tests hold the key).
struct TruePositionKeyForTests {
    static TruePositionKey make() { return TruePositionKey(); }
};

}  // namespace ck::referee

namespace ck::referee::test {

inline Game make_game(const char* variant, bool hidden, std::optional<std::string> fen = {},
                      RuleSet rules = RuleSet::CrazyKrieg) {
    GameSetup setup;
    setup.variant = rules::find_variant(variant);
    REQUIRE(setup.variant != nullptr);
    setup.hidden = hidden;
    setup.rules = rules;
    setup.fen = std::move(fen);
    auto g = Game::create(setup);
    if (!g) FAIL("cannot set up game: " << g.error().message);
    return std::move(*g);
}

inline Game hidden(const char* variant, std::optional<std::string> fen = {}) {
    return make_game(variant, true, std::move(fen));
}

// What `c` was told, as the umpire writes it: [{"type":...},...]
inline std::string told(const Ruling& r, rules::Color c) {
    std::string out = "[";
    const auto& list = r.told[rules::index_of(c)];
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i) out += ',';
        out += announcement_json(list[i]);
    }
    return out + "]";
}

constexpr rules::Color White = rules::Color::White;
constexpr rules::Color Black = rules::Color::Black;

// Plays the requests, requiring each to be answered `legal`.
inline void play_all(Game& g, std::initializer_list<const char*> requests) {
    for (const char* req : requests) {
        INFO("request " << req);
        REQUIRE(g.request(req).answer == Answer::Legal);
    }
}

}  // namespace ck::referee::test
