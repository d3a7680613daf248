#include "mail/message.hpp"

#include <mimetic/mimetic.h>

#include <algorithm>

#include "core/text.hpp"
#include "mail/charset.hpp"
#include "mail/codec.hpp"
#include "mail/html_text.hpp"
#include "mail/reply_text.hpp"
#include "mail/rfc2047.hpp"

namespace ck::mail {
namespace {

// Unfolded value with CR/LF removed (mimetic unfolds, but keep it safe).
std::string clean_value(std::string v) {
    std::string out;
    for (char c : v)
        if (c != '\r' && c != '\n') out += c;
    return core::trim_ascii(out);
}

std::string unquote(std::string_view s) {
    std::string t = core::trim_ascii(s);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"') {
        std::string out;
        for (size_t i = 1; i + 1 < t.size(); ++i) {
            if (t[i] == '\\' && i + 2 < t.size()) ++i;
            out += t[i];
        }
        return out;
    }
    return t;
}

// Splits at top-level commas (outside quotes, <...> and comments).
std::vector<std::string> split_list(std::string_view v) {
    std::vector<std::string> items;
    std::string cur;
    bool in_quote = false;
    int angle = 0;
    int paren = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        const char c = v[i];
        if (in_quote) {
            cur += c;
            if (c == '\\' && i + 1 < v.size()) {
                cur += v[++i];
            } else if (c == '"') {
                in_quote = false;
            }
            continue;
        }
        if (c == '"' && paren == 0) in_quote = true;
        if (c == '(') ++paren;
        if (c == ')' && paren > 0) --paren;
        if (c == '<' && paren == 0) ++angle;
        if (c == '>' && paren == 0 && angle > 0) --angle;
        if ((c == ',' || c == ';') && angle == 0 && paren == 0) {
            items.push_back(cur);
            cur.clear();
            continue;
        }
        cur += c;
    }
    items.push_back(cur);
    return items;
}

// Msg-ids between angle brackets; a value without brackets counts as one id.
std::vector<std::string> msg_ids(std::string_view v) {
    std::vector<std::string> ids;
    size_t pos = 0;
    while ((pos = v.find('<', pos)) != std::string_view::npos) {
        const size_t end = v.find('>', pos);
        if (end == std::string_view::npos) break;
        std::string id = core::trim_ascii(v.substr(pos + 1, end - pos - 1));
        if (!id.empty()) ids.push_back(id);
        pos = end + 1;
    }
    if (ids.empty()) {
        std::string t = core::trim_ascii(v);
        if (!t.empty() && t.find(' ') == std::string::npos) ids.push_back(t);
    }
    return ids;
}

void add_unique(std::vector<std::string>& v, const std::string& s) {
    if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

std::string normalise_line_ends(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\r') {
            out += '\n';
            if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

bool is_attachment(const mimetic::MimeEntity& e) {
    const mimetic::Header& h = e.header();
    if (!h.hasField("Content-Disposition")) return false;
    return core::lower_ascii(std::string(h.contentDisposition().type())) == "attachment";
}

// First part in document order that is text/<subtype> (a missing Content-Type counts as
// text/plain), not an attachment, not inside a message/rfc822 part.
const mimetic::MimeEntity* find_text_part(const mimetic::MimeEntity& e,
                                          const std::string& subtype) {
    const mimetic::Header& h = e.header();
    std::string type;
    std::string sub;
    if (h.hasField("Content-Type")) {
        type = core::lower_ascii(std::string(h.contentType().type()));
        sub = core::lower_ascii(std::string(h.contentType().subtype()));
    }
    if (type == "multipart") {
        for (const mimetic::MimeEntity* p : e.body().parts()) {
            if (p == nullptr) continue;
            if (const mimetic::MimeEntity* r = find_text_part(*p, subtype)) return r;
        }
        return nullptr;
    }
    if (is_attachment(e)) return nullptr;
    if (type.empty()) {
        type = "text";
        sub = "plain";
    }
    if (type == "text" && sub == subtype) return &e;
    return nullptr;
}

// Transfer-decodes, converts to UTF-8, normalises line ends, unflows or strips HTML.
std::string part_text(const mimetic::MimeEntity& e) {
    const mimetic::Header& h = e.header();
    const std::string& body = e.body();
    std::string cte;
    if (h.hasField("Content-Transfer-Encoding"))
        cte = core::lower_ascii(
            core::trim_ascii(std::string(h.contentTransferEncoding().mechanism())));
    std::string bytes;
    if (cte == "quoted-printable") {
        bytes = qp_decode(body);
    } else if (cte == "base64") {
        bytes = base64_decode(body);
    } else {
        bytes = body;
    }
    std::string charset;
    std::string sub = "plain";
    bool flowed = false;
    bool delsp = false;
    if (h.hasField("Content-Type")) {
        const mimetic::ContentType& ct = h.contentType();
        charset = ct.param("charset");
        if (!ct.subtype().empty()) sub = core::lower_ascii(std::string(ct.subtype()));
        flowed = core::lower_ascii(ct.param("format")) == "flowed";
        delsp = core::lower_ascii(ct.param("delsp")) == "yes";
    }
    std::string text = normalise_line_ends(to_utf8(bytes, core::trim_ascii(charset)));
    if (sub == "html") return html_to_text(text);
    if (flowed) text = unflow(text, delsp);
    return text;
}

}  // namespace

std::vector<ParsedAddress> parse_address_list(std::string_view value) {
    std::vector<ParsedAddress> out;
    for (std::string item : split_list(value)) {
        // Group syntax "name: a, b;" -- drop the group name.
        const size_t colon = item.find(':');
        const size_t lt = item.find('<');
        const size_t quote = item.find('"');
        if (colon != std::string::npos && (lt == std::string::npos || colon < lt) &&
            (quote == std::string::npos || colon < quote))
            item = item.substr(colon + 1);
        ParsedAddress a;
        size_t open = std::string::npos;
        bool in_quote = false;
        for (size_t i = 0; i < item.size(); ++i) {
            if (item[i] == '"') in_quote = !in_quote;
            if (item[i] == '\\' && in_quote)
                ++i;
            else if (item[i] == '<' && !in_quote) {
                open = i;
                break;
            }
        }
        if (open != std::string::npos) {
            const size_t close = item.find('>', open);
            std::string addr = item.substr(
                open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
            if (const size_t route = addr.find(':'); route != std::string::npos && addr[0] == '@')
                addr = addr.substr(route + 1);  // obsolete source route
            a.address = core::lower_ascii(core::trim_ascii(addr));
            a.name = decode_header_value(unquote(item.substr(0, open)));
        } else {
            std::string addr;
            std::string comment;
            int depth = 0;
            for (char c : item) {
                if (c == '(') {
                    if (depth++ > 0) comment += c;
                } else if (c == ')' && depth > 0) {
                    if (--depth > 0) comment += c;
                } else if (depth > 0) {
                    comment += c;
                } else {
                    addr += c;
                }
            }
            a.address = core::lower_ascii(core::trim_ascii(addr));
            a.name = decode_header_value(core::trim_ascii(comment));
        }
        a.name = core::trim_ascii(a.name);
        if (!a.address.empty()) out.push_back(std::move(a));
    }
    return out;
}

bool MailMessage::is_automatic() const {
    if (!auto_submitted.empty() && auto_submitted != "no") return true;
    if (precedence == "bulk" || precedence == "junk" || precedence == "list") return true;
    const std::string local = from_address.substr(0, from_address.find('@'));
    if (local == "mailer-daemon" || local == "postmaster") return true;
    if (return_path && return_path->empty()) return true;
    if (content_type == "multipart/report") return true;
    return has_autoreply_header;
}

core::Result<MailMessage, ParseError> parse_message(std::string_view raw) {
    if (raw.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return core::unexpected(ParseError{ParseErrorCode::Empty, "empty message"});
    try {
        std::string owned(raw);
        // mimetic drops the header of a message with no body separator; give it one.
        if (owned.find("\n\n") == std::string::npos && owned.find("\r\n\r\n") == std::string::npos)
            owned += owned.find("\r\n") != std::string::npos ? "\r\n\r\n" : "\n\n";
        const mimetic::MimeEntity me(owned.begin(), owned.end());
        const mimetic::Header& h = me.header();
        if (h.empty())
            return core::unexpected(ParseError{ParseErrorCode::NoHeaders, "no header fields"});
        MailMessage m;
        std::vector<std::string> original_to;
        std::vector<std::string> envelope_to;
        bool have_from = false;
        for (const mimetic::Field& f : h) {
            const std::string name = core::lower_ascii(std::string(f.name()));
            const std::string value = clean_value(f.value());
            if (name == "from" && !have_from) {
                const auto list = parse_address_list(value);
                if (!list.empty()) {
                    m.from_address = list.front().address;
                    m.from_name = list.front().name;
                    have_from = true;
                }
            } else if (name == "to" || name == "cc") {
                for (const ParsedAddress& a : parse_address_list(value))
                    add_unique(name == "to" ? m.to : m.cc, a.address);
            } else if (name == "delivered-to" || name == "x-original-to" || name == "envelope-to") {
                for (const ParsedAddress& a : parse_address_list(value)) {
                    if (name == "delivered-to")
                        m.delivered_to.push_back(a.address);
                    else if (name == "x-original-to")
                        original_to.push_back(a.address);
                    else
                        envelope_to.push_back(a.address);
                }
            } else if (name == "subject") {
                m.subject = decode_header_value(value);
            } else if (name == "message-id") {
                const auto ids = msg_ids(value);
                if (!ids.empty()) m.message_id = ids.front();
            } else if (name == "in-reply-to") {
                const auto ids = msg_ids(value);
                if (!ids.empty()) m.in_reply_to = ids.front();
            } else if (name == "references") {
                m.references = msg_ids(value);
            } else if (name == "auto-submitted") {
                // RFC 3834: keyword, then optional parameters and comments
                m.auto_submitted = core::lower_ascii(
                    core::trim_ascii(value.substr(0, value.find_first_of(";( \t"))));
            } else if (name == "precedence") {
                m.precedence = core::lower_ascii(core::trim_ascii(value));
            } else if (name == "return-path") {
                const auto ids = msg_ids(value);  // same <...> syntax
                m.return_path = value.find("<>") != std::string::npos || ids.empty()
                                    ? std::string()
                                    : core::lower_ascii(ids.front());
            } else if (name == "authentication-results") {
                m.authentication_results.push_back(value);
            } else if (name == "x-autoreply" || name == "x-autorespond") {
                m.has_autoreply_header = true;
            }
        }
        for (const std::string& a : m.delivered_to) add_unique(m.envelope_recipients, a);
        for (const std::string& a : original_to) add_unique(m.envelope_recipients, a);
        for (const std::string& a : envelope_to) add_unique(m.envelope_recipients, a);
        if (h.hasField("Content-Type")) {
            const mimetic::ContentType& ct = h.contentType();
            m.content_type =
                core::lower_ascii(std::string(ct.type()) + "/" + std::string(ct.subtype()));
        } else {
            m.content_type = "text/plain";
        }
        const mimetic::MimeEntity* part = find_text_part(me, "plain");
        if (part == nullptr) part = find_text_part(me, "html");
        if (part != nullptr) {
            m.full_text = part_text(*part);
            m.body_text = extract_new_text(m.full_text);
        }
        // A text/plain alternative with no new text beside an HTML one that has some (an empty
        // plain part, as some clients send): the HTML is what the player wrote.
        if (m.body_text.empty() && part != nullptr && part != find_text_part(me, "html")) {
            if (const mimetic::MimeEntity* html = find_text_part(me, "html")) {
                std::string html_text = part_text(*html);
                if (std::string new_text = extract_new_text(html_text); !new_text.empty()) {
                    m.full_text = std::move(html_text);
                    m.body_text = std::move(new_text);
                }
            }
        }
        return m;
    } catch (const std::exception& e) {
        return core::unexpected(ParseError{ParseErrorCode::Malformed, e.what()});
    } catch (...) {
        return core::unexpected(ParseError{ParseErrorCode::Malformed, "unparseable message"});
    }
}

}  // namespace ck::mail
