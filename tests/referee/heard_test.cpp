// The announcement log a view shares with its game (referee/heard.hpp): a view is a snapshot,
// copies of a game go their own ways, and a log's entries never change once there.
#include "referee/heard.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "referee_test_support.hpp"

using namespace ck::referee;
using namespace ck::referee::test;
using ck::rules::Color;

namespace {

Announcement moved(const char* move) {
    Announcement a;
    a.type = AnnouncementType::Moved;
    a.move = move;
    return a;
}

// The last move the list tells of.
std::string last_move(const Heard& heard) {
    for (auto it = heard.rbegin(); it != heard.rend(); ++it)
        if (it->type == AnnouncementType::Moved) return it->move;
    return "";
}

}  // namespace

TEST_CASE("a heard list shared by copies: an append copies it when shared") {
    Heard a{moved("e4")};
    const Heard b = a;  // shares a's log
    CHECK(b.log_id() == a.log_id());
    a.push_back(moved("e5"));
    CHECK(a.size() == 2);
    CHECK(b.size() == 1);  // b keeps what it had
    CHECK(b[0].move == "e4");
    CHECK(a.log_id() != b.log_id());
    // A Heard alone on its log appends in place: the log stays the same.
    const auto log = a.log_id();
    a.push_back(moved("Nf3"));
    CHECK(a.log_id() == log);
    const std::vector<Announcement>& items = a;
    CHECK(items.size() == 3);
    CHECK(a == Heard{moved("e4"), moved("e5"), moved("Nf3")});
    CHECK(Heard{}.empty());
    CHECK(Heard{}.log_id() == 0);
}

TEST_CASE("a view keeps what the player had heard when it was made") {
    Game g = hidden("crazyhouse");
    REQUIRE(g.request("e4").answer == Answer::Legal);
    const PlayerView before = g.view(Color::Black);
    const std::vector<Announcement> copied = before.heard;
    REQUIRE(g.request("e5").answer == Answer::Legal);
    REQUIRE(g.request("a1h8").answer != Answer::Legal);
    CHECK(std::vector<Announcement>(before.heard) == copied);
    CHECK(g.view(Color::Black).heard.size() > copied.size());

    // A copy of the game (a rollback point) and the game go their own ways.
    const Game saved = g;
    const PlayerView at_save = saved.view(Color::White);
    REQUIRE(g.request("Nf3").answer == Answer::Legal);
    CHECK(saved.view(Color::White).heard == at_save.heard);
    CHECK(g.view(Color::White).heard.size() > at_save.heard.size());
    Game other = saved;
    REQUIRE(other.request("d4").answer == Answer::Legal);
    const Heard& mine = g.view(Color::White).heard;
    const Heard& theirs = other.view(Color::White).heard;
    REQUIRE(mine.size() == theirs.size());
    CHECK(last_move(mine) == "Nf3");
    CHECK(last_move(theirs) == "d4");
    CHECK(mine.log_id() != theirs.log_id());
}
