// The club library's errors keep their kind (core/error.hpp; issue 18 "club services return
// typed errors"): stored state that does not decode is Corrupt and names its record, a request
// the club cannot carry out is Invalid. The detail text is what the callers printed when the
// errors were strings.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "league/bot_registry.hpp"
#include "league/challenge_book.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"
#include "league/player_settings.hpp"
#include "league/players.hpp"
#include "league/ratings.hpp"
#include "league/temp_store.hpp"
#include "league/tournament_store.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace {

namespace fs = std::filesystem;
using ck::core::ErrorKind;

using ck::test::TempStore;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a players record that does not decode is Corrupt and names the record",
          "[league][errors]") {
    TempStore t("league-errors");
    t.put(ck::league::PlayerCodec::ns, "eve@example.org", "ck-players 2\nnot a player\n");
    auto players = ck::league::Players::load(*t.store);
    REQUIRE_FALSE(players);
    CHECK(players.error().kind == ErrorKind::Corrupt);
    CHECK(contains(players.error().detail, "store record players/eve@example.org: "));
}

TEST_CASE("a bad registration is Invalid", "[league][errors]") {
    TempStore t("league-errors");
    auto players = ck::league::Players::load(*t.store);
    REQUIRE(players);
    const auto now = std::chrono::system_clock::now();
    REQUIRE(players->add("Ada", "ada@example.org", *t.store, now));
    auto again = players->add("Ada again", "ADA@example.org", *t.store, now);
    REQUIRE_FALSE(again);
    CHECK(again.error().kind == ErrorKind::Invalid);
    CHECK(again.error().detail == "player ada@example.org is already registered");
    auto bad = players->add("Nobody", "not-an-address", *t.store, now);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().kind == ErrorKind::Invalid);
    CHECK(bad.error().detail == "bad address 'not-an-address'");
    ck::store::Transaction tx(now);
    auto unknown = players->set_settings("eve@example.org", ck::league::PlayerSettings{}, tx);
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().kind == ErrorKind::Invalid);
    CHECK(unknown.error().detail == "no player eve@example.org");
}

TEST_CASE("an unknown rule set, variant or setting is Invalid", "[league][errors]") {
    auto rules = ck::league::parse_rule_set("no-such-rules");
    REQUIRE_FALSE(rules);
    CHECK(rules.error().kind == ErrorKind::Invalid);
    CHECK(contains(rules.error().detail, "unknown rule set 'no-such-rules' ("));

    auto open = ck::league::resolve_rule_set("wild16", false);
    REQUIRE_FALSE(open);
    CHECK(open.error().kind == ErrorKind::Invalid);

    ck::league::GameMeta meta;
    auto variant = ck::league::resolve_variant("no-such-chess", meta);
    REQUIRE_FALSE(variant);
    CHECK(variant.error().kind == ErrorKind::Invalid);
    CHECK(variant.error().detail == "unknown variant 'no-such-chess'");

    ck::league::PlayerSettings s;
    auto set = ck::league::apply_setting(s, "colour", "blue");
    REQUIRE_FALSE(set);
    CHECK(set.error().kind == ErrorKind::Invalid);
    CHECK(contains(set.error().detail, "there is no setting 'colour'"));
}

TEST_CASE("a stored game.ini or clock.ini that does not parse is Corrupt, naming the game",
          "[league][errors]") {
    auto ini =
        ck::league::parse_game_ini("variant = chess\nwhite = a@x\nblack = b@x\nversion = 9\n");
    REQUIRE_FALSE(ini);
    CHECK(ini.error().kind == ErrorKind::Corrupt);
    CHECK(contains(ini.error().detail, "game.ini: version '9'"));

    auto loaded = ck::league::load_game_from("bad line\n", "", ck::core::GameId(7));
    REQUIRE_FALSE(loaded);
    CHECK(loaded.error().kind == ErrorKind::Corrupt);
    CHECK(loaded.error().detail == "game 7: game.ini: bad line 'bad line'");

    auto clock = ck::league::parse_clock_ini("turn_start = yesterday\n");
    REQUIRE_FALSE(clock);
    CHECK(clock.error().kind == ErrorKind::Corrupt);
    CHECK(contains(clock.error().detail, "clock.ini: "));
}

TEST_CASE("club records that do not decode are Corrupt; an unknown event is Invalid",
          "[league][errors]") {
    TempStore t("league-errors");
    t.put(ck::league::TournamentCodec::ns, "spring", "ck-tournaments 1\nno = such key\n");
    auto event = ck::league::load_tournament(*t.store, "spring");
    REQUIRE_FALSE(event);
    CHECK(event.error().kind == ErrorKind::Corrupt);
    CHECK(contains(event.error().detail, "tournament spring: store record tournaments/spring: "));

    auto none = ck::league::load_tournament(*t.store, "autumn");
    REQUIRE_FALSE(none);
    CHECK(none.error().kind == ErrorKind::Invalid);
    CHECK(none.error().detail == "tournament autumn: no such tournament");

    t.put(ck::league::ChallengeCodec::ns, "3", "ck-challenges 1\n3 a@x\n");
    auto book = ck::league::load_challenges(*t.store);
    REQUIRE_FALSE(book);
    CHECK(book.error().kind == ErrorKind::Corrupt);
    CHECK(contains(book.error().detail, "store record challenges/3: "));
    auto legacy = ck::league::parse_challenges("next 2\n5 a@x b@x chess open 3d x\n");
    REQUIRE_FALSE(legacy);
    CHECK(legacy.error().kind == ErrorKind::Corrupt);
    CHECK(contains(legacy.error().detail, "challenges line 2: "));

    t.put(ck::league::BotCodec::ns, "rook@example.org", "ck-bots 2\nrook@example.org\n");
    auto bots = ck::league::load_bots(*t.store);
    REQUIRE_FALSE(bots);
    CHECK(bots.error().kind == ErrorKind::Corrupt);
    CHECK(contains(bots.error().detail, "store record bots/rook@example.org: "));

    t.put(ck::league::RatingPoolCodec::ns, "chess", "ck-ratings 1\nnot a pool\n");
    auto pool = ck::league::load_pool(*t.store, "chess");
    REQUIRE_FALSE(pool);
    CHECK(pool.error().kind == ErrorKind::Corrupt);
    CHECK(contains(pool.error().detail, "store record ratings/chess: "));
    auto players = ck::league::Players::load(*t.store);
    REQUIRE(players);
    auto details = ck::league::ratings_details(*t.store, *players, "chess");
    REQUIRE_FALSE(details);
    CHECK(details.error().kind == ErrorKind::Corrupt);
}

TEST_CASE("a registration whose commit fails keeps the store's kind", "[league][errors]") {
    TempStore t("league-errors");
    auto players = ck::league::Players::load(*t.store);
    REQUIRE(players);
    fs::remove_all(t.root);  // the disk lost the store: the commit cannot write its journal
    auto added = players->add("Ada", "Ada@example.org", *t.store, std::chrono::system_clock::now());
    REQUIRE_FALSE(added);
    CHECK(added.error().kind == ErrorKind::Transient);
    CHECK(added.error().detail.rfind("cannot register ada@example.org: ", 0) == 0);
    CHECK(players->all().empty());
}
