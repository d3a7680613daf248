#include "daemon/leave_book.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "core/atomic_file.hpp"
#include "daemon/players.hpp"

namespace ck::daemon {

core::Result<LeaveBook, std::string> LeaveBook::load(const std::filesystem::path& file) {
    LeaveBook b;
    b.file_ = file;
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return b;
    auto text = core::read_file(file);
    if (!text)
        return core::unexpected("cannot read " + file.string() + ": " + text.error().message);
    std::istringstream in(*text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string> f;
        std::istringstream ls(line);
        std::string part;
        while (std::getline(ls, part, '\t')) f.push_back(part);
        if (f.size() == 4) f.emplace_back();  // no Message-ID
        if (f.size() != 5) return core::unexpected("bad line in " + file.string());
        auto start = core::parse_iso8601(f[1]);
        auto end = core::parse_iso8601(f[2]);
        if (!start || !end) return core::unexpected("bad time in " + file.string());
        Leave l;
        l.address = f[0];
        l.start = *start;
        l.end = *end;
        try {
            l.days = std::stoi(f[3]);
        } catch (...) {
            return core::unexpected("bad days in " + file.string());
        }
        l.message_id = f[4];
        b.leaves_.push_back(std::move(l));
    }
    return b;
}

core::Result<LeaveBook, std::string> LeaveBook::of_store(const std::filesystem::path& root) {
    return load(root / "leaves");
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
                                                                   const std::string& message_id) {
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
    leaves_.push_back(l);
    std::string bytes;
    for (const auto& x : leaves_)
        bytes += x.address + "\t" + core::format_iso8601(x.start) + "\t" +
                 core::format_iso8601(x.end) + "\t" + std::to_string(x.days) + "\t" + x.message_id +
                 "\n";
    std::error_code ec;
    if (file_.has_parent_path()) std::filesystem::create_directories(file_.parent_path(), ec);
    auto w = core::write_file_atomic(file_, bytes, 0644);
    if (!w) {
        leaves_.pop_back();
        return core::unexpected(
            Error{false, "cannot write " + file_.string() + ": " + w.error().message});
    }
    return Booking{l, false};
}

}  // namespace ck::daemon
