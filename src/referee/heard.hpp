#pragma once
// What one player heard, in order (PlayerView::heard): a list that a PlayerView shares with its
// game instead of copying it, so that a view costs the same at ply 300 as at ply 10 (README
// "Benchmarks", the serve row). It reads as a const std::vector<Announcement>.
//
// THE CONTRACT: a Heard has value semantics. Its entries live in a log that several Heards may
// share; a log is only ever appended to, and only by a Heard that holds it alone (an append to a
// shared log copies it first, into a new log). So the entries a Heard shows change only through
// that Heard, and a log's first n entries, once there, never change: two Heards on one log
// (log_id) agree on their common length. The move list relies on that (compose/move_list.hpp).
// Not thread-safe for one Heard, like a vector.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <vector>

#include "referee/announcement.hpp"

namespace ck::referee {

class Heard {
public:
    using value_type = Announcement;
    using const_iterator = std::vector<Announcement>::const_iterator;
    using iterator = const_iterator;
    using const_reverse_iterator = std::vector<Announcement>::const_reverse_iterator;
    using reverse_iterator = const_reverse_iterator;
    using size_type = std::size_t;

    Heard() = default;
    Heard(std::initializer_list<Announcement> list) { append(list.begin(), list.end()); }
    Heard(const std::vector<Announcement>& list) { append(list.begin(), list.end()); }

    const std::vector<Announcement>& items() const { return log_ ? log_->items : none(); }
    operator const std::vector<Announcement>&() const { return items(); }

    const_iterator begin() const { return items().begin(); }
    const_iterator end() const { return items().end(); }
    const_reverse_iterator rbegin() const { return items().rbegin(); }
    const_reverse_iterator rend() const { return items().rend(); }
    std::size_t size() const { return log_ ? log_->items.size() : 0; }
    bool empty() const { return size() == 0; }
    const Announcement& operator[](std::size_t i) const { return log_->items[i]; }
    const Announcement& front() const { return log_->items.front(); }
    const Announcement& back() const { return log_->items.back(); }

    // An entry to change (tests build views by hand): the Heard moves to a log of its own first,
    // under a new log_id, since a log's entries never change.
    Announcement& operator[](std::size_t i) { return own_new()[i]; }

    void push_back(Announcement a) { own().push_back(std::move(a)); }
    template <class It>
    void append(It first, It last) {
        if (first != last) own().insert(own().end(), first, last);
    }

    // The log this Heard reads (0: none yet). Two Heards with the same log_id agree on their
    // first min(size) entries (THE CONTRACT).
    std::uint64_t log_id() const { return log_ ? log_->id : 0; }

    friend bool operator==(const Heard& a, const Heard& b) { return a.items() == b.items(); }
    friend bool operator!=(const Heard& a, const Heard& b) { return !(a == b); }

private:
    struct Log {
        std::vector<Announcement> items;
        std::uint64_t id = 0;
    };
    static const std::vector<Announcement>& none();
    // The log, held alone (a shared one copied into a new log first).
    std::vector<Announcement>& own();
    // The same, under a new log_id in any case.
    std::vector<Announcement>& own_new();

    std::shared_ptr<Log> log_;
};

}  // namespace ck::referee
