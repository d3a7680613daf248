#pragma once
// One spooled outgoing mail: the file outbox/<seq>.mail (outbox/failed/<seq>.mail once given
// up). Format: a text header, one "key value" per line, an empty line, then the raw RFC 5322
// bytes to the end of the file:
//   ck-outbox 1
//   seq 17
//   queued 2026-11-21T15:30:00Z
//   attempts 2
//   next 2026-11-21T15:33:00Z
//   from referee@club.example        ("from " alone: null reverse-path)
//   rcpt alice@example.org           (one line per recipient)
//   error SMTP 451 ...               (optional: the last failure, one line)
//
//   <raw message>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/result.hpp"

namespace ck::store {

struct SpoolEntry {
    std::uint64_t seq = 0;  // enqueue order; FIFO key
    core::TimePoint queued{};
    int attempts = 0;  // failed send attempts so far
    core::TimePoint next_attempt{};
    std::string envelope_from;
    std::vector<std::string> recipients;
    std::string last_error;  // empty until a send fails
    std::string raw_message;
};

std::string encode_spool_entry(const SpoolEntry& entry);
// Error: a one-line description of what is malformed.
core::Result<SpoolEntry, std::string> parse_spool_entry(std::string_view bytes);
// parse_spool_entry without the copy of the message: raw_message is left empty, and the
// message is bytes.substr(body_at) (the outbox sends it from the spool's own bytes).
core::Result<SpoolEntry, std::string> parse_spool_header(std::string_view bytes,
                                                         std::size_t& body_at);

// "00000000000000000017.mail": zero-padded so that name order is FIFO order.
std::string spool_file_name(std::uint64_t seq);
// The seq of a spool file name, or 0 if `name` is not one.
std::uint64_t spool_seq_of(std::string_view name);

}  // namespace ck::store
