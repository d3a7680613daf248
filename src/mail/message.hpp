#pragma once
// MailMessage: the parsed view of one incoming mail (docs/mail-protocol.md, "What the referee
// reads" and "Who may act"). Knows nothing of games: it only decodes and classifies.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "mail/error.hpp"

namespace ck::mail {

struct MailMessage {
    std::string from_address;               // lower-cased addr-spec of the first From mailbox
    std::string from_name;                  // display name, RFC 2047 decoded, UTF-8, quotes removed
    std::vector<std::string> to;            // addr-specs of To, lower-cased
    std::vector<std::string> cc;            // addr-specs of Cc, lower-cased
    std::vector<std::string> delivered_to;  // every Delivered-To, topmost first, lower-cased
    // Where the mail was delivered to: Delivered-To, X-Original-To and Envelope-To values
    // (in that order, without duplicates). Holds the plus-address with the token when the
    // receiving server adds these headers (postfix+dovecot do); otherwise fall back to `to`.
    std::vector<std::string> envelope_recipients;
    std::string subject;                  // RFC 2047 decoded, UTF-8
    std::string message_id;               // without angle brackets; empty if missing
    std::string in_reply_to;              // first msg-id, without angle brackets
    std::vector<std::string> references;  // msg-ids without angle brackets, oldest first
    std::string auto_submitted;           // keyword, lower-cased; parameters and comments dropped
    std::string precedence;               // header value, lower-cased
    std::optional<std::string> return_path;  // nullopt: no header; "": null path "<>"
    std::string content_type;                // top-level "type/subtype", lower-cased
    std::string full_text;  // the whole chosen text part, decoded to UTF-8, LF line ends
    std::string body_text;  // only the new text (reply_text.hpp's extract_new_text)
    bool has_autoreply_header = false;  // X-Autoreply or X-Autorespond present
    // Every Authentication-Results value (RFC 8601), topmost (added last) first, unparsed:
    // mail/authentication_results.hpp parses one.
    std::vector<std::string> authentication_results;

    // docs/mail-protocol.md "Who may act": Auto-Submitted other than "no", Precedence
    // bulk|junk|list, a bounce (From MAILER-DAEMON or postmaster, empty Return-Path,
    // multipart/report), or an X-Autoreply / X-Autorespond header.
    bool is_automatic() const;
};

// Parses raw RFC 5322 bytes (CRLF or LF). Never throws; mimetic's exceptions are caught.
[[nodiscard]] core::Result<MailMessage, ParseError> parse_message(std::string_view raw);

// Addresses in an address-list header value: lower-cased addr-specs and decoded display names.
struct ParsedAddress {
    std::string name;
    std::string address;
};
std::vector<ParsedAddress> parse_address_list(std::string_view value);

}  // namespace ck::mail
