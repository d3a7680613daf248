#include "store/spool_entry.hpp"

#include "core/decimal.hpp"

#include <cstdint>
#include <cstdio>
#include <string>

namespace ck::store {
namespace {

constexpr std::string_view Magic = "ck-outbox 1";
constexpr std::string_view Suffix = ".mail";

std::string one_line(std::string s) {
    for (char& c : s) {
        if (c == '\n' || c == '\r' || c == '\0') c = ' ';
    }
    return s;
}

}  // namespace

std::string encode_spool_entry(const SpoolEntry& e) {
    std::string out;
    out.reserve(e.raw_message.size() + 256);
    out += Magic;
    out += "\nseq " + std::to_string(e.seq);
    out += "\nqueued " + core::format_iso8601(e.queued);
    out += "\nattempts " + std::to_string(e.attempts);
    out += "\nnext " + core::format_iso8601(e.next_attempt);
    out += "\nfrom " + one_line(e.envelope_from);
    for (const auto& r : e.recipients) out += "\nrcpt " + one_line(r);
    if (!e.last_error.empty()) out += "\nerror " + one_line(e.last_error);
    out += "\n\n";
    out += e.raw_message;
    return out;
}

core::Result<SpoolEntry, std::string> parse_spool_entry(std::string_view bytes) {
    std::size_t body_at = 0;
    auto e = parse_spool_header(bytes, body_at);
    if (e) e->raw_message = std::string(bytes.substr(body_at));
    return e;
}

core::Result<SpoolEntry, std::string> parse_spool_header(std::string_view bytes,
                                                         std::size_t& body_at) {
    SpoolEntry e;
    size_t pos = 0;
    bool first = true, have_seq = false, have_queued = false, have_next = false;
    for (;;) {
        const size_t eol = bytes.find('\n', pos);
        if (eol == std::string_view::npos) return core::unexpected(std::string("no end of header"));
        const std::string_view line = bytes.substr(pos, eol - pos);
        pos = eol + 1;
        if (first) {
            if (line != Magic) return core::unexpected(std::string("not an outbox entry"));
            first = false;
            continue;
        }
        if (line.empty()) break;
        const size_t sp = line.find(' ');
        const std::string_view key = line.substr(0, sp);
        const std::string_view value =
            sp == std::string_view::npos ? std::string_view() : line.substr(sp + 1);
        if (key == "seq") {
            if (!core::parse_decimal(value, e.seq)) return core::unexpected(std::string("bad seq"));
            have_seq = true;
        } else if (key == "queued" || key == "next") {
            auto t = core::parse_iso8601(value);
            if (!t) return core::unexpected("bad " + std::string(key) + " time");
            (key == "queued" ? e.queued : e.next_attempt) = *t;
            (key == "queued" ? have_queued : have_next) = true;
        } else if (key == "attempts") {
            std::uint64_t n = 0;
            if (!core::parse_decimal(value, n) || n > 1000000) {
                return core::unexpected(std::string("bad attempts"));
            }
            e.attempts = static_cast<int>(n);
        } else if (key == "from") {
            e.envelope_from = std::string(value);
        } else if (key == "rcpt") {
            e.recipients.emplace_back(value);
        } else if (key == "error") {
            e.last_error = std::string(value);
        }  // unknown keys: ignored, for forward compatibility
    }
    if (!have_seq || !have_queued || !have_next || e.recipients.empty()) {
        return core::unexpected(std::string("missing header field"));
    }
    body_at = pos;
    return e;
}

std::string spool_file_name(std::uint64_t seq) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%020llu", static_cast<unsigned long long>(seq));
    return std::string(buf) + std::string(Suffix);
}

std::uint64_t spool_seq_of(std::string_view name) {
    if (name.size() != 20 + Suffix.size() || name.substr(20) != Suffix) return 0;
    std::uint64_t seq = 0;
    return core::parse_decimal(name.substr(0, 20), seq) ? seq : 0;
}

}  // namespace ck::store
