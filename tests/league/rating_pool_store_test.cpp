// Rating pools in the store's `ratings` namespace (league/ratings.hpp, README "Ratings"): a
// pool commits in the same transaction as the game files it derives from, is replayed from the
// journal after a crash, is read back staged inside a group, and a record of another format
// version is refused.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "club/ratings.hpp"
#include "core/clock.hpp"
#include "league/ratings.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace fs = std::filesystem;
using namespace ck;

namespace {

core::TimePoint at(const char* iso) { return *core::parse_iso8601(iso); }

fs::path fresh_dir(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("ck-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    return dir;
}

club::RatingPool pool_after(const std::string& name, std::uint64_t game, double white_score) {
    club::RatingPool pool{name, {}};
    REQUIRE(club::rate_game(
        pool, {ck::core::GameId(game), "2026-11-21", "ann@x.org", "ben@y.org", white_score}));
    return pool;
}

}  // namespace

TEST_CASE("rating pools commit with the game's end and survive a crash", "[ratings]") {
    const fs::path root = fresh_dir("rating-pool-crash");
    const club::RatingPool chess = pool_after("chess", 1, 1.0);
    const club::RatingPool chess2 = pool_after("chess", 2, 0.0);
    {
        auto store = store::Store::open(root);
        REQUIRE(store);
        auto empty = league::load_pool(*store, "chess");
        REQUIRE(empty);
        CHECK(empty->name == "chess");
        CHECK(empty->players.empty());

        const store::GameId g = store->new_game_id();
        store::Transaction tx(at("2026-11-21T15:30:00Z"));
        tx.write_game_file(g, "record.pgn", "r1\n");
        league::save_pool(tx, chess);
        auto staged = league::load_pool(*store, "chess", &tx);  // the pending write wins
        REQUIRE(staged);
        CHECK(club::format_pool(*staged) == club::format_pool(chess));
        CHECK(league::load_pool(*store, "chess")->players.empty());
        REQUIRE(store->commit(tx));
        CHECK(club::format_pool(*league::load_pool(*store, "chess")) == club::format_pool(chess));
        CHECK(*store->list_games() == std::vector<store::GameId>{g});
        REQUIRE(store->record(league::RatingPoolCodec::ns, "chess"));
        CHECK(store->record(league::RatingPoolCodec::ns, "chess")->rfind("ck-ratings 1\n", 0) == 0);

        // Written to the journal, never applied: the next open replays it.
        store::Transaction tx2(at("2026-11-21T15:31:00Z"));
        league::save_pool(tx2, chess2);
        REQUIRE(store->commit_journal_only_for_test(tx2));
    }
    {
        auto store = store::Store::open(root);
        REQUIRE(store);
        auto replayed = league::load_pool(*store, "chess");
        REQUIRE(replayed);
        CHECK(club::format_pool(*replayed) == club::format_pool(chess2));

        // A group: the pool is read back staged, and is on disk (journal) after end_group.
        store->begin_group();
        store::Transaction tx(at("2026-11-21T15:32:00Z"));
        league::save_pool(tx, pool_after("kriegspiel", 3, 0.5));
        REQUIRE(store->commit(tx));
        CHECK(league::load_pool(*store, "kriegspiel")->players.size() == 2);
        REQUIRE(store->end_group());
    }
    {
        auto store = store::Store::open(root);
        REQUIRE(store);
        CHECK(league::load_pool(*store, "kriegspiel")->players.size() == 2);
        CHECK(league::RatingPoolTable::keys(*store) ==
              std::vector<std::string>{"chess", "kriegspiel"});
    }
    fs::remove_all(root);
}

TEST_CASE("a ratings record of another version is refused, not guessed at", "[ratings]") {
    const fs::path root = fresh_dir("rating-pool-version");
    {
        auto store = store::Store::open(root);
        REQUIRE(store);
        store::Transaction tx(at("2026-11-21T15:30:00Z"));
        tx.put_record(league::RatingPoolCodec::ns, "chess", "ck-ratings 2\n");
        REQUIRE(store->commit(tx));
        auto pool = league::load_pool(*store, "chess");
        REQUIRE_FALSE(pool);
        CHECK(pool.error().detail.find("ratings/chess") != std::string::npos);
    }
    fs::remove_all(root);
}
