// The move list kept per game and side (compose/move_list.hpp): a mail made with a kept list is
// byte for byte the mail a fresh list gives, as the game grows, after a rollback, with other
// settings or words, and for another game under the same key.
#include "compose/move_list.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "compose/view_model.hpp"
#include "compose_test_support.hpp"
#include "rules/game_status.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
namespace rules = ck::rules;

namespace {

// A hidden crazyhouse game of `plies` random legal moves (seeded), with an illegal try now and
// then, so that the players hear refusals, captures, drops and checks.
struct PlayedGame {
    std::vector<std::string> requests;   // in order: tries and moves
    std::vector<std::size_t> after_ply;  // requests sent when ply k is done: after_ply[k]
    std::vector<rules::Move> moves;      // the moves alone
};

PlayedGame random_game(int plies, unsigned seed) {
    std::mt19937 rng(seed);
    auto pos = rules::Position::startpos(*rules::find_variant("crazyhouse"));
    PlayedGame out;
    out.after_ply.push_back(0);
    for (int ply = 0; ply < plies; ++ply) {
        rules::MoveList legal;
        rules::generate_legal(pos, legal);
        if (legal.empty()) break;
        if (rng() % 3 == 0) out.requests.push_back("a1h8");  // mostly refused
        const rules::Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
        pos.make_move(m);
        if (rules::termination(pos) != rules::Termination::None) {
            pos.undo_move();
            break;
        }
        out.requests.push_back(rules::to_uci(m));
        out.after_ply.push_back(out.requests.size());
        out.moves.push_back(m);
    }
    return out;
}

// The game after its first `n` requests.
ck::referee::Game played(const PlayedGame& p, std::size_t n) {
    auto g = new_game("crazyhouse", true);
    for (std::size_t i = 0; i < n; ++i) g.request(p.requests[i]);
    return g;
}

// Mails whose HTML part came with known encodings of the kept rows (mail::EncodedRun).
int with_runs = 0;

std::string turn_bytes(const Templates& t, const ck::referee::Game& g, rules::Color c,
                       TextView view = TextView::Board, const std::string& game = "42") {
    Envelope env = envelope(c, game);
    env.view = view;
    auto m = ok(turn_mail(t, env, g.view(c), TurnDetails{}));
    const std::string bytes = ck::mail::render_mime(m);
    if (!m.html_encoded.empty()) {
        ++with_runs;
        m.html_encoded.clear();  // the same mail encoded in full
        CHECK(ck::mail::render_mime(m) == bytes);
    }
    return bytes;
}

// The same mail with nothing kept: a fresh list, made on a thread of its own (each thread keeps
// its own lists), so that this thread's lists stay as they are.
std::string fresh_bytes(const Templates& t, const ck::referee::Game& g, rules::Color c,
                        TextView view = TextView::Board, const std::string& game = "42") {
    std::string out;
    std::size_t kept_there = 1;
    std::thread([&] {
        out = turn_bytes(t, g, c, view, game);
        kept_there = kept_move_lists();
        forget_move_lists();
    }).join();
    CHECK(kept_there == 1);
    return out;
}

// Both players' mails after request `n`, kept against fresh; the kept one first, so that it
// is made from what the mails before left.
void check_both(const Templates& t, const PlayedGame& p, std::size_t n,
                TextView view = TextView::Board) {
    const auto g = played(p, n);
    for (rules::Color c : {White, Black}) {
        INFO("request " << n << ", " << (c == White ? "White" : "Black"));
        const std::string kept = turn_bytes(t, g, c, view);
        REQUIRE(kept == fresh_bytes(t, g, c, view));
    }
}

}  // namespace

TEST_CASE("a kept move list gives the mail a fresh one gives ply after ply") {
    forget_move_lists();
    const PlayedGame p = random_game(90, 20261128);
    REQUIRE(p.after_ply.size() > 60);
    for (std::size_t k = 0; k < p.after_ply.size(); ++k) check_both(templates(), p, p.after_ply[k]);
    // Between plies too: a refused try adds to the list's last group only.
    for (std::size_t n = 0; n < p.requests.size(); n += 7) check_both(templates(), p, n);
    CHECK(kept_move_lists() == 2);
    CHECK(with_runs > 100);
}

TEST_CASE("a kept move list after a rollback or another line under the same key") {
    forget_move_lists();
    const PlayedGame p = random_game(70, 7);
    const PlayedGame q = random_game(70, 8);  // another line from the start
    REQUIRE(p.after_ply.size() > 50);
    REQUIRE(q.after_ply.size() > 50);
    // Mails up to ply 50, then the game as it was at ply 40 (a commit that failed and the game
    // restored from the store), then on again.
    for (std::size_t k = 30; k <= 50; ++k) check_both(templates(), p, p.after_ply[k]);
    check_both(templates(), p, p.after_ply[40]);
    check_both(templates(), p, p.after_ply[41]);
    check_both(templates(), p, p.after_ply[12]);
    check_both(templates(), p, p.after_ply[50]);
    // The same game key, another game (a store reopened with other games, or a test's "42").
    check_both(templates(), q, q.after_ply[45]);
    check_both(templates(), q, q.after_ply[46]);
    check_both(templates(), p, p.after_ply[46]);
    // The same game, its last move taken back and another one played in its place.
    auto g = played(p, p.after_ply[47]);
    const std::string kept47 = turn_bytes(templates(), g, White);
    auto other = played(p, p.after_ply[46]);
    auto pos = rules::Position::startpos(*rules::find_variant("crazyhouse"));
    for (std::size_t i = 0; i < 46; ++i) pos.make_move(p.moves[i]);
    rules::MoveList legal;
    rules::generate_legal(pos, legal);
    for (const rules::Move m : legal)
        if (!(m == p.moves[46])) {
            other.request(rules::to_uci(m));
            break;
        }
    for (rules::Color c : {White, Black}) {
        const std::string kept = turn_bytes(templates(), other, c);
        CHECK(kept == fresh_bytes(templates(), other, c));
    }
    CHECK(kept47 == fresh_bytes(templates(), g, White));
}

TEST_CASE("a kept move list with another view setting or other words") {
    forget_move_lists();
    const PlayedGame p = random_game(60, 99);
    REQUIRE(p.after_ply.size() > 40);
    for (std::size_t k = 20; k <= 30; ++k) check_both(templates(), p, p.after_ply[k]);
    check_both(templates(), p, p.after_ply[31], TextView::List);
    check_both(templates(), p, p.after_ply[32], TextView::Both);
    check_both(templates(), p, p.after_ply[33], TextView::Board);

    // A club's own templates folder with other words for a hidden move's notes, then the
    // standard ones again: each set's mails are its own.
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("ck-move-list-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(CK_TEMPLATES, dir);
    {
        std::ifstream in(dir / "words");
        std::stringstream all;
        all << in.rdbuf();
        std::string words = all.str();
        for (const char* key : {"\ncapture = ", "\ndrop = ", "\nmoved = "}) {
            const auto at = words.find(key);
            REQUIRE(at != std::string::npos);
            words.insert(at + std::string(key).size(), "(!) ");
        }
        std::ofstream(dir / "words", std::ios::trunc) << words;
    }
    const auto other = Templates::load(dir);
    fs::remove_all(dir);
    REQUIRE(other);
    bool differ = false;
    for (std::size_t k = 34; k <= 37; ++k) {
        const auto g = played(p, p.after_ply[k]);
        for (rules::Color c : {White, Black}) {
            const std::string a = turn_bytes(templates(), g, c);
            const std::string b = turn_bytes(*other, g, c);
            differ = differ || a != b;
            CHECK(a == fresh_bytes(templates(), g, c));
            CHECK(b == fresh_bytes(*other, g, c));
        }
    }
    CHECK(differ);
}

TEST_CASE("the move list's rows and text kept against fresh field by field") {
    forget_move_lists();
    const PlayedGame p = random_game(40, 5);
    const auto rows = [](const Context& c) {
        std::vector<std::string> out;
        const auto& head = c.growing.at("move_rows");
        for (std::size_t i = 0; i < head.count; ++i) {
            const Context& r = head.list->items()[i];
            out.push_back(r.text.at("number") + "|" + r.text.at("white") + "|" +
                          r.text.at("black"));
        }
        for (const Context& r : c.lists.at("move_rows"))
            out.push_back(r.text.at("number") + "|" + r.text.at("white") + "|" +
                          r.text.at("black"));
        return out;
    };
    for (std::size_t k = 1; k < p.after_ply.size(); ++k) {
        const auto g = played(p, p.after_ply[k]);
        for (rules::Color c : {White, Black}) {
            Context kept, fresh;
            REQUIRE(fill_view(templates().set(), g.view(c), kept, ck::core::GameId(7)));
            REQUIRE(fill_view(templates().set(), g.view(c), fresh));
            CHECK(rows(kept) == rows(fresh));
            CHECK(kept.text.at("moves_text") == fresh.text.at("moves_text"));
            CHECK(kept.flags.at("has_moves") == fresh.flags.at("has_moves"));
            // Every row but the last is in the head.
            CHECK(kept.lists.at("move_rows").size() == 1);
            CHECK(kept.growing.at("move_rows").count == fresh.growing.at("move_rows").count);
        }
    }
    CHECK(kept_move_lists() == 2);  // game 7 for each side; the key-less lists are not kept
}

TEST_CASE("a kept move list as one game grows, is rolled back to a copy and plays on otherwise") {
    // One game object throughout, as serve keeps it: its views share its announcement log
    // (referee/heard.hpp), so the kept list checks only what was added since its last mail.
    forget_move_lists();
    const PlayedGame p = random_game(60, 31);
    REQUIRE(p.after_ply.size() > 45);
    const auto both = [](const ck::referee::Game& g) {
        for (rules::Color c : {White, Black}) {
            const std::string kept = turn_bytes(templates(), g, c);
            REQUIRE(kept == fresh_bytes(templates(), g, c));
        }
    };
    auto g = new_game("crazyhouse", true);
    std::optional<ck::referee::Game> saved;
    for (std::size_t n = 0; n < p.after_ply[45]; ++n) {
        INFO("request " << n);
        g.request(p.requests[n]);
        if (n + 1 == p.after_ply[20]) saved = g;  // a copy kept back, as before a commit
        both(g);
    }
    // Back to the copy (a commit that failed), then another line from there, mailed only once
    // it is longer than the rows kept from the first one.
    g = *saved;
    auto pos = rules::Position::startpos(*rules::find_variant("crazyhouse"));
    for (std::size_t i = 0; i < 20; ++i) pos.make_move(p.moves[i]);
    std::mt19937 rng(77);
    int played_other = 0;
    for (int ply = 0; ply < 45; ++ply) {
        rules::MoveList legal;
        rules::generate_legal(pos, legal);
        if (legal.empty()) break;
        rules::Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
        if (ply == 0)  // not the first line's move
            for (const rules::Move other : legal)
                if (!(other == p.moves[20])) m = other;
        pos.make_move(m);
        if (rules::termination(pos) != rules::Termination::None) break;
        INFO("other line, ply " << ply);
        g.request(rules::to_uci(m));
        ++played_other;
        if (ply >= 30) both(g);
    }
    CHECK(played_other > 35);
    CHECK(kept_move_lists() == 2);
}

TEST_CASE("last_turn_start read from the end agrees with the ply groups") {
    // view_model.hpp: the mail's last_turn_start(view) reads back from the end instead of making
    // the ply groups; both forms must name the same index, after every request of a game, in
    // hidden and open play, a game over included.
    for (const bool hidden : {true, false}) {
        const PlayedGame p = random_game(80, hidden ? 3 : 4);
        auto g = new_game("crazyhouse", hidden);
        const auto agree = [&] {
            for (rules::Color c : {White, Black}) {
                const auto view = g.view(c);
                REQUIRE(last_turn_start(view) == last_turn_start(view, ply_groups(view)));
            }
        };
        agree();
        for (const std::string& r : p.requests) {
            g.request(r);
            agree();
        }
        g.request("resign");
        agree();
    }
}
