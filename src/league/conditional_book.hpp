#pragma once
// Where a game's conditional moves are kept (docs/conditionals.md, issue 19): one file per side
// among the game's files, games/<id>.white.conditionals and black.conditionals, each the
// referee's versioned stored form (referee::serialise: "crazykrieg-conditionals-v1", the mode,
// the canonical lines). They are written only through the mail's store transaction, with the
// game's own files (store/store.hpp: all of a mail's effects commit together or not at all), so
// a crash at any instant leaves either the trees before the mail or the trees after it, never a
// reply played twice or a tree that outlived its firing. A missing file is an empty tree (games
// from before conditionals; sides that never stored one). A file that does not read back is
// corrupt (core::Error kind Corrupt, naming the game and the file).
#include <array>

#include "core/error.hpp"
#include "core/result.hpp"
#include "referee/conditional.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

class ConditionalBook {
public:
    // Both sides' trees of game `id` (hidden: the game's mode, for the empty trees); a file
    // staged in `staged` (may be null) wins over the store's.
    static core::Result<ConditionalBook, core::Error> load(const store::Store& store,
                                                           store::GameId id, bool hidden,
                                                           const store::Transaction* staged);
    // The same, knowing which sides have no file in the store (`absent`, by colour index;
    // StoredGame::no_conditionals): their files are not looked for (a file staged in `staged`
    // still wins), and a side found without one is marked.
    static core::Result<ConditionalBook, core::Error> load(const store::Store& store,
                                                           store::GameId id, bool hidden,
                                                           const store::Transaction* staged,
                                                           std::array<bool, 2>& absent);

    const referee::ConditionalTree& tree(rules::Color c) const {
        return trees_[static_cast<int>(c)];
    }
    // Replaces side `c`'s tree (marked for save).
    void set(rules::Color c, referee::ConditionalTree tree);
    // Empties side `c`'s tree (marked for save when it held any line).
    void clear(rules::Color c);
    bool changed() const { return changed_[0] || changed_[1]; }

    // Queues the file of every side whose tree changed into `tx` (and unmarks it in `absent`).
    void save(store::Transaction& tx, store::GameId id) const;
    void save(store::Transaction& tx, store::GameId id, std::array<bool, 2>& absent) const;

    // "white.conditionals" / "black.conditionals".
    static const char* file_name(rules::Color c);

private:
    std::array<referee::ConditionalTree, 2> trees_;
    std::array<bool, 2> changed_{};
};

// The game's end (event_effects.hpp, for a GameEnded event): both sides' trees emptied in `tx` (the
// files written only for a side that held any line).
core::Result<void, core::Error> clear_conditionals(const store::Store& store,
                                                   store::Transaction& tx, store::GameId id,
                                                   bool hidden);

}  // namespace ck::league
