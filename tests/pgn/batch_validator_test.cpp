// The multi-threaded pipeline gives the same verdicts, in the same order, as one thread.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pgn/batch_validator.hpp"

using namespace ck::pgn;

namespace {

std::vector<std::string> run(const std::string& text, int jobs, BatchStats* stats) {
    std::istringstream in(text);
    BatchOptions options;
    options.jobs = jobs;
    std::vector<std::string> out;
    *stats = validate_stream(in, options, [&](int n, const GameVerdict& v, std::string_view) {
        out.push_back(std::to_string(n) + " " + (v.valid ? "ok" : "bad") + " " +
                      std::to_string(v.ply) + " " + std::to_string(v.line) + " " + v.move + " " +
                      v.error);
    });
    return out;
}

}  // namespace

TEST_CASE("batch validator: threads keep input order and verdicts", "[pgn][batch]") {
    std::string text;
    for (std::string name : {"invalid.pgn", "crazyhouse-sample.pgn", "invalid.pgn"}) {
        std::ifstream in(std::string(CK_TEST_DATA) + "/pgn/" + name, std::ios::binary);
        REQUIRE(in.good());
        std::ostringstream s;
        s << in.rdbuf();
        text += s.str() + "\n\n";
    }
    BatchStats one{}, three{};
    auto a = run(text, 1, &one);
    auto b = run(text, 3, &three);
    CHECK(one.games == 169 * 2 + 2000);
    CHECK(one.invalid == 169 * 2);
    CHECK(three.games == one.games);
    CHECK(three.valid == one.valid);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO(i);
        REQUIRE(a[i] == b[i]);
    }
}
