#pragma once
// Players' leave (docs/mail-protocol.md "Time controls": "leave days per player per year";
// `leave N`). A leave stops the player's clock in all their games from `start` to `end` (time on
// leave does not count against any deadline; game_clock.hpp). The book is the store's typed
// namespace `leaves` (store/state.hpp), one record a leave keyed "<address>/<start ISO 8601>",
// staged into the transaction of the `leave` mail so that it commits with the mail's answers.
// Allowance: the days of all leaves that START in a UTC calendar year may not exceed
// club.leave_days_per_year. A new leave starts when the mail is handled, or at the end of the
// player's latest leave if that has not ended yet (leaves never overlap).
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

struct Leave {
    std::string address;  // lower-case registered address
    core::TimePoint start{};
    core::TimePoint end{};
    int days = 0;
    std::string message_id;
};

// A leaves record: "<address>\t<start>\t<end>\t<days>\t<message id>\n" (the line of the leave
// file of a legacy store).
struct LeaveCodec {
    using Value = Leave;
    static constexpr store::Namespace ns{"leaves"};
    static constexpr int version = 1;
    static std::string encode(const Leave& l);
    static core::Result<Leave, std::string> decode(std::string_view body);
    static std::string key(const Leave& l);
};
using LeaveTable = store::Table<LeaveCodec>;

struct LeavePeriod {
    core::TimePoint start{};
    core::TimePoint end{};
};

class LeaveBook {
public:
    // The book of `store`; `pending` (may be null): an uncommitted transaction whose bookings
    // count too (a mail's own `leave` before its moves).
    // A record that cannot be read is Corrupt (store::StateError).
    static core::Result<LeaveBook, core::Error> load(const store::Store& store,
                                                     const store::Transaction* pending = nullptr);

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
        bool refused = false;  // true: over the allowance or bad days; false: the store refused
        std::string message;
    };
    // Books `days` (>= 1) of leave for `address` from `now` (or the end of their running leave),
    // checked against `allowance` days a year, staged into `tx`.
    core::Result<Booking, Error> book(const std::string& address, int days, core::TimePoint now,
                                      int allowance, const std::string& message_id,
                                      store::Transaction& tx);

private:
    std::vector<Leave> leaves_;
};

}  // namespace ck::league
