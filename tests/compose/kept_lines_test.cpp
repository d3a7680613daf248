// The text part's move list kept wrapped and encoded (compose/kept_lines.hpp): wrap_body is
// wrap_lines byte for byte and its run is the encoding of what it covers, and a mail made with
// kept lines is the mail fresh ones give, as the game grows, after a rollback and for another
// game under the same key.
#include "compose/kept_lines.hpp"

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "compose/move_list.hpp"
#include "compose/text_wrap.hpp"
#include "compose_test_support.hpp"
#include "mail/codec.hpp"
#include "rules/game_status.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
namespace rules = ck::rules;

namespace {

const ck::core::GameId Game7 = *ck::core::parse_game_id("7");

// wrap_body against wrap_lines, and its run against qp_encode of the bytes it covers.
std::string checked_wrap(const std::string& body, const std::string& moves,
                         ck::core::GameId game = Game7) {
    std::vector<ck::mail::EncodedRun> runs;
    const std::string out = wrap_body(body, 78, moves, game, White, runs);
    CHECK(out == wrap_lines(body, 78));
    for (const auto& r : runs) {
        REQUIRE(r.offset + r.size <= out.size());
        CHECK(r.encoded == ck::mail::qp_encode(out.substr(r.offset, r.size)));
    }
    return out;
}

std::size_t runs_of(const std::string& body, const std::string& moves) {
    std::vector<ck::mail::EncodedRun> runs;
    wrap_body(body, 78, moves, Game7, White, runs);
    return runs.size();
}

// The game after the first `plies` of a seeded random hidden crazyhouse line, a refused try
// now and then.
ck::referee::Game random_game(int plies, unsigned seed) {
    std::mt19937 rng(seed);
    auto g = new_game("crazyhouse", true);
    auto pos = rules::Position::startpos(*rules::find_variant("crazyhouse"));
    for (int ply = 0; ply < plies; ++ply) {
        rules::MoveList legal;
        rules::generate_legal(pos, legal);
        const rules::Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
        pos.make_move(m);
        if (rules::termination(pos) != rules::Termination::None) break;
        if (rng() % 3 == 0) g.request("a1h8");
        g.request(rules::to_uci(m));
    }
    return g;
}

// Mails whose text part came with kept lines.
int with_runs = 0;

std::string turn_bytes(const ck::referee::Game& g, rules::Color c, const std::string& game) {
    auto m = ok(turn_mail(templates(), envelope(c, game), g.view(c), TurnDetails{}));
    const std::string bytes = ck::mail::render_mime(m);
    if (!m.text_encoded.empty()) {
        ++with_runs;
        m.text_encoded.clear();  // the same mail encoded in full
        CHECK(ck::mail::render_mime(m) == bytes);
    }
    return bytes;
}

// The same mail on a thread of its own, where nothing is kept.
std::string fresh_bytes(const ck::referee::Game& g, rules::Color c, const std::string& game) {
    std::string out;
    std::thread([&] {
        out = turn_bytes(g, c, game);
        forget_kept_lines();
        forget_move_lists();
    }).join();
    return out;
}

void check_both(const ck::referee::Game& g, const std::string& game = "42") {
    for (rules::Color c : {White, Black}) {
        INFO((c == White ? "White" : "Black"));
        const std::string kept = turn_bytes(g, c, game);
        REQUIRE(kept == fresh_bytes(g, c, game));
    }
}

}  // namespace

TEST_CASE("wrap_body wraps as wrap_lines and encodes its run as qp_encode") {
    forget_kept_lines();
    const std::string before =
        "Your move.\nA line that is longer than seventy-eight "
        "columns, so that wrap_lines breaks it in two or more.\n\n";
    const std::string after = "\nCommands:\n  resign\n";
    std::string moves = "1. e4 e5 2. Nf3 Nc6\n";
    const std::string last = "3. Bb5";
    checked_wrap(before + moves + last + after, moves + last);
    // The lines grow; one of them is longer than the width (a unit alone on its line), one ends
    // in CR LF, one holds a '.' first and "From " (escaped by quoted-printable).
    moves += "4. " + std::string(90, 'x') + "\n";
    checked_wrap(before + moves + last + after, moves + last);
    moves += ".5 From the start\r\n6. =é\n";
    checked_wrap(before + moves + last + after, moves + last);
    CHECK(runs_of(before + moves + last + after, moves + last) == 1);
    // Other lines under the same key (a rollback, another game): made again.
    const std::string other = "1. d4 d5\n";
    checked_wrap(before + other + after, other + last);
    checked_wrap(before + moves + after, moves);
    // At the start of the body; not at the start of a line; not in the body; no whole line.
    checked_wrap(moves + after, moves);
    CHECK(runs_of("> " + moves + after, moves) == 0);
    checked_wrap("> " + moves + after, moves);
    CHECK(runs_of(before + after, moves) == 0);
    CHECK(runs_of(before + last + after, last) == 0);
    CHECK(kept_lines_count() == 1);
    // Two keys, each its own lines.
    checked_wrap(before + other + after, other, *ck::core::parse_game_id("8"));
    checked_wrap(before + moves + after, moves);
    CHECK(kept_lines_count() == 2);
}

TEST_CASE("a mail with kept text lines equals a fresh one, ply after ply and after a rollback") {
    forget_kept_lines();
    forget_move_lists();
    with_runs = 0;
    for (int ply = 20; ply <= 70; ++ply) check_both(random_game(ply, 11));
    CHECK(with_runs > 80);
    // The game as it was ten plies back (a commit that failed), then on again; another game
    // under the same key.
    check_both(random_game(60, 11));
    check_both(random_game(71, 11));
    check_both(random_game(65, 12));
    check_both(random_game(72, 11));
    // Another game id: its own lines.
    check_both(random_game(50, 11), "43");
    CHECK(kept_lines_count() == 4);
}
