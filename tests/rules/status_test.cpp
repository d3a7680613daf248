// Game-status helpers: repetition (pockets count), fifty moves, insufficient material,
// termination(), gives_check, and the half-move clock after drops.
#include <catch2/catch.hpp>

#include "rules/game_status.hpp"
#include "rules_test_util.hpp"

using namespace ck::rules;
using namespace ck::rules::test;

namespace {
Square sq(const char* name) { return *parse_square(name); }
Move mv(const char* from, const char* to) { return Move::normal(sq(from), sq(to)); }
}  // namespace

TEST_CASE("threefold repetition", "[rules][status]") {
    Position p = Position::startpos(variant("crazyhouse"));
    CHECK(p.repetition_count() == 1);
    for (int i = 0; i < 2; ++i) {
        p.make_move(mv("g1", "f3"));
        p.make_move(mv("g8", "f6"));
        p.make_move(mv("f3", "g1"));
        CHECK(termination(p) == Termination::None);
        p.make_move(mv("f6", "g8"));
        CHECK(p.repetition_count() == i + 2);
    }
    CHECK(termination(p) == Termination::Repetition);
    p.undo_move();
    CHECK(p.repetition_count() == 2);
    p.undo_move();
    p.undo_move();
    p.undo_move();
    CHECK(p.repetition_count() == 2);
    CHECK(p.game_ply() == 4);
}

TEST_CASE("repetition counts pockets and promoted marks", "[rules][status]") {
    // Same board, different pockets or marks: different positions.
    auto key = [](const char* fen) { return load(fen, "crazyhouse").hash(); };
    CHECK(key("4k3/8/8/8/8/8/8/Q3K3[N] w - - 0 1") != key("4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1"));
    CHECK(key("4k3/8/8/8/8/8/8/Q3K3[N] w - - 0 1") != key("4k3/8/8/8/8/8/8/Q3K3[n] w - - 0 1"));
    CHECK(key("4k3/8/8/8/8/8/8/Q3K3[NN] w - - 0 1") != key("4k3/8/8/8/8/8/8/Q3K3[N] w - - 0 1"));
    CHECK(key("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1") != key("4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1"));
    CHECK(key("4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1") != key("4k3/8/8/8/8/8/8/Q3K3[] b - - 0 1"));
    // A game: a drop between two king shuffles makes the later positions new ones.
    Position p = load("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", "crazyhouse");
    const char* shuffle[4][2] = {{"e1", "d1"}, {"e8", "d8"}, {"d1", "e1"}, {"d8", "e8"}};
    for (auto& m : shuffle) p.make_move(mv(m[0], m[1]));
    CHECK(p.repetition_count() == 2);
    p.make_move(Move::drop(PieceType::Knight, sq("a1")));
    p.make_move(Move::drop(PieceType::Knight, sq("h8")));
    CHECK(p.repetition_count() == 1);
    for (auto& m : shuffle) p.make_move(mv(m[0], m[1]));
    CHECK(p.repetition_count() == 2);
}

TEST_CASE("fifty-move rule and the half-move clock", "[rules][status]") {
    Position p = load("4k3/8/8/8/8/8/4P3/4K2R[Nn] w - - 98 60", "crazyhouse");
    p.make_move(mv("h1", "h2"));
    CHECK(p.halfmove_clock() == 99);
    // A piece drop does not reset the clock (python-chess: only pawn moves, pawn drops and
    // captures are zeroing).
    p.make_move(Move::drop(PieceType::Knight, sq("a6")));
    CHECK(p.halfmove_clock() == 100);
    CHECK(termination(p) == Termination::FiftyMoves);
    p.undo_move();
    CHECK(p.halfmove_clock() == 99);
    Position q = load("4k3/8/8/8/8/8/8/4K3[Pp] w - - 40 60", "crazyhouse");
    q.make_move(Move::drop(PieceType::Pawn, sq("a3")));
    CHECK(q.halfmove_clock() == 0);
}

TEST_CASE("insufficient material", "[rules][status]") {
    CHECK(load("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "chess").insufficient_material());
    CHECK(load("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "chess").insufficient_material());
    CHECK(load("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "chess").insufficient_material());
    CHECK(
        load("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "chess").insufficient_material());  // same colour
    CHECK_FALSE(load("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", "chess").insufficient_material());
    CHECK_FALSE(load("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", "chess").insufficient_material());
    CHECK_FALSE(load("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "chess").insufficient_material());
    CHECK_FALSE(load("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "chess").insufficient_material());
    // Any pocket material: never insufficient.
    CHECK(load("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "crazyhouse").insufficient_material());
    CHECK_FALSE(load("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1", "crazyhouse").insufficient_material());
    CHECK(termination(load("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "chess")) ==
          Termination::InsufficientMaterial);
}

TEST_CASE("checkmate and stalemate come first", "[rules][status]") {
    Position p = Position::startpos(variant("chess"));
    for (auto [f, t] : {std::pair{"f2", "f3"}, {"e7", "e5"}, {"g2", "g4"}, {"d8", "h4"}})
        p.make_move(mv(f, t));
    CHECK(p.in_check());
    CHECK(termination(p) == Termination::Checkmate);
    // In crazyhouse the same mate can be blocked by a drop.
    Position z =
        load("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[N] w KQkq - 1 3", "crazyhouse");
    CHECK(termination(z) == Termination::None);
    CHECK(legal_moves(z).size() == 2);  // N@f2, N@g3
    Position s = load("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "chess");
    CHECK(termination(s) == Termination::Stalemate);
    // Stalemate beats the fifty-move rule.
    Position s2 = load("7k/5Q2/6K1/8/8/8/8/8 b - - 120 80", "chess");
    CHECK(termination(s2) == Termination::Stalemate);
}

TEST_CASE("checkers and gives_check", "[rules][status]") {
    Position p = load("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "crazyhouse");
    CHECK(p.gives_check(Move::drop(PieceType::Queen, sq("e5"))));
    CHECK_FALSE(p.gives_check(Move::drop(PieceType::Queen, sq("d5"))));
    CHECK(p.fen() == "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");  // unchanged
    p.make_move(Move::drop(PieceType::Queen, sq("e5")));
    CHECK(p.checkers() == bb(sq("e5")));
    // Discovered check by castling's rook, and a promotion check.
    Position c = load("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "chess");
    CHECK(c.gives_check(Move::castling(sq("e1"), sq("g1"))));
    Position pr = load("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "chess");
    CHECK(pr.gives_check(Move::promotion(sq("b7"), sq("b8"), PieceType::Queen)));
    CHECK_FALSE(pr.gives_check(Move::promotion(sq("b7"), sq("b8"), PieceType::Knight)));
    CHECK(pr.is_legal(Move::promotion(sq("b7"), sq("b8"), PieceType::Knight)));
    CHECK_FALSE(pr.is_legal(mv("b7", "c8")));
}

TEST_CASE("variant lookup", "[rules][variant]") {
    CHECK(find_variant("Crazyhouse") == &variant_of(VariantId::Crazyhouse));
    CHECK(find_variant("CHESS") == &variant_of(VariantId::Chess));
    CHECK(find_variant("Standard") == &variant_of(VariantId::Chess));
    CHECK(find_variant("putback") == &variant_of(VariantId::Putback));
    CHECK(find_variant("ReplaceMent") == &variant_of(VariantId::Replacement));
    CHECK(find_variant("chessgi")->pawn_drop_on_first_rank);
    CHECK_FALSE(find_variant("loop")->promoted_returns_as_pawn);
    CHECK(find_variant("crazyhouse")->promoted_returns_as_pawn);
    CHECK(find_variant("kriegspiel") == nullptr);
    CHECK(find_variant("") == nullptr);
}
