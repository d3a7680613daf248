// Tokenizer and game splitter edge cases (pgn/reader.hpp).
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "pgn/reader.hpp"

using namespace ck::pgn;

namespace {

// Writes every event as one short line, e.g. "san e4@3".
class Recorder : public Visitor {
public:
    std::vector<std::string> log;
    void begin_game(int line) override { add("game@" + std::to_string(line)); }
    void tag(std::string_view n, std::string_view v, int line) override {
        add("tag " + std::string(n) + "=" + std::string(v) + "@" + std::to_string(line));
    }
    void move_number(int n, int) override { add("num " + std::to_string(n)); }
    void san(std::string_view t, int line) override {
        add("san " + std::string(t) + "@" + std::to_string(line));
    }
    void nag(int n, int) override { add("nag " + std::to_string(n)); }
    void comment(std::string_view t, int line) override {
        add("comment " + std::string(t) + "@" + std::to_string(line));
    }
    void begin_variation(int) override { add("("); }
    void end_variation(int) override { add(")"); }
    void result(std::string_view t, int) override { add("result " + std::string(t)); }
    void syntax_error(const SyntaxError& e) override {
        add("error " + std::to_string(static_cast<int>(e.code)) + "@" + std::to_string(e.line));
    }
    void end_game() override { add("end"); }
    bool has(const std::string& s) const {
        for (auto& l : log)
            if (l == s) return true;
        return false;
    }
    int count(const std::string& prefix) const {
        int n = 0;
        for (auto& l : log) n += l.rfind(prefix, 0) == 0;
        return n;
    }

private:
    void add(std::string s) { log.push_back(std::move(s)); }
};

Recorder read(const std::string& text, std::size_t chunk = 1 << 20) {
    std::istringstream in(text);
    Recorder r;
    GameSplitter splitter(in, chunk);
    while (auto g = splitter.next()) parse_game(g->text, g->first_line, r);
    return r;
}

const std::string kTwoGames =
    "[Event \"A\"]\n[White \"Müller \\\"x\\\"\"]\n\n1. e4 {a (b; {c} e5 2. Nf3!? $14 1-0\n\n"
    "[Event \"B\"]\n\n1... e5 (1... c5 (1... e6) 2. Nf3) 2. Nf3?? ; line comment {\n*\n";

}  // namespace

TEST_CASE("reader: tags, moves, comments, variations and glyphs", "[pgn][reader]") {
    auto r = read(kTwoGames);
    CHECK(r.count("game@") == 2);
    CHECK(r.count("end") == 2);
    CHECK(r.has("tag White=Müller \"x\"@2"));
    CHECK(r.has("comment a (b; {c@4"));
    CHECK(r.has("san Nf3@4"));
    CHECK(r.has("nag 5"));
    CHECK(r.has("nag 14"));
    CHECK(r.has("nag 4"));
    CHECK(r.has("result 1-0"));
    CHECK(r.has("result *"));
    CHECK(r.has("comment  line comment {@8"));
    CHECK(r.count("(") == 2);
    CHECK(r.count(")") == 2);
    CHECK(r.has("game@6"));
    CHECK(r.count("error") == 0);
}

TEST_CASE("reader: the same events whatever the chunk size", "[pgn][reader]") {
    auto whole = read(kTwoGames);
    for (std::size_t chunk : {64, 65, 80, 100, 128}) CHECK(read(kTwoGames, chunk).log == whole.log);
}

TEST_CASE("reader: BOM, CRLF and lone CR", "[pgn][reader]") {
    std::string lf = "[Event \"x\"]\n\n1. e4 e5\n2. Nf3 *\n";
    auto base = read(lf);
    REQUIRE(base.has("san Nf3@4"));
    std::string crlf, cr;
    for (char c : lf) {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        cr += c == '\n' ? '\r' : c;
    }
    CHECK(read(crlf).log == base.log);
    CHECK(read(cr).log == base.log);
    CHECK(read("\xEF\xBB\xBF" + lf).log == base.log);
}

TEST_CASE("reader: % escape lines and glued move numbers", "[pgn][reader]") {
    auto r = read("% comment [Event \"no\"]\n[Event \"x\"]\n\n1.e4 e5 2.Nf3 1... Nc6 *\n");
    CHECK(r.count("game@") == 1);
    CHECK(!r.has("tag Event=no@1"));
    CHECK(r.has("san e4@4"));
    CHECK(r.has("san Nf3@4"));
    CHECK(r.has("san Nc6@4"));
    CHECK(r.count("num ") == 3);
}

TEST_CASE("reader: blank line inside a tag section keeps one game", "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n\n[Date \"y\"]\n[White \"w\"]\n\n1. e4 *\n");
    CHECK(r.count("game@") == 1);
    CHECK(r.has("tag Date=y@3"));
}

TEST_CASE("reader: tag-only games without movetext split on a repeated tag", "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n[Round \"1\"]\n\n[Round \"2\"]\n\n[Round \"3\"]\n");
    CHECK(r.count("game@") == 3);
    CHECK(r.count("san") == 0);
}

TEST_CASE("reader: a game without result followed by the next game", "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n\n1. e4 e5\n[Event \"y\"]\n\n1. d4 d5 *\n");
    CHECK(r.count("game@") == 2);
    CHECK(r.count("result") == 1);
}

TEST_CASE("reader: broken tags", "[pgn][reader]") {
    for (std::string bad : {"[Site \"https://x/y]", "[White alpha]", "[White \"b\"",
                            "[White \"\"Mephisto\"\"]", "Black \"b\"]", "[Round -]"}) {
        auto r = read("[Event \"x\"]\n" + bad +
                      "\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"z\"]\n\n1. d4 *\n");
        INFO(bad);
        CHECK(r.has("error 0@2"));
        CHECK(r.count("game@") == 2);
        CHECK(r.has("san d4@9"));
    }
}

TEST_CASE("reader: unterminated comment ends at the next game", "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n\n1. e4 { never closed\n\n[Event \"y\"]\n\n1. d4 *\n");
    CHECK(r.count("game@") == 2);
    CHECK(r.has("error 1@3"));
    CHECK(r.has("san d4@7"));
}

TEST_CASE("reader: a comment with a blank line and a bracket inside stays one game",
          "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n\n1. e4 { a\n\n[%clk 0:01] b } e5 *\n");
    CHECK(r.count("game@") == 1);
    CHECK(r.has("san e5@5"));
    CHECK(r.count("error") == 0);
}

TEST_CASE("reader: unbalanced parentheses", "[pgn][reader]") {
    auto open = read("[Event \"x\"]\n\n1. e4 (1. d4 e5 *\n");
    CHECK(open.has("error 2@3"));
    auto close = read("[Event \"x\"]\n\n1. e4 ) e5 *\n");
    CHECK(close.has("error 2@3"));
}

TEST_CASE("reader: a comment-only preamble is no game", "[pgn][reader]") {
    auto r = read("{\nA file comment\n}\n\n[ECO \"A00\"]\n\n1. b4 *\n");
    CHECK(r.count("game@") == 1);
    CHECK(r.has("game@5"));
}

TEST_CASE("reader: text after the result is an error", "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n\n1. e4 1-0 e5\n");
    CHECK(r.has("error 3@3"));
    CHECK(!r.has("san e5@3"));
}

TEST_CASE("reader: castling with zeros and malformed tokens reach the visitor", "[pgn][reader]") {
    auto r = read("[Event \"x\"]\n\n1. 0-0 4e 2. Q@ } *\n");
    CHECK(r.has("san 0-0@3"));
    CHECK(r.has("san 4e@3"));
    CHECK(r.has("san Q@@3"));
    CHECK(r.has("san }@3"));
}
