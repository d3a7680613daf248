#pragma once
// HTML escaping shared by the mail templates (compose) and the crosstables (club).
#include <string>
#include <string_view>

namespace ck::core {

// &, <, >, " and ' escaped for HTML text and attribute values; other bytes (UTF-8 included)
// pass through.
std::string html_escape(std::string_view s);

}  // namespace ck::core
