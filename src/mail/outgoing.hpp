#pragma once
// MIME mechanics of an outgoing mail (docs/mail-protocol.md, "What the referee sends"). No
// templates here: the compose module fills an OutgoingMail, render_mime turns it into RFC 5322
// bytes.
#include <chrono>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ck::mail {

struct MailAddress {
    std::string name;     // display name, UTF-8 (may be empty)
    std::string address;  // addr-spec, ASCII
};

struct Attachment {
    std::string name;          // file name, UTF-8
    std::string content_type;  // e.g. "application/vnd.chess-pgn"; "text/..." gets charset=UTF-8
    std::string bytes;         // raw content; sent as base64
};

// Lines of a body whose quoted-printable encoding is known already (a game's move list, kept from
// the game's earlier mails: compose/move_list.hpp, and its text: compose/kept_lines.hpp), so that
// render_mime copies `encoded` instead of encoding body[offset, offset + size) again. `encoded`
// must be qp_encode of exactly those bytes, which must start a line (offset 0 or after a '\n') and
// end one (with '\n'): quoted- printable encodes each line on its own, so the run's encoding is the
// same inside the body. render_mime encodes as usual a run whose ends are not on line boundaries;
// whoever edits a body after it was composed drops its runs.
struct EncodedRun {
    std::size_t offset = 0;
    std::size_t size = 0;
    std::string encoded;
};

struct OutgoingMail {
    MailAddress from;
    std::vector<MailAddress> to;
    std::vector<MailAddress> reply_to;     // empty: no Reply-To
    std::string subject;                   // UTF-8
    std::string message_id;                // without angle brackets; empty: no Message-ID
    std::string in_reply_to;               // without angle brackets; may be empty
    std::vector<std::string> references;   // without angle brackets, oldest first
    std::string text_body;                 // UTF-8, LF (or CRLF) line ends
    std::vector<EncodedRun> text_encoded;  // runs of text_body already encoded, in order
    std::string html_body;                 // UTF-8; empty: text/plain only
    std::vector<EncodedRun> html_encoded;  // runs of html_body already encoded, in order
    std::vector<Attachment> attachments;
    std::vector<std::pair<std::string, std::string>> extra_headers;  // name, UTF-8 value
    std::chrono::system_clock::time_point date{};                    // the Date header (UTC)
    std::string boundary_seed;  // boundaries derive from it and the content; empty: message_id
};

// Renders RFC 5322 bytes with CRLF line ends: Date, From, To, Reply-To, Subject, Message-ID,
// In-Reply-To, References, MIME-Version, Auto-Submitted: auto-generated,
// X-Auto-Response-Suppress: All, the extra headers; then text/plain alone, or
// multipart/alternative (text/plain + text/html) when html_body is set, inside
// multipart/mixed when there are attachments. Text parts are UTF-8 quoted-printable (no
// encoded line over 76 columns), header fields RFC 2047 encoded and folded under 78 columns.
// Deterministic: the same mail (including date and boundary_seed) gives the same bytes.
std::string render_mime(const OutgoingMail& mail);

}  // namespace ck::mail
