// Regression (found by fuzz_fen): a FEN may mark a castling rook as promoted; castling must move
// the mark and keep the incremental hash equal to the recomputed one.
#include <catch2/catch.hpp>
#include <string>

#include "rules/movegen.hpp"
#include "rules/position.hpp"

using namespace ck::rules;

TEST_CASE("castling with a rook marked promoted keeps the position consistent", "[position]") {
    const Variant& zh = *find_variant("crazyhouse");
    auto pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R~[] w K - 0 1", zh);
    REQUIRE(pos.has_value());
    Move castle = Move::castling(make_square(4, 0), make_square(6, 0));
    REQUIRE(pos->is_legal(castle));
    const std::string before = pos->fen();
    const auto hash_before = pos->hash();
    pos->make_move(castle);
    std::string why;
    CHECK(pos->is_consistent(&why));
    INFO(why);
    CHECK(pos->is_promoted(make_square(5, 0)));
    pos->undo_move();
    CHECK(pos->is_consistent(&why));
    CHECK(pos->fen() == before);
    CHECK(pos->hash() == hash_before);
}
