// Typed club state in the store: records per namespace, committed with the transaction,
// replayed from the journal, staged and aborted in groups, version lines checked on load.
#include <catch2/catch.hpp>

#include <string>

#include "core/temp_dir.hpp"
#include "store/state.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store_helpers.hpp"

using namespace ck::store;
using ck::test::at;
using ck::test::slurp;
using ck::test::TempDir;

namespace {

struct NoteCodec {
    using Value = std::string;
    static constexpr Namespace ns{"players"};
    static constexpr int version = 1;
    static std::string encode(const std::string& v) { return v + "\n"; }
    static ck::core::Result<std::string, std::string> decode(std::string_view body) {
        if (body.empty() || body.back() != '\n') return ck::core::unexpected(std::string("no eol"));
        return std::string(body.substr(0, body.size() - 1));
    }
};
using Notes = Table<NoteCodec>;

Transaction tx_at() { return Transaction(at("2026-11-21T15:30:00Z")); }

}  // namespace

TEST_CASE("namespace files round-trip, and damage is found", "[store][state]") {
    const std::map<std::string, std::string> records = {{"a@x", "ck-players 1\nA\n"}, {"b@x", ""}};
    const std::string text = encode_state_file(records);
    CHECK(text == "put a@x 15\nck-players 1\nA\n\nput b@x 0\n\nend\n");
    CHECK(parse_state_file(text).value() == records);
    CHECK_FALSE(parse_state_file(text.substr(0, text.size() - 4)));
    CHECK_FALSE(parse_state_file("put a@x 99\nx\nend\n"));
    CHECK_FALSE(valid_record_key("has space"));
    CHECK_FALSE(valid_record_key(""));
    CHECK(namespace_of("rate-limits") == Namespace{"rate-limits"});
    CHECK(namespace_name(Namespace{"deadlines"}) == "deadlines");
}

TEST_CASE("records commit with the transaction and survive reopen", "[store][state]") {
    TempDir tmp;
    {
        auto store = Store::open(tmp.path());
        REQUIRE(store);
        CHECK(slurp(tmp.path() / "state" / "format") == "ck-state 2\n");
        Transaction tx = tx_at();
        Notes::put(tx, "ann@example.org", "Ann");
        Notes::put(tx, "bob@example.org", "Bob");
        tx.mark_seen("m1@x");
        REQUIRE(store->commit(tx));
        CHECK(Notes::get(*store, "ann@example.org")->value() == "Ann");
        REQUIRE(store->checkpoint());
        CHECK(slurp(tmp.path() / "state" / "players") ==
              "put ann@example.org 17\nck-players 1\nAnn\n\nput bob@example.org 17\nck-players "
              "1\nBob\n\nend\n");
        Transaction erase = tx_at();
        Notes::erase(erase, "bob@example.org");
        REQUIRE(store->commit(erase));
        CHECK_FALSE(Notes::get(*store, "bob@example.org")->has_value());
    }
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(Notes::keys(*store) == std::vector<std::string>{"ann@example.org"});
    auto all = Notes::all(*store);
    REQUIRE(all);
    REQUIRE(all->size() == 1);
    CHECK((*all)[0].second == "Ann");
}

TEST_CASE("a journal with records is replayed by open", "[store][state]") {
    TempDir tmp;
    {
        auto store = Store::open(tmp.path());
        REQUIRE(store);
        Transaction tx = tx_at();
        Notes::put(tx, "ann@example.org", "Ann");
        tx.mark_seen("m1@x");
        REQUIRE(store->commit_journal_only_for_test(tx));
        CHECK(store->record(NoteCodec::ns, "ann@example.org") == nullptr);
    }
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(Notes::get(*store, "ann@example.org")->value() == "Ann");
    CHECK(store->seen("m1@x"));
}

TEST_CASE("a pending transaction's record wins in get", "[store][state]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    Transaction tx = tx_at();
    Notes::put(tx, "ann@example.org", "Ann");
    CHECK_FALSE(Notes::get(*store, "ann@example.org")->has_value());
    CHECK(Notes::get(*store, "ann@example.org", &tx)->value() == "Ann");
    Notes::erase(tx, "ann@example.org");
    CHECK_FALSE(Notes::get(*store, "ann@example.org", &tx)->has_value());
}

TEST_CASE("a dropped GroupCommit leaves nothing, a committed one everything", "[store][state]") {
    TempDir tmp;
    {
        auto store = Store::open(tmp.path());
        REQUIRE(store);
        {
            GroupCommit group(*store);
            const GameId g = store->new_game_id();
            Transaction tx = tx_at();
            tx.write_game_file(g, "record.pgn", "x");
            Notes::put(tx, "ann@example.org", "Ann");
            tx.mark_seen("m1@x");
            REQUIRE(store->commit(tx));
            CHECK(Notes::get(*store, "ann@example.org")->value() == "Ann");  // staged, visible
            CHECK(store->seen("m1@x"));
        }  // failed half-way: dropped
        CHECK_FALSE(store->grouping());
        CHECK_FALSE(Notes::get(*store, "ann@example.org")->has_value());
        CHECK_FALSE(store->seen("m1@x"));
        CHECK(store->list_games()->empty());
        CHECK(store->new_game_id() == GameId(1));  // the id of the dropped game is handed out again
        {
            GroupCommit group(*store);
            Transaction tx = tx_at();
            Notes::put(tx, "bob@example.org", "Bob");
            REQUIRE(store->commit(tx));
            REQUIRE(group.commit());
        }
        CHECK(Notes::get(*store, "bob@example.org")->value() == "Bob");
    }
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    CHECK(Notes::keys(*store) == std::vector<std::string>{"bob@example.org"});
}

TEST_CASE("a GroupCommit inside a running group takes back only its own part", "[store][state]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    store->begin_group();
    Transaction first = tx_at();
    Notes::put(first, "ann@example.org", "Ann");
    first.mark_seen("m1@x");
    REQUIRE(store->commit(first));
    {
        GroupCommit inner(*store);
        Transaction tx = tx_at();
        Notes::put(tx, "ann@example.org", "Ann 2");
        Notes::put(tx, "cy@example.org", "Cy");
        REQUIRE(store->commit(tx));
    }
    CHECK(store->grouping());
    CHECK(Notes::get(*store, "ann@example.org")->value() == "Ann");
    CHECK_FALSE(Notes::get(*store, "cy@example.org")->has_value());
    {
        GroupCommit inner(*store);
        Transaction tx = tx_at();
        Notes::put(tx, "dee@example.org", "Dee");
        REQUIRE(store->commit(tx));
        REQUIRE(inner.commit());
    }
    CHECK(store->grouping());
    REQUIRE(store->end_group());
    CHECK(Notes::keys(*store) == std::vector<std::string>{"ann@example.org", "dee@example.org"});
    CHECK(store->seen("m1@x"));
}

TEST_CASE("a record of another version is refused on load", "[store][state]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    Transaction tx = tx_at();
    tx.put_record(NoteCodec::ns, "ann@example.org", "ck-players 2\nAnn\n");
    tx.put_record(NoteCodec::ns, "bob@example.org", "Bob\n");
    REQUIRE(store->commit(tx));
    auto ann = Notes::get(*store, "ann@example.org");
    REQUIRE_FALSE(ann);
    CHECK(ann.error().describe() ==
          "store record players/ann@example.org: version line 'ck-players 2' is not the "
          "'ck-players 1' this build reads");
    CHECK_FALSE(Notes::get(*store, "bob@example.org"));
    CHECK_FALSE(Notes::all(*store));
}

TEST_CASE("a state layout of another version stops open", "[store][state]") {
    TempDir tmp;
    { REQUIRE(Store::open(tmp.path())); }
    REQUIRE(ck::core::write_file_atomic(tmp.path() / "state" / "format", "ck-state 9\n"));
    auto store = Store::open(tmp.path());
    REQUIRE_FALSE(store);
    CHECK(store.error().message.find("ck-state 9") != std::string::npos);
}

TEST_CASE("bad record keys are refused before anything is written", "[store][state]") {
    TempDir tmp;
    auto store = Store::open(tmp.path());
    REQUIRE(store);
    Transaction tx = tx_at();
    tx.put_record(NoteCodec::ns, "has space", "x");
    CHECK_FALSE(store->commit(tx));
    CHECK(store->record_keys(NoteCodec::ns).empty());
}

TEST_CASE("a namespace is any valid name, kept once read", "[store][state]") {
    CHECK(valid_namespace_name("rate-limits"));
    CHECK_FALSE(valid_namespace_name(""));
    CHECK_FALSE(valid_namespace_name("Players"));
    CHECK_FALSE(valid_namespace_name(".players.tmp.checkpoint"));
    CHECK_FALSE(valid_namespace_name("9lives"));
    CHECK_FALSE(namespace_of("has space"));
    std::string word = "notes";
    const auto ns = namespace_of(word);
    word = "xxxxx";  // the namespace keeps its own copy of the name
    REQUIRE(ns);
    CHECK(ns->name() == "notes");
}
