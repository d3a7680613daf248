#pragma once
// What a thread keeps per game and side from one mail to the next (the move list's rows,
// move_list.hpp; the text part's wrapped and encoded lines, kept_lines.hpp): at most Max items,
// the least recently used going first. Whether an item still fits the mail is the item's own
// check, never this container's.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/game_id.hpp"
#include "rules/types.hpp"

namespace ck::compose {

template <class T, std::size_t Max>
class KeptPerGame {
public:
    // The item kept for `game` and `player`, or a new T{} (which may push out the least
    // recently used item).
    T& at(core::GameId game, rules::Color player) {
        ++tick_;
        for (Entry& e : entries_)
            if (e.game == game && e.player == player) {
                e.used = tick_;
                return e.item;
            }
        if (entries_.size() >= Max)
            entries_.erase(
                std::min_element(entries_.begin(), entries_.end(),
                                 [](const Entry& a, const Entry& b) { return a.used < b.used; }));
        return entries_.emplace_back(Entry{game, player, tick_, T{}}).item;
    }
    std::size_t size() const { return entries_.size(); }
    void clear() { entries_.clear(); }

private:
    struct Entry {
        core::GameId game;
        rules::Color player;
        std::uint64_t used;
        T item;
    };
    std::vector<Entry> entries_;
    std::uint64_t tick_ = 0;
};

}  // namespace ck::compose
