// RecordBuilder renders its records incrementally (the Fold in referee_record.hpp): each render
// resumes the movetext where the previous one stopped. These tests render after every change
// and compare with a builder that is given the same calls and renders once, from nothing:
// through receipts and notes that arrive after their ply was rendered, conditional comments
// and the end of the game, copies that go separate ways (a session's copy thrown away after a
// failed commit, the repository's kept copy played on instead), and a record reopened from its
// text.
#include <catch2/catch.hpp>
#include <functional>
#include <random>
#include <string>
#include <vector>

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

// A builder and every call it was given, so that a fresh builder can be given them again.
struct Logged {
    GameSetup setup;
    RecordBuilder builder;
    std::vector<std::function<void(RecordBuilder&)>> calls;

    explicit Logged(const GameSetup& s) : setup(s), builder(s) {}
    void call(std::function<void(RecordBuilder&)> f) {
        f(builder);
        calls.push_back(std::move(f));
    }
    RecordBuilder fresh() const {
        RecordBuilder b(setup);
        for (const auto& f : calls) f(b);
        return b;
    }
};

// The records of `l.builder` (folded since its last render) equal those of a builder that was
// never rendered.
void check_fresh(const Logged& l, const Game& game) {
    const RecordBuilder b = l.fresh();
    REQUIRE(l.builder.referee_record() == b.referee_record());
    for (Color c : {Color::White, Color::Black}) {
        auto folded = l.builder.player_record(c, game);
        auto whole = b.player_record(c, game);
        REQUIRE(folded.has_value());
        REQUIRE(whole.has_value());
        REQUIRE(*folded == *whole);
    }
}

// Records ruling `r` as the daemon does (RecordBuilder::add with the game after it).
void add_ruling(Logged& l, const ck::referee::Ruling& r, const Game& after) {
    if (r.move || r.result) {
        const std::array<std::string, 2> pictures{after.view_text(Color::White),
                                                  after.view_text(Color::Black)};
        l.call([r, pictures](RecordBuilder& b) { b.add(r, pictures); });
    } else {
        l.call([r](RecordBuilder& b) { b.add(r); });
    }
}

// Random requests, each followed by a check: sometimes the receipt is added only after a render,
// sometimes a note or a conditional comment lands on a ply already rendered.
void play_checked(Game& game, Logged& l, std::mt19937& rng, int requests) {
    const auto key = ck::referee::TruePositionKeyForTests::make();
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    for (int i = 0; i < requests && !game.over(); ++i) {
        const auto& pos = game.true_position(key);
        const std::string text =
            ck::test::random_request(pos, pick, pick(100), 65, 98).value_or("N@e4");
        const auto r = game.request(text);
        add_ruling(l, r, game);
        if (pick(3) == 0) check_fresh(l, game);  // rendered before the receipt arrives
        if (r.move && game.hidden()) {
            const int ply = l.builder.plies();
            const std::string hex = game.commitment(Salt, ply);
            l.call([ply, hex](RecordBuilder& b) { b.add_commitment(ply, hex); });
        }
        if (pick(25) == 0) {
            const int ply = pick(l.builder.plies() + 1);  // maybe a ply rendered long ago
            const Color by = pick(2) == 0 ? Color::White : Color::Black;
            l.call([ply, by](RecordBuilder& b) { b.add_note(ply, by, "a {note}\n[%x] here"); });
        }
        if (r.move && pick(20) == 0) {
            const int ply = l.builder.plies();
            l.call(
                [ply](RecordBuilder& b) { b.add_conditional_comment(ply, Color::White, "e4 e5"); });
        }
        check_fresh(l, game);
    }
}

Logged started(const GameSetup& setup, const Game& game) {
    Logged l(setup);
    l.call([](RecordBuilder& b) {
        b.set_tag("Event", "fold test");
        b.set_tag("Mode", "EM");
    });
    if (setup.hidden) {
        const std::string hex = game.commitment(Salt, 0);
        l.call([hex](RecordBuilder& b) {
            b.set_salt(Salt);
            b.add_commitment(0, hex);
        });
    }
    return l;
}

// A new game as `setup` says.
Game new_game(const GameSetup& setup) {
    auto created = Game::create(setup);
    REQUIRE(created.has_value());
    return std::move(*created);
}

// The setup of a `variant` game, open or hidden.
GameSetup setup_of(const char* variant, bool hidden) {
    GameSetup setup;
    setup.variant = ck::rules::find_variant(variant);
    setup.hidden = hidden;
    return setup;
}

}  // namespace

TEST_CASE("a record rendered after every change equals one rendered once", "[record]") {
    for (const char* variant : {"crazyhouse", "chess"}) {
        for (bool hidden : {true, false}) {
            for (unsigned seed = 1; seed <= 4; ++seed) {
                INFO(variant << " hidden " << hidden << " seed " << seed);
                const GameSetup setup = setup_of(variant, hidden);
                Game game = new_game(setup);
                Logged l = started(setup, game);
                check_fresh(l, game);
                std::mt19937 rng(seed * 104729 + (hidden ? 1 : 0));
                play_checked(game, l, rng, 160);
                if (!game.over()) {  // an end outside the requests: conditional comments show
                    auto ended = game.end_by(ck::referee::GameResult::Draw, "agreement");
                    REQUIRE(ended.has_value());
                    add_ruling(l, *ended, game);
                    check_fresh(l, game);
                }
                // Requests after the end go into the final comment.
                add_ruling(l, game.request("e4"), game);
                check_fresh(l, game);
            }
        }
    }
}

TEST_CASE("copies of a rendered record go their own ways", "[record]") {
    const GameSetup setup = setup_of("crazyhouse", true);
    Game game = new_game(setup);
    Logged kept = started(setup, game);
    std::mt19937 rng(42);
    play_checked(game, kept, rng, 60);
    // A session's copy plays on and is thrown away (its commit failed); the kept copy, as it was
    // rendered before, plays other requests.
    Game session_game = game;
    Logged session = kept;
    play_checked(session_game, session, rng, 30);
    std::mt19937 other(7);
    play_checked(game, kept, other, 30);
    check_fresh(kept, game);
    check_fresh(session, session_game);
    CHECK(kept.builder.referee_record() != session.builder.referee_record());
}

TEST_CASE("a reopened record renders incrementally as it is played on", "[record]") {
    const GameSetup setup = setup_of("crazyhouse", true);
    Game game = new_game(setup);
    Logged l = started(setup, game);
    std::mt19937 rng(3);
    play_checked(game, l, rng, 80);
    auto opened = ck::pgn::open_referee_record(l.builder.referee_record(), Salt);
    REQUIRE(opened.has_value());
    // The reopened builder (never rendered) stands for the calls so far: log on from there
    // (its notes are game.ini's, not the record's: not compared with `l`).
    const RecordBuilder base = opened->builder;
    Logged reopened(setup);
    reopened.builder = base;
    reopened.calls.push_back([base](RecordBuilder& b) { b = base; });
    play_checked(opened->game, reopened, rng, 80);
    check_fresh(reopened, opened->game);
}
