#include "daemon/sender_auth.hpp"

#include "core/text.hpp"
#include "mail/authentication_results.hpp"

namespace ck::daemon {
namespace {

// The domain of an address or a bare domain, lower-cased, without a trailing dot.
std::string domain_of(const std::string& address_or_domain) {
    std::string d = core::lower_ascii(address_or_domain.substr(address_or_domain.rfind('@') + 1));
    while (!d.empty() && d.back() == '.') d.pop_back();
    return d;
}

bool same_or_subdomain(const std::string& d, const std::string& of) {
    if (d.empty() || of.empty()) return false;
    return d == of ||
           (d.size() > of.size() && d.compare(d.size() - of.size(), of.size(), of) == 0 &&
            d[d.size() - of.size() - 1] == '.');
}

}  // namespace

SenderCheck check_sender_authentication(const mail::MailMessage& message,
                                        const std::string& trusted_authserv_id) {
    if (trusted_authserv_id.empty()) return {true, "sender authentication not configured"};
    const std::string trusted = core::lower_ascii(trusted_authserv_id);
    const std::string from_domain = domain_of(message.from_address);
    if (message.from_address.find('@') == std::string::npos || from_domain.empty())
        return {false, "no From domain to authenticate"};
    for (const std::string& value : message.authentication_results) {
        const auto ar = mail::parse_authentication_results(value);
        if (!ar || core::lower_ascii(ar->authserv_id) != trusted) continue;
        // The topmost header of the trusted id decides alone.
        for (const mail::AuthResult& r : ar->results) {
            if (r.result != "pass") continue;
            if (r.method == "dmarc") return {true, "dmarc=pass from " + trusted};
            if (r.method == "dkim" && domain_of(r.property("header.d")) == from_domain)
                return {true, "dkim=pass header.d=" + from_domain + " from " + trusted};
            if (r.method == "spf" &&
                same_or_subdomain(domain_of(r.property("smtp.mailfrom")), from_domain))
                return {true, "spf=pass smtp.mailfrom in " + from_domain + " from " + trusted};
        }
        return {false, "the Authentication-Results of " + trusted +
                           " has no dmarc=pass, dkim=pass for " + from_domain +
                           " or spf=pass for " + from_domain};
    }
    return {false, "no Authentication-Results header of " + trusted};
}

}  // namespace ck::daemon
