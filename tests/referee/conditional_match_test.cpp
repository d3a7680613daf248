// Firing conditional moves against what the real referee tells the player (referee/conditional.hpp,
// match; issue 19 acceptance at the referee's level). Each game is played through the referee's
// API; the daemon's part (a try list played in order, the tree dropped on a deviation) is
// emulated by play_tries and by the tests themselves.
#include <type_traits>

#include "referee/conditional.hpp"
#include "referee_test_support.hpp"

namespace ck::referee {
namespace {

using test::Black;
using test::White;

// The matcher's only inputs are the tree and the player's own view: it cannot read the true
// position (docs/design.md, "Hidden information is a type").
static_assert(std::is_same_v<decltype(&match),
                             std::optional<Firing> (*)(const ConditionalTree&, const PlayerView&)>);

ConditionalTree stored_tree(const char* text, bool hidden) {
    ConditionalTree tree;
    tree.hidden = hidden;
    auto lines = parse_conditionals(text, hidden);
    if (!lines) FAIL(lines.error().message());
    for (const ConditionalLine& line : *lines) {
        auto added = add_line(tree, line);
        if (!added) FAIL(added.error().message());
    }
    return tree;
}

// An open game's lines, validated against the public position as the daemon will.
ConditionalTree stored_open_tree(const char* text, const Game& g) {
    ConditionalTree tree;
    auto lines = parse_conditionals(text, false);
    if (!lines) FAIL(lines.error().message());
    for (const ConditionalLine& line : *lines) {
        auto valid =
            validate_open(line, g.true_position(TruePositionKeyForTests::make()));  // open play
        if (!valid) FAIL(valid.error().message());
        REQUIRE(add_line(tree, *valid));
    }
    return tree;
}

ConditionalTree stored_hidden_tree(const char* text, const Game& g) {
    ConditionalTree tree = stored_tree(text, true);
    for (const std::string& line : render_lines(tree)) {
        auto parsed = parse_conditionals(line, true);
        REQUIRE(parsed);
        auto valid = validate_hidden(parsed->front(), g.rule_set(), g.variant());
        if (!valid) FAIL(valid.error().message());
    }
    return tree;
}

// What the daemon does with a fired try list: each attempt in order until one is legal.
std::optional<std::string> play_tries(Game& g, const std::vector<std::string>& tries) {
    for (const std::string& t : tries)
        if (g.request(t).answer == Answer::Legal) return t;
    return std::nullopt;
}

using Replies = std::vector<std::string>;

}  // namespace

TEST_CASE("open crazyhouse: three branches of depth 3, played into the second, then a deviation",
          "[conditional]") {
    Game g = test::make_game("crazyhouse", false);
    test::play_all(g, {"e4"});
    ConditionalTree tree = stored_open_tree(
        "if e5 then Nf3 Nc6 Bc4 Nf6 Ng5\n"
        "if d5 then exd5 Qxd5 Nc3 Qa5 d4\n"
        "if c5 then Nf3 d6 d4 cxd4 Nxd4\n",
        g);
    REQUIRE(tree.branches.size() == 3);
    // Nothing fires while it is not White's turn.
    CHECK_FALSE(match(tree, g.view(White)));

    test::play_all(g, {"d5"});  // Black plays into the second branch
    auto fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"exd5"});
    REQUIRE(play_tries(g, fired->reply));
    tree = fired->rest;

    test::play_all(g, {"Qxd5"});
    fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Nc3"});
    REQUIRE(play_tries(g, fired->reply));
    tree = fired->rest;
    CHECK(render_lines(tree) == std::vector<std::string>{"if Qa5 then d4"});

    test::play_all(g, {"Qd8"});  // a deviation: nothing applies, the rest is dropped
    CHECK_FALSE(match(tree, g.view(White)));
}

TEST_CASE("open crazyhouse: a line played to its end leaves nothing", "[conditional]") {
    Game g = test::make_game("crazyhouse", false);
    test::play_all(g, {"e4"});
    ConditionalTree tree = stored_open_tree(
        "if e5 then Nf3 Nc6 Bc4 Nf6 Ng5\n"
        "if d5 then exd5 Qxd5 Nc3 Qa5 d4\n"
        "if c5 then Nf3 d6 d4 cxd4 Nxd4\n",
        g);
    std::vector<std::string> played;
    for (const char* black : {"c5", "d6", "cxd4"}) {
        test::play_all(g, {black});
        auto fired = match(tree, g.view(White));
        REQUIRE(fired);
        REQUIRE(play_tries(g, fired->reply));
        played.push_back(fired->reply.front());
        tree = fired->rest;
    }
    CHECK(played == Replies{"Nf3", "d4", "Nxd4"});
    CHECK(tree.empty());
    test::play_all(g, {"Nf6"});
    CHECK_FALSE(match(tree, g.view(White)));
}

TEST_CASE("hidden CrazyKrieg: nothing, a capture square, a check direction; tries fall through",
          "[conditional]") {
    Game g = test::make_game("crazyhouse", true);  // crazykrieg rules
    test::play_all(g, {"e4"});
    ConditionalTree tree = stored_hidden_tree(
        "if check then Ke2\n"
        "if nothing then Nd2, exd5 if capture of a pawn on d5 then Nc3 if check on the vertical "
        "then Be2, Qe2\n",
        g);

    test::play_all(g, {"d5"});  // White is told only that Black moved
    auto fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Nd2", "exd5"});
    CHECK(play_tries(g, fired->reply) == std::string("exd5"));  // Nd2 refused, exd5 played
    tree = fired->rest;

    test::play_all(g, {"Qxd5"});  // "Pawn captured on d5."
    fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Nc3"});
    REQUIRE(play_tries(g, fired->reply));
    tree = fired->rest;

    test::play_all(g, {"Qe5+"});  // "Check on the vertical."
    fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Be2", "Qe2"});
    CHECK(play_tries(g, fired->reply) == std::string("Be2"));
    CHECK(fired->rest.empty());
}

TEST_CASE("hidden CrazyKrieg: a deviation drops the rest; no legal try leaves the turn",
          "[conditional]") {
    Game g = test::make_game("crazyhouse", true);
    test::play_all(g, {"e4", "d5", "exd5"});
    ConditionalTree tree = stored_hidden_tree("if capture on d5 then Nc3\n", g);
    test::play_all(g, {"Nf6"});  // no capture: the condition does not apply
    CHECK_FALSE(match(tree, g.view(White)));

    // A try list of which no attempt is legal: every one refused, White still to move (the daemon
    // then sends the ordinary turn mail).
    const ConditionalTree blocked = stored_hidden_tree("if nothing then Nd2, Qd2, Bd2\n", g);
    auto fired = match(blocked, g.view(White));
    REQUIRE(fired);
    CHECK_FALSE(play_tries(g, fired->reply));
    CHECK(g.side_to_move() == White);
}

TEST_CASE("hidden wild16: pawn tries as announced, the first matching condition wins",
          "[conditional]") {
    const char* lines =
        "if check then Ke2\n"
        "if one pawn try then exd5, Nc3 if capture of a pawn on d5 then Nc3\n"
        "if nothing then Nf3\n";
    {
        Game g = test::make_game("chess", true, {}, RuleSet::Wild16);
        test::play_all(g, {"e4"});
        ConditionalTree tree = stored_hidden_tree(lines, g);
        test::play_all(g, {"d5"});  // "One pawn try."
        auto fired = match(tree, g.view(White));
        REQUIRE(fired);
        CHECK(fired->reply == Replies{"exd5", "Nc3"});
        CHECK(play_tries(g, fired->reply) == std::string("exd5"));
        test::play_all(g, {"Qxd5"});  // "Pawn captured on d5." (wild16: pawn or piece)
        fired = match(fired->rest, g.view(White));
        REQUIRE(fired);
        CHECK(fired->reply == Replies{"Nc3"});
    }
    {
        Game g = test::make_game("chess", true, {}, RuleSet::Wild16);
        test::play_all(g, {"e4"});
        ConditionalTree tree = stored_hidden_tree(lines, g);
        test::play_all(g, {"e5"});  // "No pawn tries.": nothing else announced
        auto fired = match(tree, g.view(White));
        REQUIRE(fired);
        CHECK(fired->reply == Replies{"Nf3"});
        ConditionalTree exact = stored_hidden_tree("if no pawn tries and nothing then d4\n", g);
        fired = match(exact, g.view(White));
        REQUIRE(fired);
        CHECK(fired->reply == Replies{"d4"});
    }
}

TEST_CASE("hidden berkeley-any: a capture names its square; any? in a try list; check direction",
          "[conditional]") {
    Game g = test::make_game("chess", true, {}, RuleSet::BerkeleyAny);
    test::play_all(g, {"e4"});
    ConditionalTree tree = stored_hidden_tree(
        "if nothing then any?, exd5, Nc3 if capture on d5 then Nc3 if check on the vertical then "
        "Be2\n",
        g);
    test::play_all(g, {"d5"});
    auto fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"any?", "exd5", "Nc3"});
    CHECK(play_tries(g, fired->reply) == std::string("exd5"));  // any? -> Try, then exd5
    test::play_all(g, {"Qxd5"});                                // "A capture on d5."
    fired = match(fired->rest, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Nc3"});
    REQUIRE(play_tries(g, fired->reply));
    test::play_all(g, {"Qe5+"});
    fired = match(fired->rest, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Be2"});
}

TEST_CASE("hidden rand and cincinnati: pawn tries in their own forms", "[conditional]") {
    const struct {
        RuleSet rules;
        const char* lines;
        const char* black;
        Replies reply;
    } cases[] = {
        {RuleSet::Rand,
         "if no pawn tries then Nf3\nif a pawn try from e4 then exd5\n",
         "d5",
         {"exd5"}},
        {RuleSet::Rand,
         "if pawn tries from c4 and e4 then exd5\nif no pawn tries then Nf3\n",
         "e5",
         {"Nf3"}},
        {RuleSet::Cincinnati,
         "if no pawn captures then Nf3\nif pawn captures then exd5\n",
         "d5",
         {"exd5"}},
        {RuleSet::Cincinnati,
         "if pawn captures then exd5\nif no pawn captures then Nf3\n",
         "e5",
         {"Nf3"}},
    };
    for (const auto& c : cases) {
        INFO(rule_set_name(c.rules) << " 1.e4 " << c.black);
        Game g = test::make_game("chess", true, {}, c.rules);
        test::play_all(g, {"e4"});
        const ConditionalTree tree = stored_hidden_tree(c.lines, g);
        test::play_all(g, {c.black});
        auto fired = match(tree, g.view(White));
        REQUIRE(fired);
        CHECK(fired->reply == c.reply);
    }
}

TEST_CASE("hidden crazyhouse: drops and double checks as announced", "[conditional]") {
    // White: Ke1, Pa2; Black: Ke8 with a knight in the pocket, dropped with check.
    Game g = test::make_game("crazyhouse", true, std::string("4k3/8/8/8/8/8/P7/4K3[n] b - - 0 1"));
    ConditionalTree tree = stored_hidden_tree(
        "if drop of a bishop then Kd2\n"
        "if drop of a knight and check by a knight then Kf1\n"
        "if drop then Ke2\n",
        g);
    test::play_all(g, {"N@d3"});
    auto fired = match(tree, g.view(White));
    REQUIRE(fired);
    CHECK(fired->reply == Replies{"Kf1"});
}

TEST_CASE("secrecy: what White cannot tell apart fires the same", "[conditional]") {
    // Black's replies differ in the true position but tell White the same ("Black has moved."):
    // White's view is the same, and so is what fires.
    const ConditionalTree tree =
        stored_tree("if capture on e4 then Qh5\nif check then Ke2\nif nothing then d4\n", true);
    std::optional<std::string> board;
    std::optional<std::vector<Announcement>> heard;
    for (const char* black : {"a6", "h6", "Nf6", "d6", "e6", "Na6", "g5"}) {
        INFO("1... " << black);
        Game g = test::make_game("crazyhouse", true);
        test::play_all(g, {"e4", black});
        const PlayerView view = g.view(White);
        if (!board) board = view.board_text(), heard = view.heard;
        REQUIRE(view.board_text() == *board);  // the same view for White...
        REQUIRE(view.heard == *heard);
        auto fired = match(tree, view);  // ...the same reply
        REQUIRE(fired);
        CHECK(fired->reply == Replies{"d4"});
    }
    // A tree fires only in its own kind of game: a hidden tree's `nothing` is no open move.
    Game open = test::make_game("crazyhouse", false);
    test::play_all(open, {"e4", "a6"});
    CHECK_FALSE(match(tree, open.view(White)));
}

}  // namespace ck::referee
