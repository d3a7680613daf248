// The umpire's JSON (docs/referee-protocol.md "Responses"): escaping, key order, error lines.
#include "referee/check_direction.hpp"
#include "referee_test_support.hpp"

using namespace ck::referee;
using namespace ck::referee::test;

TEST_CASE("json_string escapes quotes, backslashes, controls and bad UTF-8", "[referee]") {
    CHECK(json_string("e4") == "\"e4\"");
    CHECK(json_string("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(json_string(std::string("x\x01y\n", 4)) == "\"x\\u0001y\\n\"");
    CHECK(json_string("\xE2\x99\x98") == "\"\xE2\x99\x98\"");  // a figurine stays UTF-8
    CHECK(json_string("\xff") == "\"\\ufffd\"");
}

TEST_CASE("rulings are written with the spec's keys in order", "[referee]") {
    Game g = hidden("crazyhouse");
    Ruling r = g.request("  e4 ");
    CHECK(ruling_json(r, g) ==
          R"({"n":1,"side":"white","request":"e4","answer":"legal","move":"e4",)"
          R"("white":[{"type":"moved","move":"e4"}],"black":[{"type":"moved"}],)"
          R"("views":{"white":"8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR[]",)"
          R"("black":"rnbqkbnr/pppppppp/8/8/8/8/8/8[]"},"result":null})");
    Ruling e = g.request("say \"hi\"");
    CHECK(ruling_json(e, g) == R"({"n":2,"side":"black","request":"say \"hi\"","answer":"error",)"
                               R"("error":"not a request"})");
}

TEST_CASE("check directions from the king's square", "[referee]") {
    using ck::rules::PieceType;
    auto sq = [](const char* s) { return *ck::rules::parse_square(s); };
    CHECK(check_direction(sq("e1"), sq("e8"), PieceType::Rook) == "vertical");
    CHECK(check_direction(sq("e1"), sq("a1"), PieceType::Queen) == "horizontal");
    CHECK(check_direction(sq("e1"), sq("f3"), PieceType::Knight) == "knight");
    CHECK(check_direction(sq("e1"), sq("h4"), PieceType::Bishop) == "short-diagonal");
    CHECK(check_direction(sq("e1"), sq("a5"), PieceType::Bishop) == "long-diagonal");
    CHECK(check_direction(sq("d4"), sq("a1"), PieceType::Bishop) == "long-diagonal");
    CHECK(check_direction(sq("d4"), sq("a7"), PieceType::Queen) == "short-diagonal");
    CHECK(check_direction(sq("g7"), sq("h8"), PieceType::Pawn) == "long-diagonal");
    CHECK(check_direction(sq("b8"), sq("a7"), PieceType::Pawn) == "short-diagonal");
    CHECK(check_direction(sq("b8"), sq("c7"), PieceType::Pawn) == "long-diagonal");
}
