#pragma once
// SMTP with PIPELINING (RFC 2920) for SmtpSink: MAIL FROM, every RCPT TO and DATA go out in one
// write and their replies are read together, then the message; two round trips per mail where
// libcurl needs four. libcurl still opens the connection (EHLO, STARTTLS, AUTH, certificate
// checks; mail/raw_channel.hpp). Private to the mail module.
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "mail/error.hpp"
#include "mail/raw_channel.hpp"

namespace ck::mail::detail {

// "250-..." lines up to "250 ...": the code (0 when malformed) and the text of the last line.
struct SmtpReply {
    int code = 0;
    std::string text;
    std::vector<std::string> lines;  // every line without its code and separator
};

// Takes one complete reply off the front of `buffer`; false when more bytes are needed.
bool take_smtp_reply(std::string& buffer, SmtpReply& out);

// Dot-stuffs CRLF text (RFC 5321 section 4.5.2) and appends the end-of-data line.
std::string dot_stuff(const std::string& crlf_text);

class SmtpPipeline {
public:
    // `login.url` carries the EHLO name as its path, as libcurl wants it.
    SmtpPipeline(RawLogin login, std::string helo_name);
    ~SmtpPipeline();  // says QUIT (best effort) on an open connection
    SmtpPipeline(const SmtpPipeline&) = delete;
    SmtpPipeline& operator=(const SmtpPipeline&) = delete;
    // The outcome of sending, or nullopt when this server cannot be used this way (cannot be
    // reached, or no PIPELINING): the caller then sends with libcurl, which reports the
    // failure itself.
    std::optional<core::Result<void, MailError>> send(const std::string& from,
                                                      const std::vector<std::string>& rcpts,
                                                      const std::string& crlf_message);

private:
    core::Result<SmtpReply, MailError> read_reply();
    bool connect();
    MailError refusal(const std::string& stage, const SmtpReply& r) const;
    RawLogin login_;
    std::string helo_;
    RawChannel channel_;
    std::string buffer_;
    bool unsupported_ = false;
};

}  // namespace ck::mail::detail
