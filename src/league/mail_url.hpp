#pragma once
// The URL of the configuration's imap.url and smtp.url (README "Configuration"), read by the
// configuration's check (config.hpp) and by the transports' settings (transport_config.hpp).
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/result.hpp"

namespace ck::league {

// scheme://HOST[:PORT][/PATH] as imap.url and smtp.url take it.
struct MailUrl {
    std::string scheme;  // lower-case, one of the two schemes asked for
    std::string server;  // scheme://HOST[:PORT], no path
    std::string path;    // percent-decoded, without the leading '/'; may be empty
};

// Accepts the schemes `plain` (STARTTLS or none) and `tls` (implicit TLS), any case. Refused:
// other schemes, an empty host, user info ("user:password@": credentials belong in
// *.user / *.password_file), a query, a fragment, ';' parameters, bad %-escapes, control
// characters. Every refusal is Invalid (core/error.hpp: a configuration value that retrying
// reads the same); its detail never repeats the URL (it may hold a password).
[[nodiscard]] core::Result<MailUrl, core::Error> parse_mail_url(const std::string& url,
                                                                std::string_view plain,
                                                                std::string_view tls);

}  // namespace ck::league
