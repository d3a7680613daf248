#pragma once
// How a mail connection (SMTP, IMAP, the raw pipelined channel) uses TLS. Its own header so the
// transports below SmtpSink (curl_handle.hpp, raw_channel.hpp) and the configurations
// (smtp.hpp, imap_config.hpp) name it without including one another.

namespace ck::mail {

enum class TlsMode : unsigned char {
    None,      // plain (or implicit TLS given by an smtps:// / imaps:// URL)
    Try,       // STARTTLS when offered (CURLUSESSL_TRY)
    Required,  // STARTTLS or fail (CURLUSESSL_ALL)
};

}  // namespace ck::mail
