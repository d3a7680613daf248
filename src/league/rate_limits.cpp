// The rate-limit records of unknown senders (rate_limits.hpp).
#include "league/rate_limits.hpp"

#include "core/crypto.hpp"
#include "core/text.hpp"

namespace ck::league {

std::string utc_day(core::TimePoint t) { return core::format_iso8601(t).substr(0, 10); }

std::string unknown_sender_limit_key(const std::string& address, const std::string& day) {
    return day + "/" + core::sha256_hex(core::lower_ascii(address)).substr(0, 32);
}

std::string unknown_sender_total_key(const std::string& day) { return day + "/total"; }

}  // namespace ck::league
