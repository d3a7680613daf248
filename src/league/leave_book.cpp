#include "league/leave_book.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "league/players.hpp"

namespace ck::league {

std::string LeaveCodec::encode(const Leave& l) {
    return l.address + "\t" + core::format_iso8601(l.start) + "\t" + core::format_iso8601(l.end) +
           "\t" + std::to_string(l.days) + "\t" + l.message_id + "\n";
}

core::Result<Leave, std::string> LeaveCodec::decode(std::string_view body) {
    if (body.empty() || body.back() != '\n') return core::unexpected(std::string("no line end"));
    std::vector<std::string> f;
    std::istringstream ls(std::string(body.substr(0, body.size() - 1)));
    std::string part;
    while (std::getline(ls, part, '\t')) f.push_back(part);
    if (f.size() == 4) f.emplace_back();  // no Message-ID
    if (f.size() != 5) return core::unexpected(std::string("expected 5 fields"));
    auto start = core::parse_iso8601(f[1]);
    auto end = core::parse_iso8601(f[2]);
    if (!start || !end) return core::unexpected(std::string("bad time"));
    Leave l;
    l.address = f[0];
    l.start = *start;
    l.end = *end;
    if (f[3].empty() || f[3].size() > 3 ||
        f[3].find_first_not_of("0123456789") != std::string::npos)
        return core::unexpected(std::string("bad days"));
    l.days = std::stoi(f[3]);
    l.message_id = f[4];
    return l;
}

std::string LeaveCodec::key(const Leave& l) {
    return l.address + "/" + core::format_iso8601(l.start);
}

core::Result<LeaveBook, core::Error> LeaveBook::load(const store::Store& store,
                                                     const store::Transaction* pending) {
    auto all = LeaveTable::all(store, pending);
    if (!all) return core::unexpected(core::corrupt_error(all.error().describe()));
    LeaveBook b;
    for (auto& [key, leave] : *all) b.leaves_.push_back(std::move(leave));
    return b;
}

std::vector<LeavePeriod> LeaveBook::periods(const std::string& address) const {
    const std::string a = lower_ascii(address);
    std::vector<LeavePeriod> out;
    for (const auto& l : leaves_)
        if (l.address == a) out.push_back({l.start, l.end});
    std::sort(out.begin(), out.end(),
              [](const LeavePeriod& x, const LeavePeriod& y) { return x.start < y.start; });
    return out;
}

int LeaveBook::days_in_year(const std::string& address, core::TimePoint t) const {
    const std::string a = lower_ascii(address);
    const int year = core::to_civil(t).year;
    int days = 0;
    for (const auto& l : leaves_)
        if (l.address == a && core::to_civil(l.start).year == year) days += l.days;
    return days;
}

const Leave* LeaveBook::find_message(const std::string& message_id) const {
    for (const auto& l : leaves_)
        if (!message_id.empty() && l.message_id == message_id) return &l;
    return nullptr;
}

core::Result<LeaveBook::Booking, LeaveBook::Error> LeaveBook::book(const std::string& address,
                                                                   int days, core::TimePoint now,
                                                                   int allowance,
                                                                   const std::string& message_id,
                                                                   store::Transaction& tx) {
    if (const Leave* done = find_message(message_id)) return Booking{*done, true};
    if (days < 1 || days > 365) return core::unexpected(Error{true, "leave must be 1 to 365 days"});
    const std::string a = lower_ascii(address);
    core::TimePoint start = now;
    for (const auto& l : leaves_)
        if (l.address == a && l.end > start) start = l.end;
    const int used = days_in_year(a, start);
    if (used + days > allowance)
        return core::unexpected(Error{
            true, std::to_string(days) + " days of leave exceed the " + std::to_string(allowance) +
                      " days a year allowed (" + std::to_string(used) + " already taken)"});
    Leave l{a, start, start + std::chrono::hours(24) * days, days,
            message_id.find_first_of("\t\r\n") == std::string::npos ? message_id : std::string()};
    if (!store::valid_record_key(LeaveCodec::key(l)))
        return core::unexpected(Error{false, "cannot book a leave for '" + a + "'"});
    leaves_.push_back(l);
    LeaveTable::put(tx, LeaveCodec::key(l), l);
    return Booking{l, false};
}

}  // namespace ck::league
