#include "league/game_repository.hpp"

#include <optional>
#include <utility>

namespace ck::league {

core::Result<StoredGame, core::Error> GameRepository::load(const store::Store& store,
                                                           store::GameId id) {
    auto kept = peek(store, id);
    if (!kept) return core::unexpected(kept.error());
    return **kept;
}

core::Result<const StoredGame*, core::Error> GameRepository::peek(const store::Store& store,
                                                                  store::GameId id) {
    auto texts = read_game_texts(store, id);
    if (!texts) return core::unexpected(texts.error());
    if (auto it = kept_.find(id);
        it != kept_.end() && it->second.ini == texts->ini && it->second.record == texts->record) {
        it->second.used = ++tick_;
        ++kept_loads_;
        return &it->second.game;
    }
    kept_.erase(id);
    ++replays_;
    auto game = load_game_from(texts->ini, texts->record, id);
    if (!game) return core::unexpected(game.error());
    return &keep(id, std::move(texts->ini), std::move(texts->record), std::move(*game));
}

core::Result<void, core::Error> GameRepository::save(store::Transaction& tx, store::GameId id,
                                                     const StoredGame& g) {
    auto files = game_files(g);
    if (!files) return core::unexpected(files.error());
    // Kept as loading the saved files gives it back (with what followers were told).
    StoredGame kept = g;
    kept.meta = files->meta;
    keep(id, files->ini, files->record, std::move(kept));
    saved_.insert(id);
    tx.write_game_file(id, "game.ini", std::move(files->ini));
    tx.write_game_file(id, "record.pgn", std::move(files->record));
    tx.write_game_file(id, "white.pgn", std::move(files->white));
    tx.write_game_file(id, "black.pgn", std::move(files->black));
    return {};
}

StoredGame& GameRepository::keep(store::GameId id, std::string ini, std::string record,
                                 StoredGame g) {
    if (capacity_ == 0) {  // nothing is kept: the game lives until the next call
        uncached_ = std::move(g);
        return *uncached_;
    }
    if (kept_.size() >= capacity_ && kept_.find(id) == kept_.end()) {
        auto oldest = kept_.begin();
        for (auto it = kept_.begin(); it != kept_.end(); ++it)
            if (it->second.used < oldest->second.used) oldest = it;
        kept_.erase(oldest);
    }
    return kept_
        .insert_or_assign(id, Kept{std::move(ini), std::move(record), std::move(g), ++tick_})
        .first->second.game;
}

}  // namespace ck::league
