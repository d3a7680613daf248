// Crosstables: golden text and HTML for three events, the 78-column rule, HTML escaping.
#include <catch2/catch.hpp>
#include <sstream>

#include "club/crosstable.hpp"
#include "club/text_util.hpp"
#include "club_fixtures.hpp"
#include "golden.hpp"

using namespace ck::club;
using namespace ck::club::test;

namespace {

void check_width(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        INFO(line);
        CHECK(text::columns(line) <= 78);
        CHECK((line.empty() || line.back() != ' '));
    }
}

}  // namespace

TEST_CASE("golden crosstables") {
    SECTION("4-player double round robin, finished, a tie broken by SB") {
        const Tournament t = double4();
        REQUIRE(finished(t));
        const std::string text = crosstable_text(t);
        check_width(text);
        check_golden("double4.txt", text);
        check_golden("double4.html", crosstable_html(t));
    }
    SECTION("3-player single round robin with a bye") {
        const Tournament t = single3();
        const std::string text = crosstable_text(t);
        check_width(text);
        check_golden("single3.txt", text);
        check_golden("single3.html", crosstable_html(t));
    }
    SECTION("unfinished 6-player event") {
        const Tournament t = unfinished6();
        REQUIRE_FALSE(finished(t));
        const std::string text = crosstable_text(t);
        check_width(text);
        check_golden("unfinished6.txt", text);
        check_golden("unfinished6.html", crosstable_html(t));
    }
}

TEST_CASE("crosstable cells from the row player's side, in round order") {
    const Crosstable c = make_crosstable(double4());
    // Rows: Anna, Boris, Chen, Dana (see standings_test).
    REQUIRE(c.rows.size() == 4);
    CHECK(c.cells[0][0] == "XX");
    CHECK(c.cells[0][1] == "10");  // Anna-Boris: won round 2, lost round 5
    CHECK(c.cells[1][0] == "01");
    CHECK(c.cells[0][3] == "1\xc2\xbd");  // Anna-Dana: won round 1, drew round 4
    CHECK(c.cells[2][3] == "1+");         // Chen-Dana: won, then won by forfeit
    CHECK(c.cells[3][2] == "0-");
    CHECK(c.status == "Final standings");
    const Crosstable u = make_crosstable(unfinished6());
    CHECK(u.status == "Standings after 7 of 15 games");
    std::size_t pending = 0;
    for (const auto& row : u.cells)
        for (const auto& cell : row) pending += cell == "." ? 1 : 0;
    CHECK(pending == 2 * 8);
}

TEST_CASE("text crosstable fits 78 columns for 10 players of a double round robin") {
    std::vector<Player> players;
    for (int i = 0; i < 10; ++i)
        players.push_back({"Player Number " + std::to_string(i + 1) + " With A Very Long Name",
                           "p" + std::to_string(i) + "@club.example"});
    Tournament t = make("big", "Big", Kind::Double, players);
    start_all(t);
    for (std::size_t i = 0; i < t.pairings.size(); ++i)
        REQUIRE(record_result(t, *t.pairings[i].game, i % 3 == 0 ? W : (i % 3 == 1 ? D : B), ""));
    const std::string text = crosstable_text(t);
    check_width(text);
    CHECK(text.find("\xe2\x80\xa6") != std::string::npos);  // long names cut with "…"
    // With the rating column of a rated event (README "Ratings") it still fits.
    RatingLabels labels;
    for (const Player& p : players) labels[p.address] = "1500?";
    const std::string rated = crosstable_text(t, &labels);
    check_width(rated);
    CHECK(rated.find(" Rtg ") != std::string::npos);
    CHECK(rated.find(" 1500? ") != std::string::npos);
    // Single round robin of 12 also fits.
    players.push_back({"Eleven", "e@club.example"});
    players.push_back({"Twelve", "f@club.example"});
    check_width(crosstable_text(make("s12", "S", Kind::Single, players)));
}

TEST_CASE("HTML crosstable escapes every name and loads nothing") {
    const std::string html = crosstable_html(unfinished6());
    CHECK(html.find("Sam O&#39;Brien &amp; Sons") != std::string::npos);
    CHECK(html.find("Winter Open &lt;Crazyhouse&gt; &amp; Friends") != std::string::npos);
    CHECK(html.find("<Crazyhouse>") == std::string::npos);
    CHECK(html.find("src=") == std::string::npos);
    CHECK(html.find("href=") == std::string::npos);
    CHECK(html.find("url(") == std::string::npos);
    CHECK(html.find("<table") != std::string::npos);
    RatingLabels labels{{"no-such@player", "9999"}};
    const std::string rated = crosstable_html(unfinished6(), &labels);
    CHECK(rated.find(">Rtg</th>") != std::string::npos);
    CHECK(rated.find(">-</td>") != std::string::npos);  // a player without a rating
    const std::string d = crosstable_html(double4());
    CHECK(d.find("Dana &quot;D&amp;D&quot; O&#39;Neil") != std::string::npos);
}
