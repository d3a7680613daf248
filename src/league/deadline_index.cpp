#include "league/deadline_index.hpp"

#include "core/log.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"
#include "league/game_repository.hpp"

namespace ck::league {
namespace {

constexpr const char* IndexMark = "deadline-index";
using MarkTable = store::Table<store::CountCodec<store::MetaNamespace>>;
constexpr const char* Watermark = "next-deadline";

using WatermarkTable = store::Table<InstantCodec<store::MetaNamespace>>;

// The game a record key names (its id's text); none for any other key.
std::optional<store::GameId> game_of_key(const std::string& key) { return core::game_id_in(key); }

}  // namespace

std::string encode_instant(const core::TimePoint& t) { return core::format_iso8601(t) + "\n"; }

core::Result<core::TimePoint, std::string> decode_instant(std::string_view body) {
    if (body.empty() || body.back() != '\n') return core::unexpected(std::string("no line end"));
    auto t = core::parse_iso8601(std::string(body.substr(0, body.size() - 1)));
    if (!t) return core::unexpected(std::string("bad time"));
    return *t;
}

void index_deadline(const store::Store& store, store::Transaction& tx, store::GameId id,
                    std::optional<core::TimePoint> deadline) {
    // The index exists from its first entry on (ensure_deadline_index ran at the daemon's open,
    // so no older game lacks one).
    if (!store.record(store::MetaNamespace, IndexMark) &&
        !tx.find_record(store::MetaNamespace, IndexMark))
        MarkTable::put(tx, IndexMark, 1);
    const std::string key = to_string(id);
    auto now = DeadlineTable::get(store, key, &tx);
    if (now && *now == deadline) return;
    if (deadline) {
        DeadlineTable::put(tx, key, *deadline);
        // The watermark stays no later than every entry; an unreadable one is rewritten.
        auto mark = WatermarkTable::get(store, Watermark, &tx);
        if (!mark || !*mark || **mark > *deadline) WatermarkTable::put(tx, Watermark, *deadline);
    } else {
        DeadlineTable::erase(tx, key);
    }
}

std::vector<store::GameId> games_due(const store::Store& store, core::TimePoint t) {
    std::vector<store::GameId> due;
    // A missing watermark with entries (a store indexed before it existed) or an unreadable
    // one: the entries are read.
    auto mark = WatermarkTable::get(store, Watermark);
    if (mark && *mark && **mark > t) return due;
    for (const std::string& key : DeadlineTable::keys(store)) {
        const auto id = game_of_key(key);
        if (!id) continue;
        auto at = DeadlineTable::decode(key, *store.record(DeadlineNamespace, key));
        if (!at || *at <= t) due.push_back(*id);
    }
    std::sort(due.begin(), due.end());
    return due;
}

void raise_watermark(const store::Store& store, store::Transaction& tx, core::TimePoint t) {
    auto mark = WatermarkTable::get(store, Watermark, &tx);
    if (mark && *mark && **mark > t) return;
    std::optional<core::TimePoint> earliest;
    auto all = DeadlineTable::all(store, &tx);
    if (!all) return;  // an unreadable entry: the watermark stays, the next pass reads again
    for (const auto& [key, at] : *all)
        if (game_of_key(key) && (!earliest || at < *earliest)) earliest = at;
    if (mark && *mark == earliest) return;
    if (earliest)
        WatermarkTable::put(tx, Watermark, *earliest);
    else
        WatermarkTable::erase(tx, Watermark);
}

core::Result<bool, core::Error> ensure_deadline_index(const store::Store& store,
                                                      GameRepository& games,
                                                      store::Transaction& tx) {
    if (store.record(store::MetaNamespace, IndexMark)) return false;
    auto ids = store.list_games();
    if (!ids)
        return core::unexpected(
            core::from_io(ids.error(), "deadline index: " + ids.error().describe()));
    if (ids->empty()) return false;  // nothing to index; the first game's entry is its own
    for (const store::GameId id : *ids) {
        auto ini = store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta || !clock_control(*meta)) continue;
        auto g = games.load(store, id);
        if (!g) {
            // Left out of the index: logged, as the clock pass would have.
            core::operator_log().error("deadline index: game " + to_string(id) + ": " +
                                       g.error().detail);
            continue;
        }
        auto deadline = game_deadline(store, id, *g);
        if (!deadline) return core::unexpected(deadline.error());
        index_deadline(store, tx, id, *deadline);
    }
    MarkTable::put(tx, IndexMark, 1);
    return true;
}

}  // namespace ck::league
