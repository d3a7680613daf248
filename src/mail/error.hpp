#pragma once
// Errors of the mail module. Parse errors are bad input (tier 2); MailError is the IoError of
// the environment tier (IMAP, SMTP, Maildir), converted at this module's edge.
#include <string>

namespace ck::mail {

enum class ParseErrorCode : unsigned char { Empty, Malformed, NoHeaders };

struct ParseError {
    ParseErrorCode code = ParseErrorCode::Malformed;
    std::string message;
};

enum class MailErrorCode : unsigned char {
    Connect,      // could not reach or log in to the server
    Certificate,  // the server's TLS certificate failed verification, or the CA file is bad
    Protocol,     // the server answered something unexpected
    Rejected,     // the server refused (SMTP 4xx/5xx, IMAP NO/BAD)
    NotFound,     // no such message
    Filesystem,   // Maildir I/O
    InvalidInput  // bad argument from the caller (empty recipient list, bad id, ...)
};

// transient: retrying later may succeed (SMTP 4xx, connection errors, timeouts);
// otherwise permanent (SMTP 5xx, bad input). The outbox spool owns the retry policy.
struct MailError {
    MailErrorCode code = MailErrorCode::Protocol;
    std::string message;
    long response_code = 0;  // SMTP reply code when one was received, else 0
    bool transient = false;
};

}  // namespace ck::mail
