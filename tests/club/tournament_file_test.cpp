// tournament.ini: round trips, the exact text for one event (golden), and clear errors.
#include <catch2/catch.hpp>

#include "club/tournament_file.hpp"
#include "club_fixtures.hpp"
#include "golden.hpp"

using namespace ck::club;
using namespace ck::club::test;

namespace {

bool same(const Tournament& a, const Tournament& b) {
    if (a.id != b.id || a.name != b.name || a.kind != b.kind || a.entries_open != b.entries_open ||
        a.settings.variant != b.settings.variant || a.settings.hidden != b.settings.hidden ||
        a.settings.rules != b.settings.rules || a.settings.time != b.settings.time ||
        a.players.size() != b.players.size() || a.pairings.size() != b.pairings.size())
        return false;
    for (std::size_t i = 0; i < a.players.size(); ++i)
        if (a.players[i].name != b.players[i].name || a.players[i].address != b.players[i].address)
            return false;
    for (std::size_t i = 0; i < a.pairings.size(); ++i) {
        const Pairing &x = a.pairings[i], &y = b.pairings[i];
        if (x.round != y.round || x.white != y.white || x.black != y.black || x.game != y.game ||
            x.outcome != y.outcome || x.ending != y.ending)
            return false;
    }
    return true;
}

const std::string Minimal =
    "id = t1\n"
    "name = Two\n"
    "kind = single\n"
    "variant = chess\n"
    "player = A <a@x>\n"
    "player = B <b@x>\n"
    "game = 1 1 2 - *\n";

// Minimal with line `n` (1-based) replaced by `line` ("" deletes it).
std::string with_line(int n, const std::string& line) {
    std::string out;
    std::size_t start = 0;
    for (int i = 1; start < Minimal.size(); ++i) {
        const std::size_t end = Minimal.find('\n', start);
        const std::string cur = Minimal.substr(start, end - start);
        if (i != n)
            out += cur + "\n";
        else if (!line.empty())
            out += line + "\n";
        start = end + 1;
    }
    return out;
}

Error error_of(const std::string& text) {
    auto t = parse_tournament(text);
    REQUIRE_FALSE(t);
    return t.error();
}

}  // namespace

TEST_CASE("tournament.ini round trips") {
    for (const Tournament& t : {double4(), single3(), unfinished6()}) {
        INFO(t.id);
        const std::string text = format_tournament(t);
        auto back = parse_tournament(text);
        if (!back) FAIL(error_text(back.error()));
        CHECK(same(*back, t));
        CHECK(format_tournament(*back) == text);
    }
    // A freshly created event: no games started, empty settings.
    NewTournament n{"fresh",
                    "Fresh",
                    Kind::Double,
                    GameSettings{"loop", false, std::nullopt, "", std::nullopt},
                    {{"", "x@y"}, {"Y", "y@y"}, {"Z", "z@y"}}};
    auto t = create_tournament(n);
    REQUIRE(t);
    auto back = parse_tournament(format_tournament(*t));
    REQUIRE(back);
    CHECK(same(*back, *t));
    CHECK(format_tournament(*t).find("rules =\n") != std::string::npos);
}

TEST_CASE("tournament.ini golden text") {
    check_golden("double4.ini", format_tournament(double4()));
}

TEST_CASE("tournament.ini: comments, blank lines, spaces and CRLF are accepted") {
    auto t = parse_tournament(
        "# c\r\n\r\n  id=t1 \r\nname =  Two\nkind= single\nvariant = chess\n"
        "hidden = true\nplayer = <a@x>\nplayer =B  <b@x>\ngame = 1  1 2 7 0-1 resign");
    if (!t) FAIL(error_text(t.error()));
    CHECK(t->settings.hidden);
    CHECK(t->players[0].name.empty());
    CHECK(display_name(t->players[0]) == "a@x");
    CHECK(t->players[1].name == "B");
    CHECK(t->pairings[0].game == ck::core::GameId(7));
    CHECK(t->pairings[0].outcome == Outcome::BlackWins);
    CHECK(t->pairings[0].ending == "resign");
}

TEST_CASE("tournament.ini errors name the line and the problem") {
    REQUIRE(parse_tournament(Minimal));
    struct Case {
        int line;
        std::string text;
        ErrorCode code;
        std::string says;
    };
    const std::vector<Case> cases = {
        {2, "name Two", ErrorCode::BadLine, "line 2: expected 'key = value'"},
        {2, "colour = blue", ErrorCode::UnknownKey, "line 2: unknown key 'colour'"},
        {3, "kind = triple", ErrorCode::BadValue, "line 3: kind must be 'single' or 'double'"},
        {4, "hidden = yes", ErrorCode::BadValue, "line 4: hidden must be 'true' or 'false'"},
        {5, "player = A a@x", ErrorCode::BadValue, "line 5: player must be 'Name <address>'"},
        {7, "game = 1 1 2 - 2-0", ErrorCode::BadValue, "line 7: game must be"},
        {7, "game = 1 1 x - *", ErrorCode::BadValue, "line 7: game must be"},
        {7, "game = 1 1 2 -5 *", ErrorCode::BadValue, "line 7: game must be"},
        {7, "game = 1 1 2 - * forfeit extra", ErrorCode::BadValue, "line 7: game must be"},
        {1, "", ErrorCode::MissingKey, "missing 'id'"},
        {4, "", ErrorCode::MissingKey, "missing 'variant'"},
        {1, "id = ../etc", ErrorCode::BadField, "tournament id '../etc'"},
        {6, "player = A <a@X>", ErrorCode::BadPlayers, "player 2 repeats the address of player 1"},
        {6, "player = B <b>", ErrorCode::BadField, "player 2: bad address 'b'"},
        {6, "", ErrorCode::BadPlayers, "2 to 99 players, not 1"},
        {7, "", ErrorCode::BadPairings, "players 1 and 2 do not meet once in cycle 1"},
        {7, "game = 2 1 2 - *", ErrorCode::BadPairings, "impossible pairing: round 2 game 1-2"},
        {7, "game = 1 1 3 - *", ErrorCode::BadPairings, "impossible pairing"},
        {7, "game = 1 1 1 - *", ErrorCode::BadPairings, "impossible pairing"},
        {7, "game = 1 1 2 - 1-0 Mate", ErrorCode::BadField, "ending must be a lower-case word"},
    };
    for (const Case& c : cases) {
        INFO("line " << c.line << " -> '" << c.text << "'");
        const Error e = error_of(with_line(c.line, c.text));
        CHECK(e.code == c.code);
        CHECK_THAT(error_text(e), Catch::Matchers::Contains(c.says));
    }
    // Duplicates and pairing structure need more than one changed line.
    CHECK(error_of(Minimal + "name = Again\n").code == ErrorCode::DuplicateKey);
    CHECK(error_text(error_of(Minimal + "name = Again\n")) == "line 8: 'name' given twice");
    CHECK(error_of(Minimal + "game = 1 1 2 - *\n").code == ErrorCode::BadPairings);

    std::string three = format_tournament(single3());
    // Two games with one id.
    std::string dup = three;
    dup.replace(dup.find(" 101 "), 5, " 100 ");
    CHECK_THAT(error_text(error_of(dup)), Catch::Matchers::Contains("game 100 twice"));
    // Out of round order.
    std::string swapped = format_tournament(double4());
    const auto g1 = swapped.find("game = 1 ");
    const auto g6 = swapped.find("game = 6 ");
    const std::string line1 = swapped.substr(g1, swapped.find('\n', g1) - g1);
    const std::string line6 = swapped.substr(g6, swapped.find('\n', g6) - g6);
    swapped.replace(g6, line6.size(), line1);
    swapped.replace(g1, line1.size(), line6);
    CHECK_THAT(error_text(error_of(swapped)), Catch::Matchers::Contains("out of round order"));
    // Second cycle with the first cycle's colours.
    std::string same_colours = format_tournament(double4());
    same_colours.replace(same_colours.find("game = 4 4 1"), 12, "game = 4 1 4");
    CHECK_THAT(error_text(error_of(same_colours)),
               Catch::Matchers::Contains("do not meet once in cycle 2 with colours reversed"));
    // A player twice in one round.
    std::string twice = format_tournament(double4());
    twice.replace(twice.find("game = 1 2 3"), 12, "game = 1 1 3");
    CHECK(error_of(twice).code == ErrorCode::BadPairings);
}

TEST_CASE("create_tournament and record_result check their input") {
    NewTournament n{"ok",
                    "OK",
                    Kind::Single,
                    GameSettings{"chess", false, std::nullopt, "", std::nullopt},
                    {{"A", "a@x"}}};
    auto one = create_tournament(n);
    REQUIRE_FALSE(one);
    CHECK(one.error().code == ErrorCode::BadPlayers);
    n.players.push_back({"B <evil>", "b@x"});
    CHECK(create_tournament(n).error().code == ErrorCode::BadField);
    n.players.back().name = "B";
    n.name = "Two\nlines";
    CHECK(create_tournament(n).error().code == ErrorCode::BadField);
    n.name = "OK";
    auto t = create_tournament(n);
    REQUIRE(t);
    CHECK(t->pairings.size() == 1);
    CHECK_FALSE(finished(*t));
    CHECK(find_player(*t, "B@X") == 1);
    CHECK_FALSE(find_player(*t, "c@x"));
    CHECK(record_result(*t, ck::core::GameId(5), Outcome::Draw, "").error().code ==
          ErrorCode::UnknownGame);
    t->pairings[0].game = ck::core::GameId(5);
    CHECK(record_result(*t, ck::core::GameId(5), Outcome::Draw, "Agreed!").error().code ==
          ErrorCode::BadField);
    REQUIRE(record_result(*t, ck::core::GameId(5), Outcome::Draw, "agreed"));
    CHECK(finished(*t));
    CHECK(find_game(*t, ck::core::GameId(5))->ending == "agreed");
    CHECK(find_game(*t, ck::core::GameId(6)) == nullptr);
    CHECK(bye(single3(), 1) == 0);
    CHECK(bye(single3(), 2) == 2);
    CHECK(bye(single3(), 3) == 1);
    CHECK_FALSE(bye(double4(), 1));
}
