// imap.url and smtp.url (mail_url.hpp).
#include "league/mail_url.hpp"

#include "core/text.hpp"

namespace ck::league {
namespace {

int hex_value(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

// The refusal of a URL: a configuration value that is wrong.
core::Unexpected<core::Error> refused(std::string why) {
    return core::unexpected(core::invalid_error(std::move(why)));
}

}  // namespace

core::Result<MailUrl, core::Error> parse_mail_url(const std::string& url, std::string_view plain,
                                                  std::string_view tls) {
    const std::string expected =
        "expected " + std::string(plain) + "://HOST[:PORT] or " + std::string(tls) + "://...";
    for (const char ch : url) {
        if (static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7f)
            return refused("blanks and control characters are not allowed in a URL");
    }
    const auto sep = url.find("://");
    if (sep == std::string::npos) return refused(expected);
    MailUrl u;
    u.scheme = core::lower_ascii(url.substr(0, sep));
    if (u.scheme != plain && u.scheme != tls) return refused(expected);
    const auto slash = url.find('/', sep + 3);
    const std::string authority =
        url.substr(sep + 3, slash == std::string::npos ? std::string::npos : slash - sep - 3);
    if (authority.find('@') != std::string::npos)
        return refused("no user or password in the URL: use the user and password_file keys");
    if (authority.empty() || authority.front() == ':') return refused("the URL has no host");
    if (authority.find_first_of("?#;") != std::string::npos)
        return refused("no query, fragment or ';' parameters in the URL");
    u.server = u.scheme + "://" + authority;
    if (slash == std::string::npos) return u;
    const std::string raw = url.substr(slash + 1);
    if (raw.find_first_of("?#;") != std::string::npos)
        return refused("no query, fragment or ';' parameters in the URL");
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '%') {
            u.path += raw[i];
            continue;
        }
        const int hi = i + 2 < raw.size() ? hex_value(raw[i + 1]) : -1;
        const int lo = hi >= 0 ? hex_value(raw[i + 2]) : -1;
        if (lo < 0) return refused("bad %-escape in the URL path");
        const char decoded = static_cast<char>(hi * 16 + lo);
        if (static_cast<unsigned char>(decoded) < 0x20)
            return refused("control characters are not allowed in the URL path");
        u.path += decoded;
        i += 2;
    }
    while (!u.path.empty() && u.path.back() == '/') u.path.pop_back();
    return u;
}

}  // namespace ck::league
