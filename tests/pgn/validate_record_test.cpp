// `crazykrieg validate` on hidden-game records (docs/pgn.md, "Hidden games"): a record whose moves
// are legal but whose recorded rulings differ from the referee's is invalid, at the turn's ply.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "pgn/validator.hpp"

namespace {

std::string read_sample(const std::string& name) {
    std::ifstream in(std::string(CK_TEST_DATA) + "/pgn/records/" + name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("validate accepts genuine referee records", "[record][validate]") {
    for (const char* name : {"crazykrieg-sample.pgn", "kriegspiel-sample.pgn"}) {
        std::string text = read_sample(name);
        REQUIRE_FALSE(text.empty());
        auto verdict = ck::pgn::validate_game(text, 1);
        REQUIRE(verdict.has_value());
        INFO(name << ": " << verdict->error);
        CHECK(verdict->valid);
    }
}

TEST_CASE("validate rejects a record with an altered ruling", "[record][validate]") {
    std::string text = read_sample("crazykrieg-sample.pgn");
    // White's first attempt of move 2 was refused as impossible; claim it was "no".
    const std::string genuine = "[%req white \"Kb5\" impossible]";
    auto at = text.find(genuine);
    REQUIRE(at != std::string::npos);
    text.replace(at, genuine.size(), "[%req white \"Kb5\" no]");
    auto verdict = ck::pgn::validate_game(text, 1);
    REQUIRE(verdict.has_value());
    CHECK_FALSE(verdict->valid);
    CHECK(verdict->kind == ck::pgn::ErrorKind::RefereeRecord);
    CHECK(verdict->ply == 3);
    CHECK(verdict->error.rfind("referee record mismatch", 0) == 0);
}

TEST_CASE("validate rejects a record with an altered announcement", "[record][validate]") {
    std::string text = read_sample("crazykrieg-sample.pgn");
    const std::string genuine = "[%ann black moved move=c5]";
    auto at = text.find(genuine);
    REQUIRE(at != std::string::npos);
    text.replace(at, genuine.size(), "[%ann both moved move=c5]");
    auto verdict = ck::pgn::validate_game(text, 1);
    REQUIRE(verdict.has_value());
    CHECK_FALSE(verdict->valid);
    CHECK(verdict->kind == ck::pgn::ErrorKind::RefereeRecord);
    CHECK(verdict->ply == 2);
}
