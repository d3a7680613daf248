#pragma once
// A second IMAP connection of ImapSource that fetches many messages with one command:
// "UID FETCH uid,uid,... (UID BODY.PEEK[])". libcurl logs in (TLS, STARTTLS, AUTH exactly as
// for the source's main connection; CURLOPT_CONNECT_ONLY) and this class speaks the rest of
// IMAP4rev1 (RFC 3501) itself, because libcurl drops the literals of custom commands.
// Private to the mail module. BODY.PEEK never sets \Seen; the mailbox is opened read-only
// (EXAMINE), so this connection never changes the mailbox.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "mail/error.hpp"
#include "mail/raw_channel.hpp"

namespace ck::mail {
struct ImapConfig;
}

namespace ck::mail::detail {

// `name` as an IMAP quoted string (RFC 3501 section 4.3: '"' and '\\' escaped).
std::string quote_imap_string(const std::string& name);

// One untagged or tagged response: its text with each literal replaced by "{}", and the
// literals in order.
struct ImapResponse {
    std::string text;
    std::vector<std::string> literals;
};

// Splits IMAP server output into complete responses; literals ({N} CRLF and N bytes) are taken
// whole, so a literal line that looks like a tagged reply is never mistaken for one.
class ImapResponseReader {
public:
    void feed(const char* data, std::size_t n) { buffer_.append(data, n); }
    // The next complete response, or false when more bytes are needed.
    bool next(ImapResponse& out);

private:
    std::string buffer_;
    std::size_t pos_ = 0;
};

// The UID and BODY[] of "* n FETCH (... UID u ... BODY[] {})"; false for other responses.
bool parse_fetch_body(const ImapResponse& r, std::string& uid, std::string& body);

class ImapBatchFetcher {
public:
    explicit ImapBatchFetcher(const ImapConfig& config);
    ~ImapBatchFetcher();
    // UID -> raw message for the UIDs of the set that the mailbox holds (others are left out).
    core::Result<std::map<std::string, std::string>, MailError> fetch(
        const std::vector<std::string>& uids);

private:
    core::Result<void, MailError> open();
    core::Result<std::vector<ImapResponse>, MailError> run(const std::string& commands,
                                                           const std::string& last_tag);
    const ImapConfig& config_;
    RawChannel channel_;
    bool open_ = false;
    unsigned tag_ = 0;
};

}  // namespace ck::mail::detail
