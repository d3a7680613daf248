#include "daemon/transport_config.hpp"

#include <cctype>

#include "core/text.hpp"

namespace ck::daemon {

core::Result<mail::ImapConfig, std::string> imap_client_config(const Config& c) {
    auto url = parse_mail_url(c.imap_url, "imap", "imaps");
    if (!url) return core::unexpected("imap.url: " + url.error());
    mail::ImapConfig out;
    out.url = url->server;
    out.mailbox = url->path.empty() ? std::string("INBOX") : url->path;
    if (c.imap_user.empty()) return core::unexpected(std::string("imap.user is not set"));
    out.username = c.imap_user;
    if (c.imap_password_file.empty())
        return core::unexpected(std::string("imap.password_file is not set (source = imap)"));
    auto password = read_secret_file(c.imap_password_file, 1);
    if (!password) return core::unexpected("imap.password_file: " + password.error().message);
    out.password = std::move(*password);
    out.done_folder = c.imap_processed_folder;
    out.tls =
        url->scheme == "imap" && c.imap_starttls ? mail::TlsMode::Required : mail::TlsMode::None;
    out.verify_tls_peer = c.imap_verify_tls;
    out.ca_file = c.imap_ca_file;
    return out;
}

core::Result<mail::SmtpConfig, std::string> smtp_client_config(const Config& c) {
    auto url = parse_mail_url(c.smtp_url, "smtp", "smtps");
    if (!url) return core::unexpected("smtp.url: " + url.error());
    if (!url->path.empty())
        return core::unexpected(std::string("smtp.url: expected no path: smtp://HOST[:PORT]"));
    mail::SmtpConfig out;
    out.url = url->server;
    const auto at = c.referee_address.rfind('@');
    if (at != std::string::npos && at + 1 < c.referee_address.size())
        out.helo_name = c.referee_address.substr(at + 1);
    if (!c.smtp_user.empty()) {
        if (c.smtp_password_file.empty())
            return core::unexpected(std::string("smtp.user is set but smtp.password_file is not"));
        auto password = read_secret_file(c.smtp_password_file, 1);
        if (!password) return core::unexpected("smtp.password_file: " + password.error().message);
        out.username = c.smtp_user;
        out.password = std::move(*password);
    } else if (!c.smtp_password_file.empty()) {
        return core::unexpected(std::string("smtp.password_file is set but smtp.user is not"));
    }
    out.tls =
        url->scheme == "smtp" && c.smtp_starttls ? mail::TlsMode::Required : mail::TlsMode::None;
    out.verify_tls_peer = c.smtp_verify_tls;
    out.ca_file = c.smtp_ca_file;
    return out;
}

}  // namespace ck::daemon
