// The deadline index and its watermark (league/deadline_index.hpp): games_due gives exactly the
// games whose entry is due, whatever mix of earlier, later and erased entries and watermark
// raises came before; while the watermark is in the future it reads no entry.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <random>

#include "league/deadline_index.hpp"
#include "league/temp_store.hpp"
#include "store/store.hpp"

namespace {

namespace fs = std::filesystem;
using ck::core::TimePoint;

TimePoint at_hour(int h) {
    return std::chrono::system_clock::from_time_t(1795262400) + std::chrono::hours(h);
}

using ck::test::TempStore;

void commit(ck::store::Store& store, ck::store::Transaction& tx) { REQUIRE(store.commit(tx)); }

const std::string* watermark(const ck::store::Store& store) {
    return store.record(ck::store::MetaNamespace, "next-deadline");
}

}  // namespace

TEST_CASE("the watermark follows the earliest entry and skips the entries while it is ahead",
          "[league][deadlines]") {
    TempStore t("deadline-index");
    auto& store = *t.store;
    {
        ck::store::Transaction tx(at_hour(0));
        ck::league::index_deadline(store, tx, ck::core::GameId(1), at_hour(10));
        ck::league::index_deadline(store, tx, ck::core::GameId(2), at_hour(20));
        commit(store, tx);
    }
    REQUIRE(watermark(store));
    CHECK(watermark(store)->find("T22:00:00Z") != std::string::npos);  // 12:00 + 10 h
    CHECK(ck::league::games_due(store, at_hour(9)).empty());
    CHECK(ck::league::games_due(store, at_hour(10)) ==
          std::vector<ck::store::GameId>{ck::core::GameId(1)});

    // Game 1's entry goes (its game ended): the watermark stays early, nothing is due at 10 h,
    // and the clock pass's raise moves it to game 2's entry.
    {
        ck::store::Transaction tx(at_hour(1));
        ck::league::index_deadline(store, tx, ck::core::GameId(1), std::nullopt);
        commit(store, tx);
    }
    CHECK(ck::league::games_due(store, at_hour(10)).empty());
    {
        ck::store::Transaction tx(at_hour(10));
        ck::league::raise_watermark(store, tx, at_hour(10));
        commit(store, tx);
    }
    REQUIRE(watermark(store));
    CHECK(watermark(store)->find("2026-11-22T08:00:00Z") != std::string::npos);  // + 20 h
    {  // A raise while the watermark is ahead changes nothing.
        ck::store::Transaction tx(at_hour(11));
        ck::league::raise_watermark(store, tx, at_hour(11));
        CHECK(tx.empty());
    }
    // A store indexed before the watermark existed: the entries are read.
    {
        ck::store::Transaction tx(at_hour(12));
        tx.erase_record(ck::store::MetaNamespace, "next-deadline");
        commit(store, tx);
    }
    CHECK(ck::league::games_due(store, at_hour(20)) ==
          std::vector<ck::store::GameId>{ck::core::GameId(2)});
    // An earlier entry lowers it again.
    {
        ck::store::Transaction tx(at_hour(13));
        ck::league::index_deadline(store, tx, ck::core::GameId(3), at_hour(15));
        commit(store, tx);
    }
    CHECK(ck::league::games_due(store, at_hour(15)) ==
          std::vector<ck::store::GameId>{ck::core::GameId(3)});
}

TEST_CASE("games_due equals the entries due after any sequence of writes and raises",
          "[league][deadlines]") {
    TempStore t("deadline-index");
    auto& store = *t.store;
    std::mt19937 rng(11);
    std::map<ck::store::GameId, int> truth;  // game -> hour of its entry
    for (int step = 0; step < 400; ++step) {
        ck::store::Transaction tx(at_hour(step));
        const int what = static_cast<int>(rng() % 10);
        const ck::store::GameId id(1 + rng() % 12);
        if (what < 6) {
            const int hour = static_cast<int>(rng() % 100);
            ck::league::index_deadline(store, tx, id, at_hour(hour));
            truth[id] = hour;
        } else if (what < 8) {
            ck::league::index_deadline(store, tx, id, std::nullopt);
            truth.erase(id);
        } else {
            ck::league::raise_watermark(store, tx, at_hour(static_cast<int>(rng() % 100)));
        }
        if (!tx.empty()) commit(store, tx);
        const int probe = static_cast<int>(rng() % 110);
        std::vector<ck::store::GameId> expected;
        for (const auto& [g, hour] : truth)
            if (hour <= probe) expected.push_back(g);
        INFO("step " << step << " probe " << probe);
        CHECK(ck::league::games_due(store, at_hour(probe)) == expected);
    }
}
