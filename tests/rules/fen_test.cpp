// FEN reading and writing: round trips, the pocket forms, and one bad input per error code.
#include <catch2/catch.hpp>
#include <fstream>

#include "rules_test_util.hpp"

using namespace ck::rules;
using namespace ck::rules::test;
using Code = FenError::Code;

namespace {
FenError::Code error_of(const std::string& fen, const char* v = "crazyhouse") {
    auto r = Position::from_fen(fen, variant(v));
    REQUIRE_FALSE(r.has_value());
    INFO(r.error().message);
    CHECK_FALSE(r.error().message.empty());
    return r.error().code;
}
}  // namespace

TEST_CASE("canonical FENs round-trip", "[rules][fen]") {
    const std::pair<const char*, const char*> cases[] = {
        {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
        {"crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
        {"crazyhouse", "rQ~2qb1r/3kBn2/B5b1/P6p/3p1P2/2N2p2/R1PP2PP/4K2R[QRBNPPqrbnpp] w K - 0 24"},
        {"crazyhouse", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3"},
        {"chessgi", "4k3/8/8/8/8/8/8/P3K2P[NPnp] b - - 3 40"},
        {"putback", "4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1"},
        {"putback", "4k2P/8/8/8/8/8/r7/6K1 w - - 0 2"},
    };
    for (auto [v, fen] : cases) {
        CAPTURE(v, fen);
        Position p = load(fen, v);
        CHECK(p.fen() == fen);
        CHECK(load(p.fen(), v).hash() == p.hash());
    }
    CHECK(Position::startpos(variant("crazyhouse")).fen() ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    CHECK(Position::startpos(variant("chess")).fen() ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST_CASE("every public perft FEN reads and round-trips", "[rules][fen]") {
    std::ifstream in(CK_TEST_DATA "/perft/public.epd");
    REQUIRE(in);
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        auto semi = line.find(';'), semi2 = line.find(';', semi + 1);
        std::string v = line.substr(0, semi), fen = line.substr(semi + 1, semi2 - semi - 1);
        CAPTURE(fen);
        auto p = Position::from_fen(fen, variant(v.c_str()));
        REQUIRE(p.has_value());
        auto q = Position::from_fen(p->fen(), variant(v.c_str()));
        REQUIRE(q.has_value());
        CHECK(q->fen() == p->fen());
        CHECK(q->hash() == p->hash());
        ++n;
    }
    CHECK(n > 100);
}

TEST_CASE("pocket forms: 9th rank and [-]", "[rules][fen]") {
    Position a = load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qnp w KQkq - 0 1", "crazyhouse");
    CHECK(a.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qnp] w KQkq - 0 1");
    CHECK(a.pocket_count(Color::White, PieceType::Queen) == 1);
    CHECK(a.pocket_count(Color::Black, PieceType::Knight) == 1);
    CHECK(a.pocket_count(Color::Black, PieceType::Pawn) == 1);
    Position b = load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1", "crazyhouse");
    CHECK(b.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    // Pockets written in Q R B N P order, white first, whatever the input order.
    Position c = load("4k3/8/8/8/8/8/8/4K3[pPnNqQ] w - - 0 1", "loop");
    CHECK(c.fen() == "4k3/8/8/8/8/8/8/4K3[QNPqnp] w - - 0 1");
    // Without pockets no brackets are written; empty brackets are accepted.
    CHECK(load("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "chess").fen() ==
          "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // Missing clocks default to 0 1.
    CHECK(load("4k3/8/8/8/8/8/8/4K3 w - -", "chess").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("en passant is kept only when a legal capture exists", "[rules][fen]") {
    // No black pawn can take on e3: the field is dropped, and the key ignores it.
    Position a = load("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "chess");
    CHECK(a.fen() == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    CHECK(a.hash() == load("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", "chess").hash());
    // A capture exists: kept and hashed.
    Position b = load("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "chess");
    CHECK(b.fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    CHECK(b.hash() != load("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1", "chess").hash());
    // Pinned capturer (rank pin through both pawns): not legal, dropped.
    Position c = load("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "chess");
    CHECK(c.ep_squares() == 0);
}

TEST_CASE("each FEN error code", "[rules][fen]") {
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w") == Code::Syntax);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 x") == Code::Syntax);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP[] w KQkq - 0 1") == Code::Board);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR[] w KQkq - 0 1") == Code::Board);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX[] w KQkq - 0 1") == Code::Board);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPP~PPP/RNBQKBNR[] w KQkq - 0 1") == Code::Board);
    {
        auto r = Position::from_fen("8/8/8/8/8/3p5/8/4K2k w - - 0 1", variant("chess"));
        REQUIRE_FALSE(r);
        CHECK(r.error().code == Code::Board);
        CHECK(r.error().message == "rank 3 has 9 squares");
    }
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w KQkq - 0 1") == Code::Pocket);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1") == Code::Pocket);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1") == Code::Pocket);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", "chess") ==
          Code::Pocket);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1") ==
          Code::SideToMove);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[] w KQkq - 0 1") == Code::Castling);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkx - 0 1") == Code::Castling);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq e4 0 1") ==
          Code::EnPassant);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq e6 0 1") ==
          Code::EnPassant);  // no black pawn on e5
    CHECK(error_of("4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1", "crazyhouse") == Code::EnPassant);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - x 1") == Code::Clock);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 -1") == Code::Clock);
    CHECK(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR[] w kq - 0 1") ==
          Code::IllegalPosition);
    CHECK(error_of("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQ - 0 1") ==
          Code::IllegalPosition);
    CHECK(error_of("P3k3/8/8/8/8/8/8/4K3[] w - - 0 1") == Code::IllegalPosition);
    CHECK(error_of("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1") == Code::IllegalPosition);
    CHECK(error_of("4k3/8/8/8/8/8/8/4K2r[] b - - 0 1") == Code::IllegalPosition);
    // Own 1st rank pawns: chessgi and putback only; promotion row: Putback's side to move only.
    CHECK(Position::from_fen("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", variant("chessgi")));
    CHECK(Position::from_fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", variant("putback")));
    CHECK(error_of("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "replacement") == Code::IllegalPosition);
    CHECK(Position::from_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", variant("putback")));
    CHECK(error_of("P3k3/8/8/8/8/8/8/4K3 b - - 0 1", "putback") == Code::IllegalPosition);
    CHECK(error_of("PP2k3/8/8/8/8/8/8/4K3 w - - 0 1", "putback") == Code::IllegalPosition);
}
