// The bot-games index (bot_games.hpp).
#include "league/bot_games.hpp"

#include <algorithm>
#include <set>

#include "core/text.hpp"
#include "league/bot_registry.hpp"

namespace ck::league {
namespace {

constexpr const char* IndexMark = "bot-games-index";
using MarkTable = store::Table<store::CountCodec<store::MetaNamespace>>;

// The game a record key names (its id's text); none for any other key.
std::optional<store::GameId> game_of_key(const std::string& key) { return core::game_id_in(key); }

// The bots of `meta`, lower-case; empty when no bot plays it.
std::vector<std::string> bots_of(const store::Store& store, const GameMeta& meta) {
    std::vector<std::string> out;
    for (const std::string* side : {&meta.white, &meta.black})
        if (is_bot_address(store, *side)) out.push_back(core::lower_ascii(*side));
    return out;
}

bool in_progress_record(const std::string& record) {
    return record.find("[Result \"*\"]") != std::string::npos;
}

// The walk the index replaces: every game in progress where a bot plays, with its bots.
core::Result<std::vector<std::pair<store::GameId, BotGame>>, core::Error> walk(
    const store::Store& store) {
    auto ids = store.list_games();
    if (!ids)
        return core::unexpected(core::from_io(ids.error(), "games list: " + ids.error().message));
    std::vector<std::pair<store::GameId, BotGame>> out;
    for (const store::GameId id : *ids) {
        auto ini = store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta) continue;
        BotGame g{bots_of(store, *meta)};
        if (g.bots.empty()) continue;
        auto record = store.read_game_file(id, "record.pgn");
        if (record && in_progress_record(*record)) out.emplace_back(id, std::move(g));
    }
    return out;
}

bool plays(const BotGame& g, const std::string& me) {
    return me.empty() || std::find(g.bots.begin(), g.bots.end(), me) != g.bots.end();
}

}  // namespace

std::string BotGameCodec::encode(const BotGame& g) {
    std::string out;
    for (const std::string& bot : g.bots) out += bot + "\n";
    return out;
}

core::Result<BotGame, std::string> BotGameCodec::decode(std::string_view body) {
    BotGame g;
    while (!body.empty()) {
        const std::size_t eol = body.find('\n');
        if (eol == std::string_view::npos)
            return core::unexpected(
                std::string("no line end after '" + std::string(body.substr(0, 40)) + "'"));
        const std::string_view line = body.substr(0, eol);
        if (line.empty() || line.find('@') == std::string_view::npos)
            return core::unexpected("'" + std::string(line.substr(0, 40)) + "' is no address");
        g.bots.emplace_back(line);
        body.remove_prefix(eol + 1);
    }
    if (g.bots.empty() || g.bots.size() > 2)
        return core::unexpected(std::string("expected one or two bots' addresses"));
    return g;
}

void index_bot_game(const store::Store& store, store::Transaction& tx, store::GameId id,
                    const GameMeta& meta) {
    // The store's first game: no older game can lack an entry, the index exists from here on.
    if (id == store::GameId(1) && !bot_game_index_built(store) &&
        !tx.find_record(store::MetaNamespace, IndexMark))
        MarkTable::put(tx, IndexMark, 1);
    BotGame g{bots_of(store, meta)};
    if (!g.bots.empty()) BotGameTable::put(tx, to_string(id), g);
}

void unindex_bot_game(const store::Store& store, store::Transaction& tx, store::GameId id) {
    const std::string key = to_string(id);
    const store::RecordWrite* staged = tx.find_record(BotGameCodec::ns, key);
    if (staged ? staged->bytes.has_value() : store.record(BotGameCodec::ns, key) != nullptr)
        BotGameTable::erase(tx, key);
}

bool bot_game_index_built(const store::Store& store) {
    return store.record(store::MetaNamespace, IndexMark) != nullptr;
}

core::Result<std::vector<store::GameId>, core::Error> games_with_bots(const store::Store& store,
                                                                      const std::string& address) {
    const std::string me = core::lower_ascii(address);
    std::vector<store::GameId> out;
    if (!bot_game_index_built(store)) {
        auto walked = walk(store);
        if (!walked) return core::unexpected(walked.error());
        for (const auto& [id, g] : *walked)
            if (plays(g, me)) out.push_back(id);
        return out;
    }
    auto all = BotGameTable::all(store);
    if (!all) return core::unexpected(core::corrupt_error(all.error().describe()));
    for (const auto& [key, g] : *all)
        if (const auto id = game_of_key(key); id && plays(g, me)) out.push_back(*id);
    std::sort(out.begin(), out.end());  // the keys sort as text
    return out;
}

core::Result<bool, core::Error> ensure_bot_game_index(const store::Store& store,
                                                      store::Transaction& tx) {
    if (bot_game_index_built(store)) return false;
    auto ids = store.list_games();
    if (ids && ids->empty()) return false;  // the first game sets the mark (index_bot_game)
    auto walked = walk(store);
    if (!walked) return core::unexpected(core::with_context(walked.error(), "bot-games index"));
    std::set<std::string> keep;
    for (const auto& [id, g] : *walked) {
        keep.insert(to_string(id));
        BotGameTable::put(tx, to_string(id), g);
    }
    for (const std::string& key : BotGameTable::keys(store))
        if (!keep.count(key)) BotGameTable::erase(tx, key);
    MarkTable::put(tx, IndexMark, 1);
    return true;
}

}  // namespace ck::league
