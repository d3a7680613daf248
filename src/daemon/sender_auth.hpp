#pragma once
// Sender authentication by the club's own MTA (README "Sender authentication"): when
// mail.trusted_authserv_id is set, a mail may act only if the topmost Authentication-Results
// header (RFC 8601) whose authserv-id is that id says
//   dmarc=pass, or
//   dkim=pass with header.d equal to the From domain, or
//   spf=pass with smtp.mailfrom in the From domain (that domain or a subdomain of it).
// Only the topmost header of that id counts: the club's MTA adds its header above everything
// the sender wrote, so a copy with the same id lower in the header block is a forgery and is
// ignored, as are headers of other authserv-ids. The MTA must remove (or rename) incoming
// headers that claim its own id (RFC 8601 section 5); an MTA that does not is not trustable.
#include <string>

#include "mail/message.hpp"

namespace ck::daemon {

struct SenderCheck {
    bool pass = false;
    std::string detail;  // for the operator log: which result passed, or why none did
};

// `trusted_authserv_id` empty: not checked (always pass).
SenderCheck check_sender_authentication(const mail::MailMessage& message,
                                        const std::string& trusted_authserv_id);

}  // namespace ck::daemon
