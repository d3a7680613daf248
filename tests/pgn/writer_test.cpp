// Writer: canonical export, and read -> write -> read gives the same tags, moves, NAGs and
// comments on the sample files.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "pgn/game.hpp"
#include "pgn/reader.hpp"
#include "pgn/writer.hpp"

using namespace ck::pgn;

namespace {

std::string squeeze(std::string_view s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c == '}' ? ')' : c;
    }
    return out;
}

// Why two move trees differ ("" when equal).
std::string compare(const std::vector<MoveNode>& a, const std::vector<MoveNode>& b,
                    const std::string& where) {
    if (a.size() != b.size())
        return where + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) +
               " moves";
    for (std::size_t i = 0; i < a.size(); ++i) {
        std::string at = where + "/" + std::to_string(i + 1);
        if (a[i].move != b[i].move) return at + ": different move";
        if (a[i].nags != b[i].nags) return at + ": different NAGs";
        auto comments = [](const MoveNode& n) {
            std::vector<std::string> out;
            for (auto& c : n.comments_before) out.push_back("<" + squeeze(c));
            for (auto& c : n.comments) out.push_back(squeeze(c));
            return out;
        };
        if (comments(a[i]) != comments(b[i])) return at + ": different comments";
        if (a[i].variations.size() != b[i].variations.size()) return at + ": different variations";
        for (std::size_t v = 0; v < a[i].variations.size(); ++v) {
            auto d = compare(a[i].variations[v], b[i].variations[v], at + "v" + std::to_string(v));
            if (!d.empty()) return d;
        }
    }
    return "";
}

}  // namespace

TEST_CASE("writer: round trip on the samples", "[pgn][writer][data]") {
    for (std::string name :
         {"crazyhouse-sample.pgn", "standard-sample.pgn", "loop-sample.pgn", "chessgi-sample.pgn",
          "real/crazyhouse/"
          "fairy-stockfish-lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn"}) {
        std::ifstream in(std::string(CK_TEST_DATA) + "/pgn/" + name, std::ios::binary);
        REQUIRE(in.good());
        GameSplitter splitter(in);
        int games = 0, problems = 0, with_variations = 0, with_comments = 0;
        std::string first;
        while (auto g = splitter.next()) {
            std::string error;
            auto a = read_game(g->text, g->first_line, &error);
            if (!a) {
                INFO(name << " line " << g->first_line << ": " << error);
                CHECK(error == "no game");
                continue;
            }
            ++games;
            std::string text = to_pgn(*a);
            auto b = read_game(text, 1, &error);
            std::string why;
            if (!b) {
                why = "rewritten game invalid: " + error;
            } else {
                why = compare(a->moves, b->moves, "");
                if (a->result != b->result) why += " result";
                if (a->variant != b->variant || a->fen != b->fen) why += " start";
                for (const auto& [n, v] : a->tags) {
                    if (n == "Variant" || n == "SetUp" || n == "FEN" || n == "Result") continue;
                    const std::string* t = b->tag(n);
                    if (!t || *t != v) why += " tag " + n;
                }
            }
            std::istringstream lines(text);
            for (std::string l; std::getline(lines, l);)
                if (l.size() > 80 && l[0] != '[') why += " long line";
            for (const auto& n : a->moves) {
                with_variations += !n.variations.empty();
                with_comments += !n.comments.empty();
            }
            if (!why.empty() && problems++ == 0)
                first = "line " + std::to_string(g->first_line) + ": " + why + "\n" + text;
        }
        INFO(name << "\n" << first);
        CHECK(games > 0);
        CHECK(problems == 0);
        if (name == "standard-sample.pgn") {
            CHECK(with_variations > 0);
            CHECK(with_comments > 0);
        }
    }
}

TEST_CASE("writer: canonical tags and drops", "[pgn][writer]") {
    std::string error;
    auto g = read_game(
        "[White \"Mr \\\"X\\\"\"]\n[Event \"E\"]\n[Annotator \"me\"]\n[Variant \"crazyhouse\"]\n\n"
        "1. e4 d5 2. exd5 Qxd5 3. @e4 $1 {nice} Qa5 *\n",
        1, &error);
    INFO(error);
    REQUIRE(g);
    std::string out = to_pgn(*g);
    CHECK(out ==
          "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Mr "
          "\\\"X\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n[Annotator "
          "\"me\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 $1 {nice} 3... Qa5 *\n\n");
}

TEST_CASE("writer: a FEN start is written with SetUp", "[pgn][writer]") {
    auto g = read_game(
        "[Event \"E\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n7... Kd7 8. e4 "
        "*\n");
    REQUIRE(g);
    std::string out = to_pgn(*g);
    CHECK(out.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n") !=
          std::string::npos);
    CHECK(out.find("7... Kd7 8. e4 *") != std::string::npos);
}
