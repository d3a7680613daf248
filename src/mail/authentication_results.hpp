#pragma once
// The Authentication-Results header field (RFC 8601): which checks (SPF, DKIM, DMARC, ...) a
// receiving server ran and what they gave. Only parsed here; whether to trust a header is the
// daemon's decision (daemon/sender_auth.hpp, README "Sender authentication").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ck::mail {

// One resinfo: "method=result reason=... ptype.property=value ...", names lower-cased.
struct AuthResult {
    std::string method;  // "spf", "dkim", "dmarc", ... (a method version "/1" is dropped)
    std::string result;  // "pass", "fail", "none", ...
    // ptype.property -> value ("header.d" -> "example.com"), quotes removed, in order.
    std::vector<std::pair<std::string, std::string>> properties;
    // The value of `name` (lower-case "ptype.property"), or "" when absent.
    std::string property(std::string_view name) const;
};

struct AuthenticationResults {
    std::string authserv_id;          // as written (compare case-insensitively: it is a host name)
    std::vector<AuthResult> results;  // empty for "authserv-id; none"
};

// Parses one header field value (unfolded). Comments "(...)" are skipped; quoted values are
// unquoted. nullopt when there is no authserv-id; a resinfo that does not parse is skipped.
std::optional<AuthenticationResults> parse_authentication_results(std::string_view value);

}  // namespace ck::mail
