#include "daemon/transport_config.hpp"

#include <cctype>

#include "core/text.hpp"

namespace ck::daemon {
namespace {

int hex_value(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

}  // namespace

core::Result<MailUrl, std::string> parse_mail_url(const std::string& url, std::string_view plain,
                                                  std::string_view tls) {
    const std::string expected =
        "expected " + std::string(plain) + "://HOST[:PORT] or " + std::string(tls) + "://...";
    for (const char ch : url) {
        if (static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7f)
            return core::unexpected("blanks and control characters are not allowed in a URL");
    }
    const auto sep = url.find("://");
    if (sep == std::string::npos) return core::unexpected(expected);
    MailUrl u;
    u.scheme = core::lower_ascii(url.substr(0, sep));
    if (u.scheme != plain && u.scheme != tls) return core::unexpected(expected);
    const auto slash = url.find('/', sep + 3);
    const std::string authority =
        url.substr(sep + 3, slash == std::string::npos ? std::string::npos : slash - sep - 3);
    if (authority.find('@') != std::string::npos)
        return core::unexpected(
            "no user or password in the URL: use the user and password_file keys");
    if (authority.empty() || authority.front() == ':')
        return core::unexpected("the URL has no host");
    if (authority.find_first_of("?#;") != std::string::npos)
        return core::unexpected("no query, fragment or ';' parameters in the URL");
    u.server = u.scheme + "://" + authority;
    if (slash == std::string::npos) return u;
    const std::string raw = url.substr(slash + 1);
    if (raw.find_first_of("?#;") != std::string::npos)
        return core::unexpected("no query, fragment or ';' parameters in the URL");
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '%') {
            u.path += raw[i];
            continue;
        }
        const int hi = i + 2 < raw.size() ? hex_value(raw[i + 1]) : -1;
        const int lo = hi >= 0 ? hex_value(raw[i + 2]) : -1;
        if (lo < 0) return core::unexpected("bad %-escape in the URL path");
        const char decoded = static_cast<char>(hi * 16 + lo);
        if (static_cast<unsigned char>(decoded) < 0x20)
            return core::unexpected("control characters are not allowed in the URL path");
        u.path += decoded;
        i += 2;
    }
    while (!u.path.empty() && u.path.back() == '/') u.path.pop_back();
    return u;
}

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
