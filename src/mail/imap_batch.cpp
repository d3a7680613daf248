#include "mail/imap_batch.hpp"

#include <cctype>

#include "mail/curl_handle.hpp"
#include "mail/imap_config.hpp"

namespace ck::mail::detail {
namespace {

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::string quote_imap_string(const std::string& name) {
    std::string out = "\"";
    for (char c : name) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

bool ImapResponseReader::next(ImapResponse& out) {
    ImapResponse r;
    std::size_t p = pos_;
    for (;;) {
        const std::size_t eol = buffer_.find("\r\n", p);
        if (eol == std::string::npos) return false;
        std::string line = buffer_.substr(p, eol - p);
        p = eol + 2;
        // "... {N}" (or "{N+}", LITERAL+) at the end of a line: N bytes of literal follow.
        std::size_t n = 0;
        bool literal = false;
        const std::size_t open =
            line.empty() || line.back() != '}' ? std::string::npos : line.rfind('{');
        if (open != std::string::npos) {
            std::string digits = line.substr(open + 1, line.size() - open - 2);
            if (!digits.empty() && digits.back() == '+') digits.pop_back();
            if (!digits.empty() && digits.size() < 12 &&
                digits.find_first_not_of("0123456789") == std::string::npos) {
                n = std::stoull(digits);
                literal = true;
                line.erase(open);
                line += "{}";
            }
        }
        r.text += line;
        if (!literal) break;
        if (buffer_.size() - p < n) return false;
        r.literals.push_back(buffer_.substr(p, n));
        p += n;
    }
    pos_ = p;
    if (pos_ > 1 << 20) {  // drop what was read
        buffer_.erase(0, pos_);
        pos_ = 0;
    }
    out = std::move(r);
    return true;
}

bool parse_fetch_body(const ImapResponse& r, std::string& uid, std::string& body) {
    // "* 12 FETCH (UID 34 BODY[] {})": items in any order; only BODY[] carries a literal here.
    const std::string t = upper(r.text);
    if (t.rfind("* ", 0) != 0 || t.find(" FETCH (") == std::string::npos) return false;
    const std::size_t u = t.find("UID ", t.find(" FETCH ("));
    const std::size_t b = t.find("BODY[] {}");
    if (u == std::string::npos || b == std::string::npos || r.literals.empty()) return false;
    std::size_t e = u + 4;
    while (e < t.size() && std::isdigit(static_cast<unsigned char>(t[e]))) ++e;
    if (e == u + 4) return false;
    // The literal of BODY[] is the one after as many "{}" as come before it.
    std::size_t index = 0;
    for (std::size_t at = t.find("{}"); at != std::string::npos && at < b;
         at = t.find("{}", at + 2))
        ++index;
    if (index >= r.literals.size()) return false;
    uid = t.substr(u + 4, e - u - 4);
    body = r.literals[index];
    return true;
}

ImapBatchFetcher::ImapBatchFetcher(const ImapConfig& config)
    : config_(config), channel_("IMAP " + redact_url(config.url) + " (batch fetch)") {}

ImapBatchFetcher::~ImapBatchFetcher() {
    if (!open_) return;
    // Say goodbye (best effort, not waiting for the answer); curl then closes the connection.
    (void)channel_.send_all("X" + std::to_string(++tag_) + " LOGOUT\r\n");
}

core::Result<void, MailError> ImapBatchFetcher::open() {
    open_ = false;
    RawLogin login{config_.url,
                   config_.username,
                   config_.password,
                   config_.tls,
                   config_.verify_tls_peer,
                   config_.ca_file,
                   config_.connect_timeout_seconds,
                   config_.timeout_seconds};
    if (auto o = channel_.open(login); !o) return o;
    const std::string tag = "X" + std::to_string(++tag_);
    auto selected = run(tag + " EXAMINE " + quote_imap_string(config_.mailbox) + "\r\n", tag);
    if (!selected) return core::unexpected(selected.error());
    open_ = true;
    return {};
}

// Sends `commands` (CRLF-terminated, pipelined) and reads until the tagged reply of
// `last_tag`, which must be OK.
core::Result<std::vector<ImapResponse>, MailError> ImapBatchFetcher::run(
    const std::string& commands, const std::string& last_tag) {
    if (auto sent = channel_.send_all(commands); !sent) return core::unexpected(sent.error());
    std::vector<ImapResponse> out;
    ImapResponseReader reader;
    std::string bytes;
    for (;;) {
        ImapResponse r;
        while (reader.next(r)) {
            if (r.text.rfind(last_tag + " ", 0) == 0) {
                if (upper(r.text).rfind(last_tag + " OK", 0) != 0)
                    return core::unexpected(channel_.failure(r.text, false));
                return out;
            }
            out.push_back(std::move(r));
        }
        bytes.clear();
        if (auto got = channel_.receive(bytes); !got) return core::unexpected(got.error());
        reader.feed(bytes.data(), bytes.size());
    }
}

core::Result<std::map<std::string, std::string>, MailError> ImapBatchFetcher::fetch(
    const std::vector<std::string>& uids) {
    std::map<std::string, std::string> out;
    if (uids.empty()) return out;
    // One reconnect: the server may have closed an idle connection between passes.
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!open_) {
            if (auto o = open(); !o) return core::unexpected(o.error());
        }
        std::string set;
        for (const auto& u : uids) set += (set.empty() ? "" : ",") + u;
        // NOOP first: this connection learns of mail that arrived since it last looked.
        const std::string noop = "X" + std::to_string(++tag_);
        const std::string tag = "X" + std::to_string(++tag_);
        auto responses =
            run(noop + " NOOP\r\n" + tag + " UID FETCH " + set + " (UID BODY.PEEK[])\r\n", tag);
        if (!responses) {
            open_ = false;
            if (responses.error().transient && attempt == 0) continue;
            return core::unexpected(responses.error());
        }
        for (const ImapResponse& r : *responses) {
            std::string uid, body;
            if (parse_fetch_body(r, uid, body)) out[uid] = std::move(body);
        }
        return out;
    }
    return out;
}

}  // namespace ck::mail::detail
