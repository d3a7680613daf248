// Conditional lines checked when stored (referee/conditional.hpp, validate_open and
// validate_hidden; docs/conditionals.md "When a line is stored").
#include <catch2/catch.hpp>

#include "referee/conditional.hpp"
#include "rules/notation.hpp"

namespace ck::referee {
namespace {

ConditionalLine one_line(std::string_view text, bool hidden) {
    auto r = parse_conditionals(text, hidden);
    if (!r) FAIL(r.error().message());
    REQUIRE(r->size() == 1);
    return r->front();
}

// The crazyhouse position after `moves` from the start.
rules::Position after(std::initializer_list<const char*> moves,
                      const char* variant = "crazyhouse") {
    rules::Position pos = rules::Position::startpos(*rules::find_variant(variant));
    for (const char* m : moves) {
        auto move = rules::parse_move(pos, m);
        REQUIRE(move);
        pos.make_move(*move);
    }
    return pos;
}

std::string open_error(std::string_view text, const rules::Position& now) {
    auto r = validate_open(one_line(text, false), now);
    REQUIRE_FALSE(r);
    return r.error().message();
}

std::string hidden_error(std::string_view text, RuleSet rules, const char* variant) {
    auto r = validate_hidden(one_line(text, true), rules, *rules::find_variant(variant));
    REQUIRE_FALSE(r);
    return r.error().message();
}

bool hidden_ok(std::string_view text, RuleSet rules, const char* variant) {
    auto r = validate_hidden(one_line(text, true), rules, *rules::find_variant(variant));
    if (!r) INFO(r.error().message());
    return r.has_value();
}

}  // namespace

TEST_CASE("open: every move legal along the line, in the referee's SAN", "[conditional]") {
    const rules::Position now = after({"e4"});
    auto ok = validate_open(one_line("if e7e5 then g1f3 Nc6 Bc4 Nf6 Ng5", false), now);
    REQUIRE(ok);
    ConditionalTree tree;
    REQUIRE(add_line(tree, *ok));
    CHECK(render_lines(tree) == std::vector<std::string>{"if e5 then Nf3 Nc6 Bc4 Nf6 Ng5"});
    // Crazyhouse drops along the line; the check mark comes from the referee's SAN.
    auto drops = validate_open(one_line("if d5 then exd5 Qxd5 Nc3 Qa5 P@b4 Qxb4 Bb5", false), now);
    REQUIRE(drops);
    REQUIRE(add_line(tree, *drops));
    CHECK(render_lines(tree).back() == "if d5 then exd5 Qxd5 Nc3 Qa5 P@b4 Qxb4 Bb5+");

    CHECK(open_error("if e5 then Nf3 Nc6 Bc5", now) ==
          "\"if e5 then Nf3 Nc6 Bc5\": your reply Bc5 is not legal after e5 Nf3 Nc6: " +
              rules::parse_move(after({"e4", "e5", "Nf3", "Nc6"}), "Bc5").error().message);
    CHECK(open_error("if e4 then d4", now)
              .rfind("\"if e4 then d4\": your opponent's move e4 is not legal now: ", 0) == 0);
    CHECK(open_error("if d5 then exd5 P@d4 Nc3", now)
              .rfind("\"if d5 then exd5 P@d4 Nc3\": your opponent's move P@d4 is not legal after "
                     "d5 exd5: ",
                     0) == 0);
}

TEST_CASE("open: a numbered line must start at the opponent's next move", "[conditional]") {
    const rules::Position now = after({"e4", "e5", "Nf3"});
    CHECK(validate_open(one_line("2...Nc6 3.Bb5", false), now));
    CHECK(open_error("3...Nc6 4.Bb5", now) ==
          "\"3...Nc6 4.Bb5\": the line starts at move 3... but your opponent's next move is 2...");
    CHECK(validate_open(one_line("if Nc6 then Bb5", false), now));
}

TEST_CASE("hidden: each condition is one the rule set announces", "[conditional]") {
    // Captures: with pockets every rule set names the piece itself.
    CHECK(hidden_ok("if capture of a knight on e4 then Qxe4", RuleSet::Berkeley, "crazyhouse"));
    CHECK(hidden_error("if capture of a piece on e4 then Qxe4", RuleSet::Berkeley, "crazyhouse") ==
          "\"if capture of a piece on e4 then Qxe4\": \"capture of a piece on e4\": a capture in "
          "crazyhouse under berkeley names the piece itself (pawn, knight, bishop, rook or queen)");
    // Without pockets, as the rule set says.
    CHECK(hidden_ok("if capture of a knight on e4 then Qxe4", RuleSet::CrazyKrieg, "chess"));
    CHECK(hidden_ok("if capture of a piece on e4 then Qxe4", RuleSet::Wild16, "chess"));
    CHECK(hidden_error("if capture of a knight on e4 then Qxe4", RuleSet::Wild16, "chess") ==
          "\"if capture of a knight on e4 then Qxe4\": \"capture of a knight on e4\": a capture "
          "under wild16 names only `pawn` or `piece`");
    CHECK(hidden_error("if capture of a pawn on e4 then Qxe4", RuleSet::BerkeleyAny, "chess") ==
          "\"if capture of a pawn on e4 then Qxe4\": \"capture of a pawn on e4\": a capture under "
          "berkeley-any names only its square");
    CHECK(hidden_ok("if capture on e4 then Qxe4", RuleSet::BerkeleyAny, "chess"));
    // Drops only where the variant has them.
    CHECK(hidden_ok("if drop of a knight then Qd2", RuleSet::CrazyKrieg, "crazyhouse"));
    CHECK(hidden_error("if drop then Qd2", RuleSet::CrazyKrieg, "chess") ==
          "\"if drop then Qd2\": \"drop\": chess has no drops");
    // Pawn tries in the rule set's own form.
    CHECK(hidden_ok("if 2 pawn tries then exd5", RuleSet::Wild16, "chess"));
    CHECK(hidden_ok("if no pawn tries then Nf3", RuleSet::Wild16, "crazyhouse"));
    CHECK(hidden_error("if 2 pawn tries then exd5", RuleSet::CrazyKrieg, "chess") ==
          "\"if 2 pawn tries then exd5\": \"2 pawn tries\": crazykrieg announces no pawn tries");
    CHECK(hidden_error("if pawn captures then exd5", RuleSet::Wild16, "chess")
              .find("wild16 announces the number of pawn tries") != std::string::npos);
    CHECK(hidden_ok("if pawn captures then exd5", RuleSet::Cincinnati, "chess"));
    CHECK(hidden_ok("if pawn tries from e4 then exd5", RuleSet::Rand, "chess"));
    CHECK(hidden_error("if one pawn try then exd5", RuleSet::Rand, "chess")
              .find("rand announces the squares") != std::string::npos);
    // Promotions only where announced; check directions under every rule set.
    CHECK(hidden_ok("if promotion then Kf1", RuleSet::Rand, "chess"));
    CHECK(hidden_error("if promotion then Kf1", RuleSet::CrazyKrieg, "chess") ==
          "\"if promotion then Kf1\": \"promotion\": crazykrieg does not announce promotions");
    for (RuleSet r : {RuleSet::CrazyKrieg, RuleSet::Wild16, RuleSet::Berkeley, RuleSet::BerkeleyAny,
                      RuleSet::Cincinnati, RuleSet::English, RuleSet::Rand})
        CHECK(hidden_ok("if check on the vertical then Kf1", r, "chess"));
}

TEST_CASE("hidden: replies read as the player's attempts, any? where the rule set has it",
          "[conditional]") {
    CHECK(hidden_ok("if nothing then any?, exd5, Nf3", RuleSet::CrazyKrieg, "crazyhouse"));
    CHECK(hidden_ok("if nothing then any?, exd5", RuleSet::BerkeleyAny, "chess"));
    CHECK(hidden_error("if nothing then any?, exd5", RuleSet::Wild16, "chess") ==
          "\"if nothing then any?, exd5\": \"any?\" is not a request under wild16");
}

}  // namespace ck::referee
