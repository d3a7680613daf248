#include "referee/heard.hpp"

#include <atomic>

namespace ck::referee {
namespace {

// Log ids, never reused in a process (0 is no log).
std::uint64_t next_log_id() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

}  // namespace

const std::vector<Announcement>& Heard::none() {
    static const std::vector<Announcement> empty;
    return empty;
}

std::vector<Announcement>& Heard::own() {
    if (!log_ || log_.use_count() > 1) {
        auto log = std::make_shared<Log>();
        if (log_) log->items = log_->items;
        log->id = next_log_id();
        log_ = std::move(log);
    }
    return log_->items;
}

std::vector<Announcement>& Heard::own_new() {
    const std::uint64_t before = log_id();
    std::vector<Announcement>& items = own();
    if (log_->id == before) log_->id = next_log_id();
    return items;
}

}  // namespace ck::referee
