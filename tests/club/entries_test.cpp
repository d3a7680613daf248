// Entries (tournament.hpp add_entrant / remove_entrant / close_entries): an event taking
// entries has players in order of entry and no games; closing pairs them by the Berger tables.
#include <catch2/catch.hpp>

#include "club/crosstable.hpp"
#include "club/pairing.hpp"
#include "club/tournament_file.hpp"

using namespace ck::club;

namespace {

Tournament taking_entries(std::vector<Player> first = {}) {
    NewTournament n;
    n.id = "open-2027";
    n.name = "Open 2027";
    n.kind = Kind::Double;
    n.settings = GameSettings{"crazyhouse", true, std::nullopt, "3d", std::nullopt};
    n.players = std::move(first);
    n.entries_open = true;
    auto t = create_tournament(std::move(n));
    if (!t) FAIL(error_text(t.error()));
    return std::move(t).value();
}

}  // namespace

TEST_CASE("entries: join, withdraw, close") {
    Tournament t = taking_entries();
    CHECK(t.players.empty());
    CHECK(t.pairings.empty());
    REQUIRE(add_entrant(t, {"Ann", "ann@x"}));
    REQUIRE(add_entrant(t, {"", "bo@x"}));
    REQUIRE(add_entrant(t, {"Cid", "cid@x"}));
    auto again = add_entrant(t, {"Ann again", "ANN@x"});
    REQUIRE_FALSE(again);
    CHECK(again.error().code == ErrorCode::AlreadyEntered);
    CHECK(add_entrant(t, {"Bad <", "bad@x"}).error().code == ErrorCode::BadField);
    CHECK(add_entrant(t, {"", "no-at"}).error().code == ErrorCode::BadField);
    CHECK(t.players.size() == 3);  // refusals leave the list as it was

    CHECK(remove_entrant(t, "nobody@x").error().code == ErrorCode::NotEntered);
    REQUIRE(remove_entrant(t, "BO@x"));
    REQUIRE(add_entrant(t, {"Dee", "dee@x"}));
    CHECK(t.players[0].address == "ann@x");
    CHECK(t.players[1].address == "cid@x");
    CHECK(t.players[2].address == "dee@x");

    REQUIRE(close_entries(t));
    CHECK_FALSE(t.entries_open);
    CHECK(t.players.size() == 3);  // order of entry is the seeding
    CHECK(t.players[2].address == "dee@x");
    const auto berger = round_robin(3, Kind::Double);
    REQUIRE(t.pairings.size() == berger.size());
    for (std::size_t i = 0; i < berger.size(); ++i) {
        CHECK(t.pairings[i].round == berger[i].round);
        CHECK(t.pairings[i].white == berger[i].white);
        CHECK(t.pairings[i].black == berger[i].black);
        CHECK_FALSE(t.pairings[i].game);
    }
    REQUIRE(validate(t));
    CHECK(add_entrant(t, {"Eve", "eve@x"}).error().code == ErrorCode::EntriesClosed);
    CHECK(remove_entrant(t, "ann@x").error().code == ErrorCode::EntriesClosed);
    CHECK(close_entries(t).error().code == ErrorCode::EntriesClosed);
    CHECK(t.players.size() == 3);
}

TEST_CASE("entries: closing needs two players; the list holds at most MaxPlayers") {
    Tournament t = taking_entries({{"Ann", "ann@x"}});
    auto one = close_entries(t);
    REQUIRE_FALSE(one);
    CHECK(one.error().code == ErrorCode::BadPlayers);
    CHECK(t.entries_open);
    CHECK(t.pairings.empty());

    for (int i = 1; i < MaxPlayers; ++i)
        REQUIRE(add_entrant(t, {"", "p" + std::to_string(i) + "@x"}));
    CHECK(t.players.size() == static_cast<std::size_t>(MaxPlayers));
    CHECK(add_entrant(t, {"", "late@x"}).error().code == ErrorCode::BadPlayers);
    CHECK(t.players.size() == static_cast<std::size_t>(MaxPlayers));
}

TEST_CASE("entries: tournament.ini keeps the state; games are refused while open") {
    Tournament t = taking_entries({{"Ann", "ann@x"}});
    const std::string text = format_tournament(t);
    CHECK(text.find("entries = open\n") != std::string::npos);
    auto back = parse_tournament(text);
    if (!back) FAIL(error_text(back.error()));
    CHECK(back->entries_open);
    CHECK(back->players.size() == 1);
    CHECK(format_tournament(*back) == text);

    // Closed events do not write the key; "entries = closed" reads as the default.
    REQUIRE_FALSE(close_entries(t));  // one player: still open
    REQUIRE(add_entrant(t, {"Bo", "bo@x"}));
    REQUIRE(close_entries(t));
    const std::string closed = format_tournament(t);
    CHECK(closed.find("entries") == std::string::npos);
    std::string explicit_closed = closed;
    explicit_closed.insert(explicit_closed.find("player ="), "entries = closed\n");
    auto same = parse_tournament(explicit_closed);
    REQUIRE(same);
    CHECK_FALSE(same->entries_open);

    std::string maybe = text;
    maybe.replace(maybe.find("entries = open"), 14, "entries = maybe");
    auto bad = parse_tournament(maybe);
    REQUIRE_FALSE(bad);
    CHECK(error_text(bad.error()).find("entries must be 'open' or 'closed'") != std::string::npos);
    auto games = parse_tournament(text + "player = Bo <bo@x>\ngame = 1 1 2 - *\n");
    REQUIRE_FALSE(games);
    CHECK(games.error().code == ErrorCode::BadPairings);
    CHECK(error_text(games.error()) == "an event taking entries has no games yet");
    // No players at all is a valid entry list.
    REQUIRE(parse_tournament("id = e\nname = E\nkind = single\nvariant = chess\nentries = open\n"));
}

TEST_CASE("entries: the crosstable is the entry list") {
    Tournament t = taking_entries({{"Ann", "ann@x"}, {"", "bo@x"}});
    CHECK(crosstable_text(t) ==
          "Open 2027\n"
          "Double round robin; crazyhouse, hidden, time 3d\n"
          "Entries open: 2 players so far\n"
          "\n"
          " 1 Ann\n"
          " 2 bo@x\n"
          "\n"
          "The games start when the organiser closes the entries.\n");
    const std::string html = crosstable_html(t);
    CHECK(html.find("<li>Ann</li>\n<li>bo@x</li>") != std::string::npos);
    CHECK(html.find("Entries open: 2 players so far") != std::string::npos);
    CHECK(crosstable_text(taking_entries()).find("Entries open: 0 players so far\n\nThe games") !=
          std::string::npos);
}
