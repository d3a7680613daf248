// Real games written by lichess, python-chess and cutechess (tests/data/notation, see its
// PROVENANCE.md): every main-line SAN token parses, and to_san writes it back identically apart
// from annotation glyphs, so our canonical SAN is theirs. A deliberately small movetext reader
// (tags, comments, variations, NAGs, move numbers); the real reader lives in src/pgn.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/notation.hpp"
#include "rules/position.hpp"

using namespace ck::rules;

namespace {

struct Game {
    std::string variant = "Standard";
    std::vector<std::string> sans;
};

bool is_result(const std::string& t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

std::vector<Game> read_games(const std::string& path) {
    std::ifstream in(path);
    std::stringstream all;
    all << in.rdbuf();
    std::string text = all.str();
    std::vector<Game> games;
    bool in_moves = false;
    int depth = 0;
    std::string token;
    auto flush = [&] {
        std::size_t dots = token.find_first_not_of("0123456789");
        if (dots != std::string::npos && dots > 0 && token[dots] == '.') {
            token.erase(0, token.find_first_not_of('.', dots));  // "12." "12..." "1.e4"
        }
        if (!token.empty() && token[0] != '$' && !is_result(token))
            games.back().sans.push_back(token);
        token.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        bool line_start = i == 0 || text[i - 1] == '\n';
        if (line_start && c == '[' && depth == 0) {
            if (in_moves || games.empty()) games.emplace_back();
            in_moves = false;
            std::size_t end = text.find('\n', i);
            std::string line = text.substr(i, end - i);
            if (line.rfind("[Variant \"", 0) == 0)
                games.back().variant = line.substr(10, line.find('"', 10) - 10);
            i = end == std::string::npos ? text.size() : end;
            continue;
        }
        if (c == '{') {
            i = text.find('}', i);
            if (i == std::string::npos) break;
            continue;
        }
        if (c == ';') {
            i = text.find('\n', i);
            if (i == std::string::npos) break;
            continue;
        }
        if (c == '(' || c == ')') {
            if (depth == 0) flush();
            depth += c == '(' ? 1 : -1;
            continue;
        }
        if (depth > 0 || games.empty()) continue;
        in_moves = true;
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
            flush();
        else
            token += c;
    }
    if (!games.empty()) flush();
    return games;
}

std::string without_glyphs(std::string san) {
    while (!san.empty() && (san.back() == '!' || san.back() == '?')) san.pop_back();
    return san;
}

// A piece move written with its whole origin square where the PGN standard's shortest
// disambiguation (which we write, as python-chess and lichess do) names only file or rank.
bool over_disambiguated(const std::string& theirs, const std::string& ours) {
    return theirs.size() > ours.size() && ours.size() > 3 && theirs[0] == ours[0] &&
           ours[0] >= 'B' && ours[0] <= 'R' && theirs.compare(3, ours.size() - 2, ours, 2) == 0 &&
           (ours[1] == theirs[1] || ours[1] == theirs[2]);
}

}  // namespace

TEST_CASE("real games: SAN parses and is written back identically", "[notation][pgn]") {
    const char* files[] = {
        "crazyara-v0.3.1-engine_tournament.pgn",
        "fairy-stockfish-lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn",
        "python-chess-knightvuillaume-jannlee-zh-lichess.pgn",
        "python-chess-saturs-jannlee-zh-lichess.pgn",
        "fairy-stockfish-Syrov-Dgebuadze.pgn",
        "python-chess-kasparov-deep-blue-1997.pgn"};
    long checked = 0, drops = 0, over = 0;
    for (const char* file : files) {
        std::vector<Game> games = read_games(std::string(CK_TEST_DATA) + "/notation/" + file);
        INFO(file);
        REQUIRE_FALSE(games.empty());
        for (std::size_t g = 0; g < games.size(); ++g) {
            const Variant* variant = find_variant(games[g].variant);
            INFO("game " << g + 1 << " variant " << games[g].variant);
            REQUIRE(variant != nullptr);
            Position pos = Position::startpos(*variant);
            for (const std::string& san : games[g].sans) {
                INFO("move " << san << " in " << pos.fen());
                auto m = parse_move(pos, san);
                if (!m) FAIL(m.error().message);
                std::string ours = to_san(pos, *m);
                if (ours != without_glyphs(san) && over_disambiguated(san, ours)) {
                    ++over;  // cutechess: "Ng7h5" where the PGN standard says "N7h5"
                    auto back = parse_move(pos, ours);
                    CHECK((back && *back == *m));
                } else {
                    CHECK(ours == without_glyphs(san));
                }
                drops += m->is_drop();
                pos.make_move(*m);
                ++checked;
            }
        }
    }
    INFO(checked << " moves, " << drops << " drops, " << over << " over-disambiguated");
    CHECK(checked > 7000);
    CHECK(over < 5);
    CHECK(drops > 1000);
}
