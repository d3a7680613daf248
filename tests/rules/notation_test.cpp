// Move notation against positions: resolution (parse_move), canonical SAN (to_san) and UCI
// (to_uci), from concrete FENs of every variant.
#include <catch2/catch.hpp>
#include <string>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

using namespace ck::rules;
using Code = NotationError::Code;

namespace Catch {
template <>
struct StringMaker<Move> {
    static std::string convert(Move m) { return to_uci(m); }
};
}  // namespace Catch

namespace {

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

Position at(VariantId v, const std::string& fen) {
    auto r = Position::from_fen(fen, variant_of(v));
    INFO("FEN " << fen);
    if (!r) FAIL("from_fen: " << r.error().message);
    return *r;
}

Move parsed(const Position& pos, const std::string& text) {
    auto r = parse_move(pos, text);
    INFO("move text: " << text << " in " << pos.fen());
    if (!r) FAIL("parse_move: " << r.error().message);
    return *r;
}

// The error code, and a message that contains `part`.
void refused(const Position& pos, const std::string& text, Code code, const std::string& part) {
    auto r = parse_move(pos, text);
    INFO("move text: " << text << " in " << pos.fen());
    REQUIRE_FALSE(r);
    CHECK(r.error().code == code);
    INFO("message: " << r.error().message);
    CHECK(r.error().message.find(part) != std::string::npos);
}

}  // namespace

TEST_CASE("disambiguation by file or rank or both among legal moves", "[notation]") {
    Position knights = at(VariantId::Chess, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    CHECK(to_san(knights, Move::normal(sq("b1"), sq("d2"))) == "Nbd2");
    CHECK(to_san(knights, Move::normal(sq("f3"), sq("d2"))) == "Nfd2");
    CHECK(to_san(knights, Move::normal(sq("f3"), sq("g5"))) == "Ng5");
    CHECK(parsed(knights, "Nbd2") == Move::normal(sq("b1"), sq("d2")));
    CHECK(parsed(knights, "N1d2") == Move::normal(sq("b1"), sq("d2")));
    CHECK(parsed(knights, "Nb1d2") == Move::normal(sq("b1"), sq("d2")));
    CHECK(parsed(knights, "Nfxd2") == Move::normal(sq("f3"), sq("d2")));  // wrong x: forgiven
    refused(knights, "Nd2", Code::Ambiguous, "Nd2 is ambiguous: Nbd2, Nfd2");
    refused(knights, "Nc4", Code::Illegal, "no legal move matches Nc4");
    refused(knights, "Bd2", Code::Illegal, "Bd2");
    refused(knights, "Ncd2", Code::Illegal, "Ncd2");

    Position rooks = at(VariantId::Chess, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    CHECK(to_san(rooks, Move::normal(sq("a1"), sq("a3"))) == "R1a3");
    CHECK(to_san(rooks, Move::normal(sq("a5"), sq("a3"))) == "R5a3");
    CHECK(parsed(rooks, "R1a3") == Move::normal(sq("a1"), sq("a3")));
    refused(rooks, "Raa3", Code::Ambiguous, "R1a3");

    Position queens = at(VariantId::Chess, "8/7k/8/8/8/Q1Q5/8/Q1Q4K w - - 0 1");
    CHECK(to_san(queens, Move::normal(sq("a1"), sq("b2"))) == "Qa1b2");
    CHECK(to_san(queens, Move::normal(sq("c3"), sq("b2"))) == "Qc3b2");
    CHECK(to_san(queens, Move::normal(sq("c3"), sq("d4"))) == "Qd4");
    CHECK(parsed(queens, "Qa3-b2") == Move::normal(sq("a3"), sq("b2")));
    CHECK(parsed(queens, "a3b2") == Move::normal(sq("a3"), sq("b2")));
    refused(queens, "Qab2", Code::Ambiguous, "Qa1b2");
    refused(queens, "Q1b2", Code::Ambiguous, "Qc1b2");

    // Nc3 is pinned: only the g1 knight reaches e2, so no disambiguation is written.
    Position pinned = at(VariantId::Chess, "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
    CHECK(to_san(pinned, Move::normal(sq("g1"), sq("e2"))) == "Ne2");
    CHECK(parsed(pinned, "Ne2") == Move::normal(sq("g1"), sq("e2")));
    refused(pinned, "Nce2", Code::Illegal, "Nce2");
}

TEST_CASE("check and mate marks never change the result", "[notation]") {
    Position fools =
        at(VariantId::Chess, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    Move qh4 = Move::normal(sq("d8"), sq("h4"));
    CHECK(to_san(fools, qh4) == "Qh4#");
    for (const char* text : {"Qh4", "Qh4+", "Qh4#", "Qxh4", "Qd8h4", "d8h4", "Qh4#!!"})
        CHECK(parsed(fools, text) == qh4);
    CHECK(to_san(fools, Move::normal(sq("f8"), sq("c5"))) == "Bc5");

    Position check = at(VariantId::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    CHECK(to_san(check, Move::normal(sq("a1"), sq("a8"))) == "Ra8+");
    CHECK(to_san(check, Move::normal(sq("a1"), sq("a7"))) == "Ra7");
    CHECK(parsed(check, "Ra7#") == Move::normal(sq("a1"), sq("a7")));
}

TEST_CASE("castling on both sides in every spelling", "[notation]") {
    Position pos = at(VariantId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move short_castle = Move::castling(sq("e1"), sq("g1"));
    Move long_castle = Move::castling(sq("e1"), sq("c1"));
    CHECK(to_san(pos, short_castle) == "O-O");
    CHECK(to_san(pos, long_castle) == "O-O-O");
    CHECK(to_uci(short_castle) == "e1g1");
    for (const char* text : {"O-O", "0-0", "e1g1", "Ke1g1", "O-O+"})
        CHECK(parsed(pos, text) == short_castle);
    for (const char* text : {"O-O-O", "0-0-0", "e1c1", "e1-c1"})
        CHECK(parsed(pos, text) == long_castle);
    refused(pos, "Kg1", Code::Illegal, "Kg1");  // castling is not written as a king move

    Position black = at(VariantId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    CHECK(parsed(black, "0-0") == Move::castling(sq("e8"), sq("g8")));
    CHECK(parsed(black, "O-O-O") == Move::castling(sq("e8"), sq("c8")));
    CHECK(to_san(black, Move::castling(sq("e8"), sq("c8"))) == "O-O-O");

    Position no_rights = at(VariantId::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    refused(no_rights, "O-O", Code::Illegal, "O-O");
}

TEST_CASE("promotions and capture-promotions and the missing piece", "[notation]") {
    Position pos = at(VariantId::Chess, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    Move b8q = Move::promotion(sq("b7"), sq("b8"), PieceType::Queen);
    CHECK(to_san(pos, b8q) == "b8=Q+");
    CHECK(to_san(pos, Move::promotion(sq("b7"), sq("b8"), PieceType::Knight)) == "b8=N");
    CHECK(to_san(pos, Move::promotion(sq("b7"), sq("a8"), PieceType::Queen)) == "bxa8=Q+");
    CHECK(to_san(pos, Move::promotion(sq("b7"), sq("a8"), PieceType::Knight)) == "bxa8=N");
    CHECK(to_uci(b8q) == "b7b8q");
    for (const char* text : {"b8=Q", "b8Q", "b8=q", "b8(Q)", "b7b8q", "b7-b8=Q", "b8=Q+"})
        CHECK(parsed(pos, text) == b8q);
    for (const char* text : {"bxa8=N", "ba8N", "b7xa8n", "bxa8(N)"})
        CHECK(parsed(pos, text) == Move::promotion(sq("b7"), sq("a8"), PieceType::Knight));
    refused(pos, "b8", Code::Ambiguous, "promotion piece");
    refused(pos, "bxa8", Code::Ambiguous, "promotion piece");
    refused(pos, "b7b8", Code::Ambiguous, "promotion piece");
    refused(pos, "b8=K", Code::Syntax, "b8=K");

    Position low = at(VariantId::Chess, "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1");
    refused(low, "b4=Q", Code::Illegal, "b4=Q");
}

TEST_CASE("en passant in its spellings", "[notation]") {
    Position pos =
        at(VariantId::Chess, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    Move ep = Move::en_passant(sq("e5"), sq("f6"));
    CHECK(to_san(pos, ep) == "exf6");
    CHECK(to_uci(ep) == "e5f6");
    for (const char* text : {"exf6", "exf6 e.p.", "exf6e.p.", "exf6ep", "ef6", "e5f6", "e5xf6"})
        CHECK(parsed(pos, text) == ep);
    refused(pos, "exd6", Code::Illegal, "exd6");
    refused(pos, "f6", Code::Illegal, "f6");  // a push, never the capture
}

TEST_CASE("crazyhouse drops and a mating pawn drop", "[notation]") {
    Position pos =
        at(VariantId::Crazyhouse,
           "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[NPbp] w KQkq - 0 5");
    Move ng5 = Move::drop(PieceType::Knight, sq("g5"));
    CHECK(to_san(pos, ng5) == "N@g5");
    CHECK(to_uci(ng5) == "N@g5");
    for (const char* text : {"N@g5", "N*g5", "n@g5", "\xE2\x99\x98@g5"})
        CHECK(parsed(pos, text) == ng5);
    Move pd3 = Move::drop(PieceType::Pawn, sq("d3"));
    CHECK(to_san(pos, pd3) == "P@d3");
    CHECK(to_uci(pd3) == "P@d3");
    for (const char* text : {"P@d3", "@d3", "P*d3", "*d3", "p@d3"}) CHECK(parsed(pos, text) == pd3);
    refused(pos, "B@e3", Code::Illegal, "B@e3");  // no bishop in White's pocket
    refused(pos, "P@a8", Code::Illegal, "P@a8");
    refused(pos, "N@e4", Code::Illegal, "N@e4");  // occupied
    refused(pos, "K@e3", Code::Illegal, "K@e3");

    Position mate = at(VariantId::Crazyhouse, "6bk/7p/7B/8/8/8/8/7K[P] w - - 0 1");
    CHECK(to_san(mate, Move::drop(PieceType::Pawn, sq("g7"))) == "P@g7#");
    CHECK(parsed(mate, "@g7") == Move::drop(PieceType::Pawn, sq("g7")));
}

TEST_CASE("chessgi and loop drops", "[notation]") {
    Position chessgi = at(VariantId::Chessgi, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    CHECK(parsed(chessgi, "P@a1") == Move::drop(PieceType::Pawn, sq("a1")));
    CHECK(to_san(chessgi, Move::drop(PieceType::Pawn, sq("a1"))) == "P@a1");
    Position zh = at(VariantId::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    refused(zh, "P@a1", Code::Illegal, "P@a1");

    Position first_rank = at(VariantId::Chessgi, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    CHECK(parsed(first_rank, "a2") == Move::normal(sq("a1"), sq("a2")));
    CHECK(to_san(first_rank, Move::normal(sq("a1"), sq("a2"))) == "a2");

    Position loop = at(VariantId::Loop, "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1");
    CHECK(to_san(loop, Move::drop(PieceType::Queen, sq("e7"))) == "Q@e7+");
    CHECK(parsed(loop, "Q@e7") == Move::drop(PieceType::Queen, sq("e7")));
}

TEST_CASE("replacement placement suffix and its rules", "[notation]") {
    Position pos = at(VariantId::Replacement, "7k/8/8/3b4/8/8/8/K2R4 w - - 0 1");
    Move h1 = Move::normal(sq("d1"), sq("d5")).with_place(sq("h1"));
    CHECK(to_san(pos, h1) == "Rxd5/h1");
    CHECK(to_uci(h1) == "d1d5/h1");
    for (const char* text : {"Rxd5/h1", "Rd5/h1", "d1d5/h1", "Rxd5+/h1", "Rd1xd5/h1"})
        CHECK(parsed(pos, text) == h1);
    CHECK(parsed(pos, "Rxd5/a2") == Move::normal(sq("d1"), sq("d5")).with_place(sq("a2")));
    refused(pos, "Rxd5", Code::Ambiguous, "31");      // 31 light squares are legal
    refused(pos, "Rxd5/b2", Code::Illegal, "b2");     // dark: the bishop keeps its colour
    refused(pos, "Rxd5/d5", Code::Illegal, "d5");     // occupied by the capturer
    refused(pos, "Rd2/h1", Code::Illegal, "Rd2/h1");  // nothing captured, nothing to place

    // The pinned f3 pawn may take on g4 only if the black pawn blocks on f3 (g2 would check).
    Position pin = at(VariantId::Replacement, "k7/8/8/8/4b1p1/5P2/8/7K w - - 0 1");
    Move fxg4 = Move::normal(sq("f3"), sq("g4")).with_place(sq("f3"));
    CHECK(parsed(pin, "fxg4") == fxg4);
    CHECK(to_san(pin, fxg4) == "fxg4/f3");

    // A bishop goes back on its own colour: d5 is light, g2 light, d4 dark.
    Position bishops = at(VariantId::Replacement, "4k3/8/8/3b4/8/8/6B1/4K3 w - - 0 1");
    CHECK(parsed(bishops, "Bxd5/g2") == Move::normal(sq("g2"), sq("d5")).with_place(sq("g2")));
    refused(bishops, "Bxd5/d4", Code::Illegal, "Bxd5/d4");
}

TEST_CASE("putback placements and triple step and e.p. set and waiting pawn", "[notation]") {
    Position pos = at(VariantId::Putback, "7k/8/8/3b4/8/8/8/K2R4 w - - 0 1");
    CHECK(parsed(pos, "Rxd5/c1") == Move::normal(sq("d1"), sq("d5")).with_place(sq("c1")));
    refused(pos, "Rxd5/b2", Code::Illegal, "b2");  // the bishop would check a1

    Position triple = at(VariantId::Putback, "4k3/8/8/8/1p6/1p6/8/P3K3 w - - 0 1");
    CHECK(parsed(triple, "a4") == Move::normal(sq("a1"), sq("a4")));
    CHECK(to_san(triple, Move::normal(sq("a1"), sq("a4"))) == "a4");
    CHECK(parsed(triple, "a1a3") == Move::normal(sq("a1"), sq("a3")));

    Position ep = at(VariantId::Putback, "4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1");
    Move b4a3 = Move::en_passant(sq("b4"), sq("a3")).with_place(sq("h4"));
    CHECK(parsed(ep, "bxa3/h4") == b4a3);
    CHECK(parsed(ep, "b4xa3 e.p./h4") == b4a3);
    CHECK(to_san(ep, b4a3) == "bxa3/h4");
    CHECK(to_san(ep, Move::en_passant(sq("b3"), sq("a2")).with_place(sq("h4"))) == "bxa2/h4");
    refused(ep, "bxa3", Code::Ambiguous, "bxa3/");

    // White's pawn waits on a8: every White move starts with the choice of piece.
    Position wait = at(VariantId::Putback, "P3k3/8/8/3p4/4P3/8/8/4K2R w K - 0 1");
    REQUIRE(wait.pending_promotion() == sq("a8"));
    Move kd1q = Move::normal(sq("e1"), sq("d1")).with_pending_choice(PieceType::Queen);
    Move kd1n = Move::normal(sq("e1"), sq("d1")).with_pending_choice(PieceType::Knight);
    CHECK(to_san(wait, kd1q) == "a8=Q:Kd1+");  // the new queen checks along the 8th rank
    CHECK(to_san(wait, kd1n) == "a8=N:Kd1");
    CHECK(to_uci(kd1q) == "q:e1d1");
    for (const char* text : {"a8=Q:Kd1", "a8Q:Kd1", "=Q:Kd1", "a8(Q):e1d1", "q:e1d1", "=q:e1d1"})
        CHECK(parsed(wait, text) == kd1q);
    refused(wait, "Kd1", Code::Ambiguous, "pawn waiting on a8");
    refused(wait, "exd5", Code::Ambiguous,
            "choose a piece for the pawn waiting on a8 and name where the captured unit goes");
    refused(wait, "h8=Q:Kd1", Code::Illegal, "h8");
    Move qxd5 = Move::normal(sq("a8"), sq("d5")).with_pending_choice(PieceType::Queen);
    CHECK(parsed(wait, "a8=Q:Qxd5/h5") == qxd5.with_place(sq("h5")));
    CHECK(to_san(wait, qxd5.with_place(sq("h5"))) == "a8=Q:Qxd5/h5");
    refused(wait, "a8=R:Qxd5/h5", Code::Illegal, "Qxd5");
    CHECK(parsed(wait, "a8=R:O-O") ==
          Move::castling(sq("e1"), sq("g1")).with_pending_choice(PieceType::Rook));
}
