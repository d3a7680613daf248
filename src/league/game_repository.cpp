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
    // The kept texts compared where the store holds the files (its memory, store.hpp "File
    // memory"): no copy of the record per mail. An error here is met again by the read below.
    if (auto it = kept_.find(id); it != kept_.end()) {
        const auto same = [&](const char* name, const std::string& text) {
            const auto eq = store.game_file_equals(id, name, text);
            return eq && *eq;
        };
        if (same("game.ini", it->second.ini) && same("record.pgn", it->second.record)) {
            it->second.used = ++tick_;
            ++kept_loads_;
            return &it->second.game;
        }
    }
    auto texts = read_game_texts(store, id);
    if (!texts) return core::unexpected(texts.error());
    kept_.erase(id);
    ++replays_;
    auto game = load_game_from(texts->ini, texts->record, id);
    if (!game) return core::unexpected(game.error());
    return &keep(id, std::move(texts->ini), std::move(texts->record), std::move(*game));
}

core::Result<GameRepository::Lent, core::Error> GameRepository::stage(store::Transaction& tx,
                                                                      store::GameId id,
                                                                      const StoredGame& g) {
    auto files = game_files(g);
    if (!files) return core::unexpected(files.error());
    saved_.insert(id);
    Lent texts{files->ini, files->record, files->meta};
    tx.write_game_file(id, "game.ini", std::move(files->ini));
    tx.write_game_file(id, "record.pgn", std::move(files->record));
    tx.write_game_file(id, "white.pgn", std::move(files->white));
    tx.write_game_file(id, "black.pgn", std::move(files->black));
    return texts;
}

core::Result<void, core::Error> GameRepository::save(store::Transaction& tx, store::GameId id,
                                                     const StoredGame& g) {
    auto texts = stage(tx, id, g);
    if (!texts) return core::unexpected(texts.error());
    // Kept as loading the saved files gives it back (with what followers were told).
    StoredGame kept = g;
    kept.meta = std::move(*texts->saved_meta);
    lent_.erase(id);  // a copy saved over a lent game: the lent one is not taken back
    keep(id, std::move(texts->ini), std::move(texts->record), std::move(kept));
    return {};
}

core::Result<GameRepository::Lease, core::Error> GameRepository::take(const store::Store& store,
                                                                      store::GameId id) {
    auto kept = peek(store, id);
    if (!kept) return core::unexpected(kept.error());
    if (capacity_ == 0) return Lease{std::move(*uncached_), 0};  // nothing is kept back
    auto it = kept_.find(id);
    const std::uint64_t lease = ++leases_;
    lent_.insert_or_assign(
        id, Lent{std::move(it->second.ini), std::move(it->second.record), std::nullopt, lease});
    Lease out{std::move(it->second.game), lease};
    kept_.erase(it);
    return out;
}

core::Result<void, core::Error> GameRepository::save_lent(store::Transaction& tx, store::GameId id,
                                                          std::uint64_t lease,
                                                          const StoredGame& g) {
    auto texts = stage(tx, id, g);
    if (!texts) return core::unexpected(texts.error());
    kept_.erase(id);  // a game loaded meanwhile is older than the one to come back
    const auto it = lent_.find(id);
    if (it == lent_.end() || it->second.lease != lease) {
        lent_.erase(id);  // another lease's game would not be this one
        return {};
    }
    texts->lease = lease;
    it->second = std::move(*texts);
    return {};
}

void GameRepository::give_back(store::GameId id, std::uint64_t lease, StoredGame g) {
    const auto it = lent_.find(id);
    if (it == lent_.end() || it->second.lease != lease) return;  // not this lease's texts
    Lent texts = std::move(it->second);
    lent_.erase(it);
    if (texts.saved_meta) g.meta = std::move(*texts.saved_meta);
    keep(id, std::move(texts.ini), std::move(texts.record), std::move(g));
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
