#include "daemon/transport_config.hpp"

#include <cctype>

#include "core/text.hpp"

namespace ck::daemon {

using league::Config;
using league::ConfigError;
using league::parse_mail_url;
using league::read_secret_file;
using league::secret_error_kind;
namespace {

// A key of the configuration that is missing or wrong.
core::Unexpected<core::Error> bad_key(std::string detail) {
    return core::unexpected(core::invalid_error(std::move(detail)));
}

// `key`'s password file could not be read as a secret (read_secret_file).
core::Unexpected<core::Error> bad_password_file(std::string_view key, const ConfigError& e) {
    return core::unexpected(core::Error{secret_error_kind(e), std::string(key) + ": " + e.message});
}

}  // namespace

core::Result<mail::ImapConfig, core::Error> imap_client_config(const Config& c) {
    auto url = parse_mail_url(c.imap_url, "imap", "imaps");
    if (!url) return core::unexpected(core::with_context(url.error(), "imap.url"));
    mail::ImapConfig out;
    out.url = url->server;
    out.mailbox = url->path.empty() ? std::string("INBOX") : url->path;
    if (c.imap_user.empty()) return bad_key("imap.user is not set");
    out.username = c.imap_user;
    if (c.imap_password_file.empty())
        return bad_key("imap.password_file is not set (source = imap)");
    auto password = read_secret_file(c.imap_password_file, 1);
    if (!password) return bad_password_file("imap.password_file", password.error());
    out.password = std::move(*password);
    out.done_folder = c.imap_processed_folder;
    out.tls =
        url->scheme == "imap" && c.imap_starttls ? mail::TlsMode::Required : mail::TlsMode::None;
    out.verify_tls_peer = c.imap_verify_tls;
    out.ca_file = c.imap_ca_file;
    return out;
}

core::Result<mail::SmtpConfig, core::Error> smtp_client_config(const Config& c) {
    auto url = parse_mail_url(c.smtp_url, "smtp", "smtps");
    if (!url) return core::unexpected(core::with_context(url.error(), "smtp.url"));
    if (!url->path.empty()) return bad_key("smtp.url: expected no path: smtp://HOST[:PORT]");
    mail::SmtpConfig out;
    out.url = url->server;
    const auto at = c.referee_address.rfind('@');
    if (at != std::string::npos && at + 1 < c.referee_address.size())
        out.helo_name = c.referee_address.substr(at + 1);
    if (!c.smtp_user.empty()) {
        if (c.smtp_password_file.empty())
            return bad_key("smtp.user is set but smtp.password_file is not");
        auto password = read_secret_file(c.smtp_password_file, 1);
        if (!password) return bad_password_file("smtp.password_file", password.error());
        out.username = c.smtp_user;
        out.password = std::move(*password);
    } else if (!c.smtp_password_file.empty()) {
        return bad_key("smtp.password_file is set but smtp.user is not");
    }
    out.tls =
        url->scheme == "smtp" && c.smtp_starttls ? mail::TlsMode::Required : mail::TlsMode::None;
    out.verify_tls_peer = c.smtp_verify_tls;
    out.ca_file = c.smtp_ca_file;
    return out;
}

}  // namespace ck::daemon
