// Team matches (club/team_match.hpp, team_crosstable.hpp, the team lines of tournament_file.hpp):
// rosters, board-against-board pairings and their colours, the team score, the file round trip
// and the crosstables.
#include <catch2/catch.hpp>
#include <map>

#include "club/crosstable.hpp"
#include "club/team_crosstable.hpp"
#include "club/team_match.hpp"
#include "club/text_util.hpp"
#include "club/tournament_file.hpp"
#include "golden.hpp"

using namespace ck::club;

namespace {

// Red (Ann Ben Cat Dan, captain ann@x) against Blue (Eve Fay Gus Hal, captain zed@x), taking
// rosters.
Tournament match(int games = 2) {
    NewTournament n;
    n.id = "club-match";
    n.name = "Club Match";
    n.settings = GameSettings{"crazyhouse", false, std::nullopt, "3d", std::nullopt};
    n.system = System::Teams;
    n.entries_open = true;
    n.match.games = games;
    const char* names[] = {"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
    for (const char* name : names) n.players.push_back({name, text::lower_ascii(name) + "@x"});
    n.match.teams = {Team{"Red", "ann@x", {0, 1, 2, 3}, false},
                     Team{"Blue", "zed@x", {4, 5, 6, 7}, false}};
    auto t = create_tournament(std::move(n));
    if (!t) FAIL(error_text(t.error()));
    return std::move(t).value();
}

std::string name_of(const Tournament& t, int p) {
    return t.players[static_cast<std::size_t>(p)].name;
}

Tournament started(int games = 2) {
    Tournament t = match(games);
    REQUIRE(close_entries(t));
    std::uint64_t id = 10;
    for (Pairing& p : t.pairings) p.game = ck::core::GameId(id++);
    return t;
}

}  // namespace

TEST_CASE("team match: no games while it takes rosters; join and withdraw refused") {
    Tournament t = match();
    CHECK(t.pairings.empty());
    CHECK(add_entrant(t, {"Ivy", "ivy@x"}).error().code == ErrorCode::EntriesClosed);
    CHECK(remove_entrant(t, "ann@x").error().code == ErrorCode::EntriesClosed);
    CHECK(rounds(t) == 2);
    CHECK(team_subtitle(t) == "Team match, 2 games a pair");
}

TEST_CASE("team match: board n plays board n, one game with each colour") {
    const Tournament t = started();
    REQUIRE(t.pairings.size() == 8);
    std::map<std::pair<std::string, std::string>, int> white_games;  // (white, black) -> count
    for (const Pairing& p : t.pairings) {
        const int board = team_of(t, p.white) == 0u ? p.white : p.black;  // Red's seat
        const int other = board == p.white ? p.black : p.white;
        CHECK(other - 4 == board);  // Red's board n against Blue's board n
        ++white_games[{name_of(t, p.white), name_of(t, p.black)}];
        // Game 1: Red White on boards 1 and 3; game 2 reversed.
        const bool red_white = p.white == board;
        CHECK(red_white == ((board % 2 == 0) == (p.round == 1)));
    }
    for (int b = 0; b < 4; ++b) {
        CHECK(white_games[{name_of(t, b), name_of(t, b + 4)}] == 1);
        CHECK(white_games[{name_of(t, b + 4), name_of(t, b)}] == 1);
    }
    CHECK(team_subtitle(t) == "Team match, 4 boards, 2 games a pair");
}

TEST_CASE("team match: one game a pair alternates colours by board") {
    const Tournament t = started(1);
    REQUIRE(t.pairings.size() == 4);
    for (std::size_t b = 0; b < 4; ++b) {
        const Pairing& p = t.pairings[b];
        CHECK(p.round == 1);
        CHECK(p.white == (b % 2 == 0 ? static_cast<int>(b) : static_cast<int>(b) + 4));
    }
}

TEST_CASE("team match: the captain's roster replaces the team's and fixes its order") {
    Tournament t = match();
    REQUIRE(set_roster(t, 0, {{"Dan", "dan@x"}, {"Cat", "cat@x"}, {"Ivy", "ivy@x"}}));
    CHECK(t.match.teams[0].ordered);
    CHECK_FALSE(t.match.teams[1].ordered);
    REQUIRE(t.players.size() == 7);  // Ann and Ben are off, Ivy is on
    std::vector<std::string> red;
    for (int p : t.match.teams[0].roster) red.push_back(name_of(t, p));
    CHECK(red == std::vector<std::string>{"Dan", "Cat", "Ivy"});
    CHECK(validate(t));

    // A player of the other team, and any roster after the start, change nothing.
    const Tournament before = t;
    auto other = set_roster(t, 0, {{"Eve", "EVE@x"}});
    REQUIRE_FALSE(other);
    CHECK(other.error().message == "EVE@x is on the roster of Blue");
    CHECK(format_tournament(t) == format_tournament(before));
    // Rosters of unequal size cannot start.
    auto unequal = close_entries(t);
    REQUIRE_FALSE(unequal);
    CHECK(unequal.error().code == ErrorCode::BadPlayers);
    REQUIRE(set_roster(t, 0, {{"Dan", "dan@x"}, {"Cat", "cat@x"}, {"Ivy", "ivy@x"}, {"A", "a@x"}}));
    REQUIRE(close_entries(t));
    CHECK(set_roster(t, 1, {{"Eve", "eve@x"}}).error().code == ErrorCode::EntriesClosed);
}

TEST_CASE("team match: rosters not ordered by a captain go by rating, ties in roster order") {
    Tournament t = match();
    REQUIRE(
        set_roster(t, 0, {{"Ben", "ben@x"}, {"Ann", "ann@x"}, {"Cat", "cat@x"}, {"Dan", "dan@x"}}));
    const std::map<std::string, double> rating = {
        {"gus@x", 1700}, {"hal@x", 1300}, {"ann@x", 2000}};
    order_rosters(t, [&](const std::string& a) {
        const auto it = rating.find(a);
        return it == rating.end() ? 1500.0 : it->second;
    });
    std::vector<std::string> red, blue;
    for (int p : t.match.teams[0].roster) red.push_back(name_of(t, p));
    for (int p : t.match.teams[1].roster) blue.push_back(name_of(t, p));
    CHECK(red == std::vector<std::string>{"Ben", "Ann", "Cat", "Dan"});  // the captain's order
    CHECK(blue == std::vector<std::string>{"Gus", "Eve", "Fay", "Hal"});
}

TEST_CASE("team match: team score by board points, the result, the crosstables") {
    Tournament t = started();
    // Red's board 1 wins both, board 2 wins one and draws one, board 3 loses both (one by
    // forfeit), board 4 draws one and has one game open.
    for (const Pairing& p : std::vector<Pairing>(t.pairings)) {
        const int board = p.white < 4 ? p.white : p.black;
        const bool red_white = p.white == board;
        const Outcome red_wins = red_white ? Outcome::WhiteWins : Outcome::BlackWins;
        const Outcome blue_wins = red_white ? Outcome::BlackWins : Outcome::WhiteWins;
        Outcome o = Outcome::Pending;
        std::string ending;
        if (board == 0) o = red_wins;
        if (board == 1) o = p.round == 1 ? red_wins : Outcome::Draw;
        if (board == 2) o = blue_wins, ending = p.round == 2 ? "forfeit" : "mate";
        if (board == 3 && p.round == 1) o = Outcome::Draw;
        REQUIRE(record_result(t, *p.game, o, ending));
    }
    MatchScore s = match_score(t);
    CHECK(s.first_half == 8);   // 4 points
    CHECK(s.second_half == 6);  // 3 points
    CHECK(s.over == 7);
    CHECK(team_status(t) == "Match in progress: 7 of 8 games over");
    CHECK(team_result(t).empty());
    const auto boards = match_boards(t);
    REQUIRE(boards.size() == 4);
    CHECK(boards[1].first_half == 3);
    CHECK(boards[1].second_half == 1);
    ck::club::test::check_golden("team-match-running.txt", crosstable_text(t));

    for (const Pairing& p : t.pairings)
        if (p.outcome == Outcome::Pending)
            REQUIRE(record_result(t, *p.game, Outcome::Draw, "agreed"));
    CHECK(finished(t));
    CHECK(team_status(t) == "Final result");
    CHECK(team_result(t) == "Red win the match 4\xc2\xbd-3\xc2\xbd");
    const RatingLabels ratings = {{"ann@x", "1623"}, {"eve@x", "1500?"}};
    ck::club::test::check_golden("team-match-final.txt", crosstable_text(t, &ratings));
    ck::club::test::check_golden("team-match-final.html", crosstable_html(t, &ratings));
    ck::club::test::check_golden("team-match-rosters.txt", crosstable_text(match()));
}

TEST_CASE("team match: tournament.ini round trip, and what it refuses") {
    Tournament open = match();
    REQUIRE(set_roster(open, 0,
                       {{"Dan", "dan@x"}, {"Cat", "cat@x"}, {"Ben", "ben@x"}, {"Ann", "ann@x"}}));
    const Tournament t = started();
    for (const Tournament& each : {open, t}) {
        const std::string text = format_tournament(each);
        auto back = parse_tournament(text);
        if (!back) FAIL(error_text(back.error()) + "\n" + text);
        CHECK(format_tournament(*back) == text);
        CHECK(back->match.teams.size() == 2);
    }
    const std::string text = format_tournament(open);
    CHECK(text.find("system = teams\nteam-games = 2\n") != std::string::npos);
    CHECK(text.find("team = captain ann@x 1,2,3,4 Red\n") != std::string::npos);
    CHECK(text.find("team = rating zed@x 5,6,7,8 Blue\n") != std::string::npos);

    const auto refuses = [&](const std::string& from, const std::string& to) {
        std::string bad = format_tournament(t);
        const auto at = bad.find(from);
        REQUIRE(at != std::string::npos);
        bad.replace(at, from.size(), to);
        return !parse_tournament(bad);
    };
    CHECK(refuses("team-games = 2", "team-games = 3"));
    CHECK(refuses("5,6,7,8 Blue", "5,6,7,1 Blue"));             // a player on two rosters
    CHECK(refuses("5,6,7,8 Blue", "5,6,7 Blue"));               // Hal on no roster, boards unequal
    CHECK(refuses("zed@x 5,6,7,8 Blue", "zed@x 5,6,7,8 red"));  // the same name twice
    CHECK(refuses("game = 1 1 5", "game = 1 1 6"));             // not board against board
    CHECK(refuses("team = rating", "team = random"));
}
