// Self-consistency (Stockfish's pos_is_ok, run over perft trees): after every make and undo
// the incremental hash equals the recomputed one, bitboards match the board, and undo
// restores fen() and hash().
#include <catch2/catch.hpp>

#include "rules_test_util.hpp"

using namespace ck::rules;
using namespace ck::rules::test;

namespace {

struct Walker {
    std::uint64_t nodes = 0;
    int failures = 0;
    std::string first_failure;

    void fail(const std::string& what) {
        if (!failures++) first_failure = what;
    }

    void walk(Position& pos, int depth) {
        ++nodes;
        if (depth == 0) return;
        const std::string fen = pos.fen();
        const std::uint64_t hash = pos.hash();
        for (Move m : legal_moves(pos)) {
            pos.make_move(m);
            std::string why;
            if (!pos.is_consistent(&why)) fail("after make from " + fen + ": " + why);
            // The incremental key equals the key of the same position read from its FEN
            // (sampled: reading a FEN costs more than the rest of the walk).
            if (nodes % 8 == 0) {
                auto again = Position::from_fen(pos.fen(), pos.variant());
                if (!again)
                    fail("fen() not readable: " + pos.fen() + ": " + again.error().message);
                else if (again->hash() != pos.hash())
                    fail("hash differs from the FEN's: " + pos.fen());
            }
            walk(pos, depth - 1);
            pos.undo_move();
            if (!pos.is_consistent(&why)) fail("after undo in " + fen + ": " + why);
            if (pos.fen() != fen || pos.hash() != hash) fail("undo did not restore " + fen);
        }
    }
};

}  // namespace

TEST_CASE("make/undo keep the position consistent in every variant", "[rules][consistency]") {
    struct Case {
        const char* variant;
        const char* fen;
        int depth;
    };
    const Case cases[] = {
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3},
        {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4},
        {"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3},
        {"crazyhouse", "r2k2nr/p7/2np1P2/4N3/1P1B3q/P1P1P3/b2P2K1/1N6[PPPPPBQpppbrr] w - - 0 32",
         2},
        {"crazyhouse", "rQ~2qb1r/3kBn2/B5b1/P6p/3p1P2/2N2p2/R1PP2PP/4K2R[PPPPNpppn] w K - 0 24", 2},
        {"crazyhouse", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4", 3},
        {"loop", "2r1k2r/1P3ppp/8/8/8/8/1p3PPP/R3K2R[Qq] w KQk - 0 1", 2},
        {"loop", "4k3/1Q~6/8/8/8/8/6p1/4K3[Nn] w - - 0 1", 3},
        {"chessgi", "r3k2r/8/8/8/8/8/8/R3K2R[Pp] w KQkq - 0 1", 2},
        {"chessgi", "4k3/8/8/8/8/8/8/P3K2P[PNpn] b - - 0 1", 2},
        {"replacement", "rnbqkbnr/ppp2ppp/8/3pp3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3", 2},
        {"replacement", "k3r3/1n6/8/8/1R6/8/8/4K3 w - - 0 1", 3},
        {"putback", "4k3/8/8/8/1p6/1p6/8/P3K3 w - - 0 1", 3},
        {"putback", "r3k3/8/8/8/8/8/P7/6K1 b - - 0 1", 3},
        {"putback", "rnbqkbnr/ppp2ppp/8/3pp3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3", 2},
    };
    for (const Case& c : cases) {
        CAPTURE(c.variant, c.fen);
        Position pos = load(c.fen, c.variant);
        REQUIRE(pos.is_consistent());
        Walker w;
        w.walk(pos, c.depth);
        INFO(w.first_failure);
        CHECK(w.failures == 0);
        CHECK(w.nodes > 1);
    }
    // Start positions of every variant, depth 3.
    for (const char* v : {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"}) {
        CAPTURE(v);
        Position pos = Position::startpos(variant(v));
        Walker w;
        w.walk(pos, 3);
        INFO(w.first_failure);
        CHECK(w.failures == 0);
    }
}

TEST_CASE("random games stay consistent", "[rules][consistency]") {
    std::mt19937 rng(7);
    for (const char* v : {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"}) {
        for (int game = 0; game < 10; ++game) {
            Position pos = Position::startpos(variant(v));
            std::vector<std::string> fens{pos.fen()};
            for (int ply = 0; ply < 120; ++ply) {
                auto moves = legal_moves(pos);
                if (moves.empty()) break;
                pos.make_move(moves[rng() % moves.size()]);
                std::string why;
                INFO(v << " " << pos.fen());
                REQUIRE(pos.is_consistent(&why));
                fens.push_back(pos.fen());
            }
            while (pos.game_ply() > 0) {
                fens.pop_back();
                pos.undo_move();
                REQUIRE(pos.fen() == fens.back());
            }
        }
    }
}

TEST_CASE("perft equals the colour-flipped mirror's in the pocket variants", "[rules][perft]") {
    std::mt19937 rng(99);
    for (const char* v : {"crazyhouse", "loop", "chessgi"}) {
        for (int game = 0; game < 4; ++game) {
            Position p = Position::startpos(variant(v));
            random_walk(p, 20 + 7 * game, rng);
            const std::string fen = p.fen();
            CAPTURE(v, fen);
            Position a = load(fen, v), b = load(mirror_fen(fen), v);
            CHECK(perft(a, 2) == perft(b, 2));
        }
    }
}
