// Conditional moves as text (referee/conditional.hpp; docs/conditionals.md): both by-mail forms,
// variations, merging, errors that quote the line, the canonical text and the stored form.
#include <catch2/catch.hpp>

#include "referee/conditional.hpp"

namespace ck::referee {
namespace {

std::vector<ConditionalLine> parse_ok(std::string_view text, bool hidden) {
    auto r = parse_conditionals(text, hidden);
    if (!r) FAIL(r.error().message());
    return std::move(*r);
}

std::string parse_error(std::string_view text, bool hidden) {
    auto r = parse_conditionals(text, hidden);
    REQUIRE_FALSE(r);
    return r.error().message();
}

ConditionalTree tree_of(std::string_view text, bool hidden) {
    ConditionalTree tree;
    tree.hidden = hidden;
    for (const ConditionalLine& line : parse_ok(text, hidden)) {
        auto added = add_line(tree, line);
        if (!added) FAIL(added.error().message());
    }
    return tree;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const std::string& l : lines) s += l + "\n";
    return s;
}

// Renders, re-parses the rendering and requires the same rendering (the same tree).
void require_round_trip(const ConditionalTree& tree) {
    const std::string text = joined(render_lines(tree));
    const ConditionalTree again = tree_of(text, tree.hidden);
    CHECK(joined(render_lines(again)) == text);
    auto stored = deserialise(serialise(tree));
    REQUIRE(stored);
    CHECK(stored->hidden == tree.hidden);
    CHECK(joined(render_lines(*stored)) == text);
}

}  // namespace

TEST_CASE("open if-form: the opponent's move, then reply, expected move, reply", "[conditional]") {
    auto lines = parse_ok("if Nf6 then e5\nif d5 then exd5 Qxd5 Nc3", false);
    REQUIRE(lines.size() == 2);
    REQUIRE(lines[0].steps.size() == 1);
    CHECK(condition_text(lines[0].steps[0].when) == "Nf6");
    CHECK(lines[0].steps[0].reply == std::vector<std::string>{"e5"});
    REQUIRE(lines[1].steps.size() == 2);
    CHECK(condition_text(lines[1].steps[1].when) == "Qxd5");
    CHECK(lines[1].steps[1].reply == std::vector<std::string>{"Nc3"});
    CHECK_FALSE(lines[1].first_ply);
    // The same line written with a second `if`, and re-cased as phones do.
    CHECK(render_lines(tree_of("if d5 then exd5 Qxd5 Nc3", false)) ==
          render_lines(tree_of("IF d5 THEN EXD5 if QXD5 then NC3", false)));
}

TEST_CASE("open PGN form with a variation", "[conditional]") {
    auto lines = parse_ok("2...Nf6 3.e5 (2...d5 3.exd5 Qxd5 4.Nc3)", false);
    REQUIRE(lines.size() == 2);
    // The variation closes first, then the main line.
    CHECK(lines[0].first_ply == 3);
    CHECK(lines[1].first_ply == 3);
    const ConditionalTree tree = tree_of("2...Nf6 3.e5 (2...d5 3.exd5 Qxd5 4.Nc3)", false);
    CHECK(render_lines(tree) ==
          std::vector<std::string>{"if d5 then exd5 Qxd5 Nc3", "if Nf6 then e5"});
    // Standard PGN placement (the variation right after the move it replaces) means the same.
    CHECK(render_lines(tree_of("2...Nf6 (2...d5 3.exd5 Qxd5 4.Nc3) 3.e5", false)) ==
          render_lines(tree));
    // "2. ... Nf6" is Black's second move, in the line and in a variation.
    CHECK(render_lines(tree_of("2. ... Nf6 3. e5 (2. ... d5 3. exd5 Qxd5 4. Nc3)", false)) ==
          render_lines(tree));
    CHECK(parse_ok("2. ... Nf6 3. e5", false).front().first_ply == 3);
    // Without numbers: a variation replaces the move just before it.
    CHECK(render_lines(tree_of("Nf6 (d5 exd5 Qxd5 Nc3) e5", false)) == render_lines(tree));
    CHECK_FALSE(parse_ok("Nf6 e5", false).front().first_ply);
    require_round_trip(tree);
}

TEST_CASE("nested variations give one line each, merged by common prefixes", "[conditional]") {
    const char* pgn =
        "1...e5 2.Nf3 (1...d5 2.exd5 Qxd5 3.Nc3 (2...Nf6 3.d4)) 2...Nc6 3.Bb5 "
        "(2...d6 3.d4)";
    auto lines = parse_ok(pgn, false);
    REQUIRE(lines.size() == 4);
    const ConditionalTree tree = tree_of(pgn, false);
    REQUIRE(tree.branches.size() == 2);
    CHECK(condition_text(tree.branches[0].when) == "d5");
    CHECK(tree.branches[0].next.size() == 2);  // Qxd5 and Nf6 after exd5
    CHECK(render_lines(tree) == std::vector<std::string>{
                                    "if d5 then exd5 Nf6 d4",
                                    "if d5 then exd5 Qxd5 Nc3",
                                    "if e5 then Nf3 d6 d4",
                                    "if e5 then Nf3 Nc6 Bb5",
                                });
    require_round_trip(tree);
}

TEST_CASE("merging: common prefixes share a branch, a different reply is refused",
          "[conditional]") {
    ConditionalTree tree =
        tree_of("if d5 then exd5 Qxd5 Nc3\nif d5 then exd5 Nf6 d4\nif e5 then Nf3", false);
    REQUIRE(tree.branches.size() == 2);
    CHECK(tree.branches[0].next.size() == 2);
    auto conflicting = parse_ok("if d5 then e5", false);
    auto refused = add_line(tree, conflicting[0]);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message() ==
          "\"if d5 then e5\": after d5 you already play exd5, not e5 (clear that line first: "
          "`conditional clear N`)");
    CHECK(render_lines(tree).size() == 3);  // unchanged
    CHECK(remove_line(tree, 2));
    CHECK(render_lines(tree) ==
          std::vector<std::string>{"if d5 then exd5 Qxd5 Nc3", "if e5 then Nf3"});
    CHECK(remove_line(tree, 1));
    CHECK(remove_line(tree, 1));
    CHECK(tree.empty());
    CHECK_FALSE(remove_line(tree, 1));
}

TEST_CASE("errors quote the line and say why", "[conditional]") {
    CHECK(parse_error("if d5 then", false) == "\"if d5 then\": no move after `then`");
    CHECK(parse_error("if d5 exd5", false) == "\"if d5 exd5\": `if` without `then`");
    CHECK(parse_error("if d5 then exd5 Qxd5", false) ==
          "\"if d5 then exd5 Qxd5\": the line ends with your opponent's move Qxd5 and no reply "
          "of yours");
    CHECK(parse_error("if d5 then exd5 Qzz", false) ==
          "\"if d5 then exd5 Qzz\": \"Qzz\" is not a move");
    CHECK(parse_error("if capture on e4 then Qxe4", false) ==
          "\"if capture on e4 then Qxe4\": \"capture on e4\" is not one move of your opponent's");
    CHECK(parse_error("2...Nf6 3.e5 (2...d5 3.exd5", false) ==
          "\"2...Nf6 3.e5 (2...d5 3.exd5\": a `(` without its `)`");
    CHECK(parse_error("2...Nf6 4.e5", false) ==
          "\"2...Nf6 4.e5\": move number \"4.e5\" where move 3. was due");
    CHECK(parse_error("2...Nf6 3.e5 (5...d5 6.exd5)", false) ==
          "\"2...Nf6 3.e5 (5...d5 6.exd5)\": the variation starting \"5...d5\" does not branch "
          "from a move of the line before it");
    CHECK(parse_error("if capture on e9 then Qxe4", true) ==
          "\"if capture on e9 then Qxe4\": cannot read the condition \"capture on e9\" (see the "
          "conditions the referee announces in the help)");
    CHECK(parse_error("if check then Kf1 maybe", true) ==
          "\"if check then Kf1 maybe\": \"maybe\" is not a move");
    CHECK(parse_error("if checkmate then Qxe4", true) ==
          "\"if checkmate then Qxe4\": cannot read the condition \"checkmate\" (see the "
          "conditions the referee announces in the help)");
    CHECK(parse_error("e4 e5", true) ==
          "\"e4 e5\": a conditional line in a hidden game starts with `if` (the PGN form is for "
          "open games)");
    CHECK(parse_error("if nothing and check then Kf1", true) ==
          "\"if nothing and check then Kf1\": `nothing` cannot be combined with a capture, drop, "
          "check or promotion");
}

TEST_CASE("hidden conditions in the referee's words, try lists and depth", "[conditional]") {
    struct Case {
        const char* written;
        const char* canonical;
    };
    const Case cases[] = {
        {"if capture on e4 then Qxe4, Nxe4", "if capture on e4 then Qxe4, Nxe4"},
        {"if Knight captured on e4. then Qxe4", "if capture of a knight on e4 then Qxe4"},
        {"if capture of a piece then Qxe4 Nxe4", "if capture of a piece then Qxe4, Nxe4"},
        {"if a capture on e4 then any? Qxe4", "if capture on e4 then any?, Qxe4"},
        {"if check then Kf1", "if check then Kf1"},
        {"if check on the vertical then Kf1", "if check on the vertical then Kf1"},
        {"if Check on the long diagonal. then Kf1", "if check on the long diagonal then Kf1"},
        {"if check on the short-diagonal then Kf1", "if check on the short diagonal then Kf1"},
        {"if check on the horizontal then Kf1", "if check on the horizontal then Kf1"},
        {"if check by a knight then Kf1", "if check by a knight then Kf1"},
        {"if drop then N@e4", "if drop then N@e4"},
        {"if drop knight then Qd2", "if drop of a knight then Qd2"},
        {"if nothing then e5", "if nothing then e5"},
        {"if No pawn tries. then e5", "if no pawn tries then e5"},
        {"if one pawn try then any?", "if one pawn try then any?"},
        {"if two pawn tries then exd5, exf5", "if 2 pawn tries then exd5, exf5"},
        {"if 3 pawn tries then exd5", "if 3 pawn tries then exd5"},
        {"if pawn captures are possible then exd5", "if pawn captures then exd5"},
        {"if no pawn captures then Nf3", "if no pawn captures then Nf3"},
        {"if pawn tries from e4 and c4 then exd5", "if pawn tries from c4 and e4 then exd5"},
        {"if pawn tries from e4, c4 then exd5", "if pawn tries from c4 and e4 then exd5"},
        {"if a pawn try from e4 then exd5", "if a pawn try from e4 then exd5"},
        {"if promotion then Kf1", "if promotion then Kf1"},
        {"if check and capture on e4 then Kxe4, Kf1", "if capture on e4 and check then Kxe4, Kf1"},
        {"if check on the vertical and check by a knight then Kf1",
         "if check by a knight and check on the vertical then Kf1"},
        {"if nothing and no pawn tries then e5", "if no pawn tries and nothing then e5"},
        {"if check and check then Kf1", "if check then Kf1"},
        {"if capture on d5 then Nc3 if check on the vertical then Be2, Qe2 if nothing then O-O",
         "if capture on d5 then Nc3 if check on the vertical then Be2, Qe2 if nothing then O-O"},
    };
    for (const Case& c : cases) {
        INFO(c.written);
        const ConditionalTree tree = tree_of(c.written, true);
        CHECK(render_lines(tree) == std::vector<std::string>{c.canonical});
        require_round_trip(tree);
    }
}

TEST_CASE("a hidden tree: several conditions, depth, round trips", "[conditional]") {
    const ConditionalTree tree = tree_of(
        "if capture on e4 then Qxe4, Nxe4\n"
        "if capture on e4 then Qxe4, Nxe4 if check on the vertical then Kf1\n"
        "if check on the long diagonal then Be2, Nd2\n"
        "if nothing then e5 if capture of a pawn on e5 then Nxe5\n",
        true);
    REQUIRE(tree.branches.size() == 3);
    CHECK(tree.branches[0].next.size() == 1);
    CHECK(tree.branches[0].reply == std::vector<std::string>{"Qxe4", "Nxe4"});
    require_round_trip(tree);
    const std::string stored = serialise(tree);
    CHECK(stored ==
          "crazykrieg-conditionals-v1\n"
          "hidden\n"
          "if capture on e4 then Qxe4, Nxe4 if check on the vertical then Kf1\n"
          "if check on the long diagonal then Be2, Nd2\n"
          "if nothing then e5 if capture of a pawn on e5 then Nxe5\n");
}

TEST_CASE("the stored form is versioned and checked on load", "[conditional]") {
    ConditionalTree empty;
    CHECK(serialise(empty) == "crazykrieg-conditionals-v1\nopen\n");
    auto back = deserialise(serialise(empty));
    REQUIRE(back);
    CHECK(back->empty());
    auto wrong_version = deserialise("crazykrieg-conditionals-v9\nopen\n");
    REQUIRE_FALSE(wrong_version);
    CHECK(wrong_version.error().kind == core::ErrorKind::Corrupt);
    auto wrong_mode = deserialise("crazykrieg-conditionals-v1\nsecret\n");
    REQUIRE_FALSE(wrong_mode);
    CHECK(wrong_mode.error().kind == core::ErrorKind::Corrupt);
    auto bad_line = deserialise("crazykrieg-conditionals-v1\nopen\nif d5 then\n");
    REQUIRE_FALSE(bad_line);
    CHECK(bad_line.error().detail == "conditional moves: \"if d5 then\": no move after `then`");
}

}  // namespace ck::referee
