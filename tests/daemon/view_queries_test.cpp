// The list view's queries by mail (daemon/commands.hpp rows `pieces`/`p`, `file`/`rank`/`s`,
// `last`/`l`, `clock`/`c`; compose/view_queries.hpp): each is answered in the sender's one
// reply, from the sender's own view after the mail's moves; in a hidden game two games that
// differ only in what the sender may not know give the same answers.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "daemon/commands.hpp"
#include "one_game_club.hpp"

using ck::daemon::test::Ada;
using ck::daemon::test::Bob;
using ck::daemon::test::has;
using ck::daemon::test::OutMail;
using ck::daemon::test::to;
using ck::rules::Color;

namespace {

ck::daemon::NewGame crazyhouse(bool hidden) {
    ck::daemon::NewGame spec;
    spec.variant = "crazyhouse";
    spec.hidden = hidden;
    return spec;
}

class Club : public ck::daemon::test::OneGameClub {
public:
    explicit Club(const std::string& tag, bool hidden = true)
        : OneGameClub("view-queries-" + tag, "q", crazyhouse(hidden)) {}
};

// The "Answers:" section of a text part, to its end.
std::string answers_of(const std::string& text) {
    const auto at = text.find("\nAnswers:\n");
    return at == std::string::npos ? std::string() : text.substr(at);
}

}  // namespace

TEST_CASE("view queries: the command rows and their aliases", "[daemon][commands]") {
    using Kind = ck::daemon::Command::Kind;
    for (const char* line : {"pieces N", "p n", "P knights", "file a", "s a", "rank 4", "s 4",
                             "last", "l", "Last.", "clock", "c", "C"}) {
        INFO(line);
        const auto cmds = ck::daemon::parse_commands(line);
        REQUIRE(cmds.size() == 1);
        CHECK(cmds[0].kind == Kind::ViewQuery);
        CHECK(ck::daemon::valid_at(Kind::ViewQuery, ck::daemon::Where::Game));
        CHECK_FALSE(ck::daemon::valid_at(Kind::ViewQuery, ck::daemon::Where::Club));
    }
    // Not queries: a move, a query word with a wrong argument.
    CHECK(ck::daemon::parse_commands("c4")[0].kind == Kind::Move);
    CHECK(ck::daemon::parse_commands("s 9")[0].kind == Kind::Unknown);
    CHECK(ck::daemon::parse_commands("pieces x")[0].kind == Kind::Unknown);
    CHECK(ck::daemon::parse_commands("last move")[0].kind == Kind::Unknown);
}

TEST_CASE("view queries: answered in the one reply, after the mail's moves",
          "[daemon][view-queries]") {
    Club club("answers");
    auto m = club.send(Ada, club.white(), "e4\np N\ns e\nrank 4\nl\nc");
    const auto ada = to(m, Ada);
    REQUIRE(ada.size() == 1);  // one answer per mail
    const std::string text = answers_of(ada[0].text);
    INFO(ada[0].text);
    CHECK(has(text, "- p n: Your knights: b1, g1."));
    CHECK(has(text, "- s e: File e: King e1, Pawn e4."));
    CHECK(has(text, "- rank 4: Rank 4: Pawn e4."));
    CHECK(has(text, "- l: Last: Move 1, White: You played e4."));
    CHECK(has(text, "- c: It is Black's move (move 1)."));
    // The opponent hears nothing of the queries.
    for (const auto& b : to(m, Bob)) CHECK_FALSE(has(b.text, "Answers:"));

    // A mail of queries alone: the sender's board with the answers, nothing to the opponent.
    auto q = club.send(Bob, club.black(), "clock\npieces pawn");
    REQUIRE(to(q, Bob).size() == 1);
    CHECK(to(q, Ada).empty());
    const std::string bob = answers_of(to(q, Bob)[0].text);
    INFO(to(q, Bob)[0].text);
    CHECK(has(bob, "- clock: It is your move, Black (move 1). Deadline: "));
    CHECK(has(bob, "- pieces pawn: Your pawns: a7, b7, c7, d7, e7, f7, g7, h7."));
}

TEST_CASE("view queries: a query word with a wrong argument says what the queries are",
          "[daemon][view-queries]") {
    Club club("wrong");
    auto m = club.send(Ada, club.white(), "e4\ns 9");
    REQUIRE(to(m, Ada).size() == 1);
    INFO(to(m, Ada)[0].text);
    CHECK(has(to(m, Ada)[0].text, "The queries are pieces N"));
    CHECK(has(to(m, Ada)[0].text, "> s 9"));
}

// docs/design.md: the answers are built from the sender's view only.
TEST_CASE("view queries do not depend on the opponent's hidden moves", "[daemon][view-queries]") {
    const auto answers = [](const char* tag, const char* black_move) {
        Club club(tag);
        club.send(Ada, club.white(), "e4");
        club.send(Bob, club.black(), black_move);
        auto m = club.send(Ada, club.white(), "d4\np P\ns 5\ns 7\nfile a\nl\nc");
        REQUIRE(to(m, Ada).size() == 1);
        return answers_of(to(m, Ada)[0].text);
    };
    const std::string a = answers("pair-a", "a6");
    const std::string b = answers("pair-b", "h6");
    CHECK(!a.empty());
    CHECK(a == b);
}
