// Replacement and Putback: the hand-checked positions and the decisions of
// tests/data/perft/replacement-putback.md.
#include <catch2/catch.hpp>

#include "rules/bitboard.hpp"
#include "rules_test_util.hpp"

using namespace ck::rules;
using namespace ck::rules::test;

namespace {
Square sq(const char* name) { return *parse_square(name); }

bool has_move(const std::vector<Move>& moves, Move m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Placement squares of the captures from -> to (any kind).
Bitboard placements(const Position& pos, Square from, Square to) {
    Bitboard out = 0;
    for (Move m : legal_moves(pos))
        if (m.from() == from && m.to() == to && m.place() < 64) out |= bb(m.place());
    return out;
}
}  // namespace

TEST_CASE("hand-checked depth-1 counts", "[rules][placement]") {
    struct Case {
        const char* fen;
        std::uint64_t replacement, putback;
    };
    const Case cases[] = {
        {"7k/8/8/3b4/8/8/8/K2R4 w - - 0 1", 42, 66},
        {"k7/8/8/3b1p2/4P3/8/8/7K w - - 0 1", 30, 62},
        {"k3r3/1n6/8/8/1R6/8/8/4K3 w - - 0 1", 11, 11},
        {"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", 55, 69},
    };
    for (const Case& c : cases) {
        CAPTURE(c.fen);
        Position r = load(c.fen, "replacement");
        Position p = load(c.fen, "putback");
        CHECK(perft(r, 1) == c.replacement);
        CHECK(perft(p, 1) == c.putback);
        CHECK(legal_moves(r).size() == c.replacement);
    }
    // Position 5 (Putback only): triple step, then e.p. on both passed squares.
    Position p5a = load("4k3/8/8/8/1p6/1p6/8/P3K3 w - - 0 1", "putback");
    CHECK(perft(p5a, 1) == 8);
    Position p5b = load("4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1", "putback");
    CHECK(perft(p5b, 1) == 122);
    CHECK(p5b.ep_squares() == (bb(sq("a2")) | bb(sq("a3"))));
}

TEST_CASE("replacement: a bishop goes back on the capture square's colour", "[rules][placement]") {
    Position r = load("7k/8/8/3b4/8/8/8/K2R4 w - - 0 1", "replacement");
    Bitboard places = placements(r, sq("d1"), sq("d5"));
    CHECK(places != 0);
    CHECK((places & DarkSquaresBB) == 0);  // d5 is light
    // Every empty light square after the capture (none of them checks a1).
    CHECK(places == (LightSquaresBB & ~bb(sq("d5"))));
    Position p = load("7k/8/8/3b4/8/8/8/K2R4 w - - 0 1", "putback");
    CHECK((placements(p, sq("d1"), sq("d5")) & DarkSquaresBB) != 0);
}

TEST_CASE("replacement: pawns go back on ranks 2 to 7 only", "[rules][placement]") {
    const char* fen = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1";
    Bitboard r = placements(load(fen, "replacement"), sq("d1"), sq("d5"));
    CHECK((r & (Rank1BB | Rank8BB)) == 0);
    CHECK(popcount(r) == 45);
    Bitboard p = placements(load(fen, "putback"), sq("d1"), sq("d5"));
    CHECK((p & (Rank1BB | Rank8BB)) != 0);
    // Not where the black pawn would attack e1.
    CHECK((p & (bb(sq("d2")) | bb(sq("f2")))) == 0);
}

TEST_CASE("a placement may not check the capturer's king", "[rules][placement]") {
    Position p = load("7k/8/8/3b4/8/8/8/K2R4 w - - 0 1", "putback");
    Bitboard places = placements(p, sq("d1"), sq("d5"));
    for (const char* s : {"b2", "c3", "d4", "e5", "f6", "g7"}) {
        CAPTURE(s);
        CHECK((places & bb(sq(s))) == 0);
    }
    CHECK(popcount(places) == 55);
    // Pinned pawn: exd5 frees the diagonal, so the bishop may not go on e4/f3/g2.
    Position q = load("k7/8/8/3b1p2/4P3/8/8/7K w - - 0 1", "putback");
    Bitboard b = placements(q, sq("e4"), sq("d5"));
    CHECK((b & (bb(sq("e4")) | bb(sq("f3")) | bb(sq("g2")))) == 0);
}

TEST_CASE("a placement may block a check or a pin line", "[rules][placement]") {
    for (const char* v : {"replacement", "putback"}) {
        CAPTURE(v);
        Position p = load("k3r3/1n6/8/8/1R6/8/8/4K3 w - - 0 1", v);
        Bitboard places = placements(p, sq("b4"), sq("b7"));
        Bitboard efile = 0;
        for (const char* s : {"e2", "e3", "e4", "e5", "e6", "e7"}) efile |= bb(sq(s));
        CHECK(places == efile);
        // The pinned pawn may take off its line only if the pawn it takes blocks the pin.
        Position q = load("k7/8/8/3b1p2/4P3/8/8/7K w - - 0 1", v);
        CHECK(placements(q, sq("e4"), sq("f5")) == (bb(sq("e4")) | bb(sq("f3"))));
    }
}

TEST_CASE("a capture may answer a double check by placing the unit in the other line",
          "[rules][placement]") {
    for (const char* v : {"replacement", "putback"}) {
        CAPTURE(v);
        // Re8 and Nd3 both check e1; Bxd3 is legal when the knight goes back on e2..e7.
        Position p = load("k3r3/8/8/8/8/3n4/8/4KB2 w - - 0 1", v);
        REQUIRE(popcount(p.checkers()) == 2);
        Bitboard efile = 0;
        for (const char* s : {"e2", "e3", "e4", "e5", "e6", "e7"}) efile |= bb(sq(s));
        CHECK(placements(p, sq("f1"), sq("d3")) == efile);
        CHECK(perft(p, 1) == 2 + 6);  // Kd1, Kd2 and the six placements
    }
}

TEST_CASE("replacement: a pawn put on its 2nd row double-steps, and e.p. follows",
          "[rules][placement]") {
    Position p = load("4k3/8/8/4P3/3p4/8/8/3RK3 w - - 0 1", "replacement");
    Move capture = Move::normal(sq("d1"), sq("d4")).with_place(sq("d7"));
    REQUIRE(has_move(legal_moves(p), capture));
    p.make_move(capture);
    CHECK(p.piece_on(sq("d7")) == make_piece(Color::Black, PieceType::Pawn));
    Move dbl = Move::normal(sq("d7"), sq("d5"));
    REQUIRE(has_move(legal_moves(p), dbl));
    p.make_move(dbl);
    CHECK(p.ep_squares() == bb(sq("d6")));
    bool ep = false;
    for (Move m : legal_moves(p))
        if (m.kind() == MoveKind::EnPassant && m.from() == sq("e5") && m.to() == sq("d6")) {
            ep = true;
            CHECK(m.place() < 64);  // e.p. is a capture: the pawn is put back
        }
    CHECK(ep);
    REQUIRE(has_move(legal_moves(p), Move::en_passant(sq("e5"), sq("d6")).with_place(sq("a6"))));
    p.make_move(Move::en_passant(sq("e5"), sq("d6")).with_place(sq("a6")));
    CHECK(p.piece_on(sq("d5")) == Piece::NoPiece);
    CHECK(p.piece_on(sq("a6")) == make_piece(Color::Black, PieceType::Pawn));
    CHECK(p.is_consistent());
}

TEST_CASE("putback: pawn on its 1st row steps 1, 2 or 3, and e.p. on every passed square",
          "[rules][placement]") {
    Position p = load("4k3/8/8/8/1p6/1p6/8/P3K3 w - - 0 1", "putback");
    auto moves = legal_moves(p);
    for (const char* to : {"a2", "a3", "a4"})
        CHECK(has_move(moves, Move::normal(sq("a1"), sq(to))));
    p.make_move(Move::normal(sq("a1"), sq("a4")));
    CHECK(p.fen() == "4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1");
    CHECK(p.hash() == load("4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1", "putback").hash());
    CHECK(perft(p, 1) == 122);
    Bitboard b3a2 = placements(p, sq("b3"), sq("a2")), b4a3 = placements(p, sq("b4"), sq("a3"));
    CHECK(popcount(b3a2) == 58);
    CHECK(popcount(b4a3) == 58);
    // Taking on a2 removes the pawn that went to a4.
    for (Move m : legal_moves(p))
        if (m.kind() == MoveKind::EnPassant && m.to() == sq("a2")) {
            p.make_move(m);
            CHECK(p.piece_on(sq("a4")) == (m.place() == sq("a4")
                                               ? make_piece(Color::White, PieceType::Pawn)
                                               : Piece::NoPiece));
            CHECK(p.is_consistent());
            p.undo_move();
        }
    // A double step from the 1st row makes one target.
    Position q = load("4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1", "putback");
    q.make_move(Move::normal(sq("a1"), sq("a3")));
    CHECK(q.ep_squares() == bb(sq("a2")));
}

TEST_CASE("putback: the owner chooses the piece for a pawn put on its promotion row",
          "[rules][placement]") {
    Position p = load("r3k3/8/8/8/8/8/P7/6K1 b - - 0 1", "putback");
    Move capture = Move::normal(sq("a8"), sq("a2")).with_place(sq("h8"));
    REQUIRE(has_move(legal_moves(p), capture));
    p.make_move(capture);
    CHECK(p.pending_promotion() == sq("h8"));
    CHECK(p.fen() == "4k2P/8/8/8/8/8/r7/6K1 w - - 0 2");
    // The waiting pawn attacks nothing: the black king next to it is not in check.
    CHECK_FALSE(p.in_check());
    auto moves = legal_moves(p);
    int per_choice[8] = {};
    for (Move m : moves) {
        REQUIRE(m.pending_choice() != PieceType::None);
        ++per_choice[index_of(m.pending_choice())];
    }
    // Every king move exists for each of the four choices; the new piece moves too.
    const Move king_move = Move::normal(sq("g1"), sq("h1"));
    for (PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
        CHECK(has_move(moves, king_move.with_pending_choice(t)));
    CHECK(per_choice[index_of(PieceType::Queen)] > per_choice[index_of(PieceType::Rook)]);
    CHECK(per_choice[index_of(PieceType::Rook)] > 0);
    CHECK(has_move(moves, Move::normal(sq("h8"), sq("h2")).with_pending_choice(PieceType::Rook)));
    CHECK_FALSE(
        has_move(moves, Move::normal(sq("h8"), sq("h2")).with_pending_choice(PieceType::Bishop)));
    CHECK(perft(p, 1) == moves.size());
    const std::string before = p.fen();
    p.make_move(king_move.with_pending_choice(PieceType::Queen));
    CHECK(p.piece_on(sq("h8")) == make_piece(Color::White, PieceType::Queen));
    CHECK(p.is_promoted(sq("h8")));
    CHECK(p.in_check());  // the new queen checks e8 along the 8th rank
    CHECK(p.is_consistent());
    p.undo_move();
    CHECK(p.fen() == before);
    CHECK(p.piece_on(sq("h8")) == make_piece(Color::White, PieceType::Pawn));
    // The same position read from FEN has the same moves.
    Position q = load(before, "putback");
    CHECK(legal_moves(q).size() == moves.size());
    CHECK(q.hash() == p.hash());
}

TEST_CASE("a rook put back on its corner does not regain castling", "[rules][placement]") {
    for (const char* v : {"replacement", "putback"}) {
        CAPTURE(v);
        Position p = load("3rk3/8/8/8/3R4/8/8/4K2R b K - 0 1", v);
        Move capture = Move::normal(sq("d8"), sq("d4")).with_place(sq("a1"));
        REQUIRE(has_move(legal_moves(p), capture));
        p.make_move(capture);
        CHECK(p.piece_on(sq("a1")) == make_piece(Color::White, PieceType::Rook));
        CHECK(p.castling_rights() == WhiteKingSide);
        auto moves = legal_moves(p);
        CHECK(has_move(moves, Move::castling(sq("e1"), sq("g1"))));
        CHECK_FALSE(has_move(moves, Move::castling(sq("e1"), sq("c1"))));
        // Capturing the h1 rook ends the king-side right for good.
        Position q = load("4k2r/8/8/8/8/8/8/4K2R b K - 0 1", v);
        q.make_move(Move::normal(sq("h8"), sq("h1")).with_place(sq("h4")));
        CHECK(q.castling_rights() == NoCastling);
    }
}

TEST_CASE("placement variants: perft equals the colour-flipped mirror's", "[rules][placement]") {
    std::mt19937 rng(20261121);
    for (const char* v : {"replacement", "putback"}) {
        for (int game = 0; game < 6; ++game) {
            Position p = Position::startpos(variant(v));
            random_walk(p, 12 + 5 * game, rng);
            const std::string fen = p.fen();
            const std::string mirrored = mirror_fen(fen);
            CAPTURE(v, fen, mirrored);
            Position a = load(fen, v), b = load(mirrored, v);
            int depth = game < 2 ? 3 : 2;
            CHECK(perft(a, depth) == perft(b, depth));
        }
    }
    for (const char* fen : {"7k/8/8/3b4/8/8/8/K2R4 w - - 0 1", "k7/8/8/3b1p2/4P3/8/8/7K w - - 0 1",
                            "4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1"}) {
        CAPTURE(fen);
        Position a = load(fen, "putback"), b = load(mirror_fen(fen), "putback");
        CHECK(perft(a, 3) == perft(b, 3));
    }
}
