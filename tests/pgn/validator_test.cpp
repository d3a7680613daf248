// The validator library against the reference data: invalid.pgn + invalid.key (every game
// invalid at exactly the keyed ply, with the keyed kind named), the generated samples and the
// real files (real/SOURCES.md).
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pgn/reader.hpp"
#include "pgn/validator.hpp"

using namespace ck::pgn;

namespace {

const std::string kData = std::string(CK_TEST_DATA) + "/pgn/";

std::vector<GameVerdict> validate_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    std::vector<GameVerdict> out;
    GameSplitter splitter(in);
    while (auto g = splitter.next())
        if (auto v = validate_game(g->text, g->first_line)) out.push_back(std::move(*v));
    return out;
}

std::vector<GameVerdict> validate_text(const std::string& text) {
    std::vector<GameVerdict> out;
    std::istringstream in(text);
    GameSplitter splitter(in);
    while (auto g = splitter.next())
        if (auto v = validate_game(g->text, g->first_line)) out.push_back(std::move(*v));
    return out;
}

struct KeyLine {
    int game, ply;
    std::string kind;
};

std::vector<KeyLine> read_key(const std::string& path) {
    std::ifstream in(path);
    std::vector<KeyLine> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        auto a = line.find(';'), b = line.find(';', a + 1);
        out.push_back({std::stoi(line.substr(0, a)), std::stoi(line.substr(a + 1, b - a - 1)),
                       line.substr(b + 1)});
    }
    return out;
}

}  // namespace

TEST_CASE("validator: invalid.pgn matches invalid.key game by game", "[pgn][validator][data]") {
    auto verdicts = validate_file(kData + "invalid.pgn");
    auto key = read_key(kData + "invalid.key");
    REQUIRE(key.size() == 169);
    REQUIRE(verdicts.size() == key.size());
    std::ostringstream mismatches;
    int bad = 0;
    for (const auto& k : key) {
        const GameVerdict& v = verdicts[k.game - 1];
        bool ok = !v.valid && v.ply == k.ply && kind_key(v.kind) == k.kind &&
                  v.error.rfind(std::string(kind_name(v.kind)), 0) == 0;
        if (!ok) {
            ++bad;
            mismatches << "game " << k.game << ": expected ply " << k.ply << " " << k.kind
                       << ", got " << (v.valid ? "valid" : "ply " + std::to_string(v.ply)) << " "
                       << kind_key(v.kind) << " (" << v.move << ": " << v.error << ")\n";
        }
    }
    INFO(mismatches.str());
    CHECK(bad == 0);
}

TEST_CASE("validator: generated samples are all valid", "[pgn][validator][data]") {
    for (std::string name : {"crazyhouse-sample.pgn", "standard-sample.pgn", "loop-sample.pgn",
                             "chessgi-sample.pgn"}) {
        auto verdicts = validate_file(kData + name);
        std::ostringstream bad;
        int invalid = 0;
        for (std::size_t i = 0; i < verdicts.size(); ++i)
            if (!verdicts[i].valid && invalid++ < 10)
                bad << "game " << i + 1 << " ply " << verdicts[i].ply << " " << verdicts[i].move
                    << ": " << verdicts[i].error << "\n";
        INFO(name << "\n" << bad.str());
        CHECK(verdicts.size() ==
              (name.rfind("crazyhouse", 0) == 0 || name.rfind("standard", 0) == 0 ? 2000u : 500u));
        CHECK(invalid == 0);
    }
}

TEST_CASE("validator: real crazyhouse files are all legal", "[pgn][validator][data]") {
    const std::map<std::string, std::size_t> files = {
        {"crazyara-sf_self_play-1k_cz_lichess_startpos.pgn", 1000},
        {"crazyara-v0.3.1-engine_tournament.pgn", 102},
        {"crazyara-v0.3.1-zh-50_startpos.pgn", 50},
        {"crazyara-v0.7.0-rl_eval_model_os_45_vs_sf.pgn", 100},
        {"crazyara-v0.7.0-zh-equal-long-81.pgn", 81},
        {"ddugovic-broadcast-crazyhouse.pgn", 2},
        {"ddugovic-broadcast-game-1.pgn", 1},
        {"ddugovic-broadcast-game-2.pgn", 1},
        {"fairy-stockfish-lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn", 1},
        {"python-chess-knightvuillaume-jannlee-zh-lichess.pgn", 1},
        {"python-chess-saturs-jannlee-zh-lichess.pgn", 1},
    };
    std::size_t total = 0;
    for (const auto& [name, games] : files) {
        auto verdicts = validate_file(kData + "real/crazyhouse/" + name);
        total += verdicts.size();
        INFO(name);
        CHECK(verdicts.size() == games);
        for (std::size_t i = 0; i < verdicts.size(); ++i) {
            INFO("game " << i + 1 << " ply " << verdicts[i].ply << " " << verdicts[i].move << ": "
                         << verdicts[i].error);
            CHECK(verdicts[i].valid);
        }
    }
    CHECK(total == 1340);
}

TEST_CASE("validator: named defects of the real standard files", "[pgn][validator][data]") {
    const std::string dir = kData + "real/standard/";
    SECTION("null move Z0 at ply 82 (anastasian-lewis)") {
        auto v = validate_file(dir + "python-chess-anastasian-lewis.pgn");
        REQUIRE(v.size() == 1);
        CHECK_FALSE(v[0].valid);
        CHECK(v[0].kind == ErrorKind::NullMove);
        CHECK(v[0].ply == 82);
        CHECK(v[0].move == "41... Z0");
    }
    SECTION("five pychess puzzles with unescaped quotes in a tag") {
        int broken = 0, other = 0;
        for (std::string n : {"2", "3", "4"}) {
            for (auto& v : validate_file(dir + "debian-pychess-mate_in_" + n + ".pgn")) {
                if (v.valid) continue;
                if (v.kind == ErrorKind::BrokenTag && v.ply == 0) {
                    ++broken;
                } else {
                    ++other;
                    UNSCOPED_INFO(v.move << ": " << v.error);
                }
            }
        }
        CHECK(broken == 5);
        CHECK(other == 0);
    }
    SECTION("parser edge cases read as legal games") {
        for (std::string n :
             {"python-chess-chessbase-empty-line.pgn", "python-chess-utf8-bom.pgn",
              "python-chess-uci-moves.pgn", "python-chess-kasparov-deep-blue-1997.pgn",
              "python-chess-molinari-bordais-1979.pgn",
              "python-chess-nepomniachtchi-liren-game1.pgn", "python-chess-stockfish-learning.pgn",
              "fairy-stockfish-Syrov-Dgebuadze.pgn", "fairy-stockfish-c60_ruy_lopez.pgn",
              "fairy-stockfish-deep_blue_kasparov_1997.pgn", "debian-pgn-extract-eco.pgn",
              "scalachess-FWWRC.pgn", "scalachess-uzchesscup.pgn"}) {
            auto verdicts = validate_file(dir + n);
            INFO(n);
            CHECK(!verdicts.empty());
            for (auto& v : verdicts) {
                INFO(v.move << ": " << v.error);
                CHECK(v.valid);
            }
        }
        // SOURCES.md says 2,015: it counts the leading comment block, which holds no game.
        CHECK(validate_file(dir + "debian-pgn-extract-eco.pgn").size() == 2014);
        CHECK(validate_file(dir + "python-chess-chessbase-empty-line.pgn").size() == 1);
    }
}

TEST_CASE("validator: unsupported variants are reported", "[pgn][validator][data]") {
    for (std::string n :
         {"python-chess-cutechess-fischerrandom.pgn", "python-chess-antichess-programfox.pgn",
          "fairy-stockfish-pychess-variants_YHEWvfWF.pgn",
          "fairy-stockfish-pychess-variants_zJxHRVm1.pgn"}) {
        auto verdicts = validate_file(kData + "real/other/" + n);
        INFO(n);
        REQUIRE(!verdicts.empty());
        for (auto& v : verdicts) {
            CHECK(v.kind == ErrorKind::UnknownVariant);
            CHECK(v.ply == 0);
        }
    }
}

TEST_CASE("validator: result contradicting the board", "[pgn][validator]") {
    const std::string mate = "1. f3 e5 2. g4 Qh4#";
    auto ok = validate_text("[Event \"x\"]\n[Result \"0-1\"]\n\n" + mate + " 0-1\n");
    REQUIRE(ok.size() == 1);
    CHECK(ok[0].valid);
    CHECK(ok[0].ply == 4);
    auto bad_marker = validate_text("[Event \"x\"]\n\n" + mate + " 1-0\n");
    REQUIRE(bad_marker.size() == 1);
    CHECK(bad_marker[0].kind == ErrorKind::ResultContradiction);
    CHECK(bad_marker[0].line == 3);
    auto bad_tag = validate_text("[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n" + mate + "\n");
    REQUIRE(bad_tag.size() == 1);
    CHECK(bad_tag[0].kind == ErrorKind::ResultContradiction);
    CHECK(bad_tag[0].line == 2);
}

TEST_CASE("validator: variations replay from their branch point", "[pgn][validator]") {
    auto v = validate_text(
        "[Event \"x\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 (1... c5 2. Nf3) 2. Nf3 "
        "*\n");
    REQUIRE(v.size() == 1);
    CHECK(v[0].valid);
    CHECK(v[0].ply == 3);
    const std::string bad_line = "[Event \"x\"]\n\n1. e4 (1. d4 e4 2. c4) 1... e5 2. Nf3 *\n";
    auto lenient = validate_text(bad_line);
    REQUIRE(lenient.size() == 1);
    CHECK(lenient[0].valid);
    CHECK(lenient[0].ply == 3);
    CHECK(lenient[0].variation_note.rfind("illegal move in a variation at 1... e4", 0) == 0);
    std::istringstream in(bad_line);
    GameSplitter splitter(in);
    auto g = splitter.next();
    REQUIRE(g);
    ValidateOptions strict;
    strict.strict_variations = true;
    auto bad = validate_game(g->text, g->first_line, strict);
    REQUIRE(bad);
    CHECK_FALSE(bad->valid);
    CHECK(bad->ply == 2);
    CHECK(bad->move == "1... e4");
}

TEST_CASE("validator: unknown variant and bad FEN at ply 0", "[pgn][validator]") {
    auto v = validate_text(
        "[Variant \"Atomic\"]\n\n1. e4 *\n\n[Event \"y\"]\n[SetUp \"1\"]\n"
        "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n");
    REQUIRE(v.size() == 2);
    CHECK(v[0].kind == ErrorKind::UnknownVariant);
    CHECK(v[0].ply == 0);
    CHECK(v[1].kind == ErrorKind::BadFen);
    CHECK(v[1].line == 7);
}
