#include "mail/outgoing.hpp"

#include <cstdint>
#include <cstdio>

#include "core/clock.hpp"
#include "mail/codec.hpp"
#include "mail/rfc2047.hpp"

namespace ck::mail {
namespace {

constexpr size_t MaxLine = 78;

std::uint64_t fnv1a(std::string_view s, std::uint64_t h = 1469598103934665603ULL) {
    for (char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return h;
}

// "=_" can never occur in quoted-printable or base64 output, so such a boundary is safe.
std::string make_boundary(const OutgoingMail& m, int level) {
    std::uint64_t h = fnv1a(m.boundary_seed.empty() ? m.message_id : m.boundary_seed);
    h = fnv1a(m.text_body, h);
    h = fnv1a(m.html_body, h);
    char buf[64];
    std::snprintf(buf, sizeof buf, "=_ck%d_%016llx", level, static_cast<unsigned long long>(h));
    return buf;
}

// Folds an address list "a, b, c" between addresses under 78 columns.
std::string address_header(std::string_view name, const std::vector<MailAddress>& list) {
    std::string out = std::string(name) + ": ";
    size_t col = out.size();
    for (size_t i = 0; i < list.size(); ++i) {
        std::string item = format_address(list[i].name, list[i].address);
        if (i + 1 < list.size()) item += ',';
        if (i > 0) {
            if (col + 1 + item.size() > MaxLine) {
                out += "\r\n ";
                col = 1;
            } else {
                out += ' ';
                ++col;
            }
        }
        // An encoded display name may fold between its words.
        for (size_t k = 0; k < item.size(); ++k) {
            const size_t sp = item.find(' ', k);
            const size_t word_end = sp == std::string::npos ? item.size() : sp;
            const std::string_view word(item.data() + k, word_end - k);
            if (k > 0) {
                if (col + 1 + word.size() > MaxLine) {
                    out += "\r\n ";
                    col = 1;
                } else {
                    out += ' ';
                    ++col;
                }
            }
            out += word;
            col += word.size();
            k = word_end;
        }
    }
    return out + "\r\n";
}

std::string text_header(std::string_view name, std::string_view value) {
    return std::string(name) + ": " + encode_header_value(value, name) + "\r\n";
}

std::string id_list_header(std::string_view name, const std::vector<std::string>& ids) {
    std::string out = std::string(name) + ":";
    size_t col = out.size();
    for (const std::string& id : ids) {
        const std::string item = "<" + id + ">";
        if (col + 1 + item.size() > MaxLine && col > name.size() + 1) {
            out += "\r\n";
            col = 0;
        }
        out += ' ' + item;
        col += 1 + item.size();
    }
    return out + "\r\n";
}

// in_multipart: the CRLF before a boundary belongs to the boundary (RFC 2046 5.1.1), so one
// more is added to keep the text's final line end. Appended to `out`.
// Whether `runs` lie in `body` in order, each on line boundaries (EncodedRun).
bool on_lines(std::string_view body, const std::vector<EncodedRun>& runs) {
    std::size_t at = 0;
    for (const EncodedRun& r : runs) {
        if (r.size == 0 || r.offset < at || r.offset > body.size() ||
            r.size > body.size() - r.offset)
            return false;
        if ((r.offset > 0 && body[r.offset - 1] != '\n') || body[r.offset + r.size - 1] != '\n')
            return false;
        at = r.offset + r.size;
    }
    return true;
}

// qp_encode_into(body, out), with the runs' known encodings copied in.
void encode_body(std::string_view body, const std::vector<EncodedRun>& runs, std::string& out) {
    if (runs.empty() || !on_lines(body, runs)) {
        qp_encode_into(body, out);
        return;
    }
    std::size_t at = 0;
    for (const EncodedRun& r : runs) {
        qp_encode_into(body.substr(at, r.offset - at), out);
        out += r.encoded;
        at = r.offset + r.size;
    }
    qp_encode_into(body.substr(at), out);
}

void text_part(std::string_view subtype, std::string_view body, bool in_multipart, std::string& out,
               const std::vector<EncodedRun>& runs = {}) {
    out += "Content-Type: text/";
    out += subtype;
    out += "; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n";
    const std::size_t start = out.size();
    encode_body(body, runs, out);
    const bool ends_crlf = out.size() - start >= 2 && out.compare(out.size() - 2, 2, "\r\n") == 0;
    if (in_multipart || !ends_crlf) out += "\r\n";
}

std::string quoted_param(std::string_view v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string attachment_part(const Attachment& a) {
    std::string ct = a.content_type.empty() ? "application/octet-stream" : a.content_type;
    if (ct.rfind("text/", 0) == 0 && ct.find("charset") == std::string::npos)
        ct += "; charset=UTF-8";
    // RFC 2047 in a quoted filename is not standard but is what mail clients read.
    std::string fname = encode_header_value(a.name, "");
    for (size_t p; (p = fname.find("\r\n ")) != std::string::npos;) fname.replace(p, 3, " ");
    std::string out = "Content-Type: " + ct + ";\r\n name=" + quoted_param(fname) + "\r\n";
    out += "Content-Disposition: attachment;\r\n filename=" + quoted_param(fname) + "\r\n";
    out += "Content-Transfer-Encoding: base64\r\n\r\n";
    return out + base64_encode(a.bytes);
}

void alternative(const OutgoingMail& m, const std::string& boundary, std::string& out) {
    out += "Content-Type: multipart/alternative;\r\n boundary=\"";
    out += boundary;
    out += "\"\r\n\r\n--";
    out += boundary;
    out += "\r\n";
    text_part("plain", m.text_body, true, out, m.text_encoded);
    out += "--";
    out += boundary;
    out += "\r\n";
    text_part("html", m.html_body, true, out, m.html_encoded);
    out += "--";
    out += boundary;
    out += "--\r\n";
}

}  // namespace

std::string render_mime(const OutgoingMail& m) {
    std::string h;
    h += "Date: " + core::format_rfc5322(m.date) + "\r\n";
    h += address_header("From", {m.from});
    if (!m.to.empty()) h += address_header("To", m.to);
    if (!m.reply_to.empty()) h += address_header("Reply-To", m.reply_to);
    h += text_header("Subject", m.subject);
    if (!m.message_id.empty()) h += "Message-ID: <" + m.message_id + ">\r\n";
    if (!m.in_reply_to.empty()) h += "In-Reply-To: <" + m.in_reply_to + ">\r\n";
    if (!m.references.empty()) h += id_list_header("References", m.references);
    h += "MIME-Version: 1.0\r\n";
    h += "Auto-Submitted: auto-generated\r\n";
    h += "X-Auto-Response-Suppress: All\r\n";
    for (const auto& [name, value] : m.extra_headers) h += text_header(name, value);

    // The body is written after the headers into the same buffer, reserved for the encoded
    // bodies (a third more than the text: quoted-printable's escapes and soft breaks in the
    // usual mail), so that a mail of tens of KB is not copied part by part.
    const std::size_t body_size = m.text_body.size() + m.html_body.size();
    std::size_t attached = 0;
    for (const Attachment& a : m.attachments) attached += a.bytes.size() * 4 / 3 + 512;
    std::string out;
    out.reserve(h.size() + body_size + body_size / 3 + attached + 1024);
    out += h;
    if (m.attachments.empty()) {
        if (m.html_body.empty())
            text_part("plain", m.text_body, false, out, m.text_encoded);
        else
            alternative(m, make_boundary(m, 2), out);
        return out;
    }

    const std::string outer = make_boundary(m, 1);
    out += "Content-Type: multipart/mixed;\r\n boundary=\"" + outer + "\"\r\n\r\n";
    out += "This is a multi-part message in MIME format.\r\n";
    out += "--" + outer + "\r\n";
    if (m.html_body.empty())
        text_part("plain", m.text_body, true, out, m.text_encoded);
    else
        alternative(m, make_boundary(m, 2), out);
    for (const Attachment& a : m.attachments) out += "--" + outer + "\r\n" + attachment_part(a);
    out += "--" + outer + "--\r\n";
    return out;
}

}  // namespace ck::mail
