#pragma once
// Players' leave (mail.md "Time controls": "leave days per player per year"; `leave N`).
// A leave stops the player's clock in all their games from `start` to `end` (time on leave
// does not count against any deadline; game_clock.hpp). The book is one file under the store
// root, `<store root>/leaves`, replaced whole with core::write_file_atomic like the player
// registry, one leave a line: "<address>\t<start ISO 8601>\t<end ISO 8601>\t<days>\t<message id>".
// It is written BEFORE the transaction with the answers commits; the Message-ID of the `leave`
// mail makes a retried mail find its leave already booked instead of booking it twice.
// Allowance: the days of all leaves that START in a UTC calendar year may not exceed
// club.leave_days_per_year. A new leave starts when the mail is handled, or at the end of the
// player's latest leave if that has not ended yet (leaves never overlap).
#include <filesystem>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/result.hpp"

namespace ck::daemon {

struct Leave {
    std::string address;  // lower-case registered address
    core::TimePoint start{};
    core::TimePoint end{};
    int days = 0;
    std::string message_id;
};

struct LeavePeriod {
    core::TimePoint start{};
    core::TimePoint end{};
};

class LeaveBook {
public:
    // A missing file is an empty book.
    static core::Result<LeaveBook, std::string> load(const std::filesystem::path& file);
    // The book of a store (<root>/leaves).
    static core::Result<LeaveBook, std::string> of_store(const std::filesystem::path& root);

    const std::vector<Leave>& all() const { return leaves_; }
    // The periods of `address` (case-insensitive), sorted by start.
    std::vector<LeavePeriod> periods(const std::string& address) const;
    // Days of leave of `address` starting in the UTC calendar year of `t`.
    int days_in_year(const std::string& address, core::TimePoint t) const;
    const Leave* find_message(const std::string& message_id) const;

    struct Booking {
        Leave leave;
        bool already = false;  // booked by an earlier try of the same mail
    };
    struct Error {
        bool refused = false;  // true: over the allowance or bad days (nothing written); false: I/O
        std::string message;
    };
    // Books `days` (>= 1) of leave for `address` from `now` (or the end of their running leave),
    // checked against `allowance` days a year, and rewrites the file.
    core::Result<Booking, Error> book(const std::string& address, int days, core::TimePoint now,
                                      int allowance, const std::string& message_id);

private:
    std::filesystem::path file_;
    std::vector<Leave> leaves_;
};

}  // namespace ck::daemon
