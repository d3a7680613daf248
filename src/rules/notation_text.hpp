#pragma once
// Internal helpers shared by the notation files (not part of the rules API).
#include <string>
#include <string_view>

namespace ck::rules::notation {

// The user's text as it may appear inside an error message: at most 40 characters, control
// characters and other bytes outside printable ASCII shown as '?'.
inline std::string printable(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 40)) {
        auto u = static_cast<unsigned char>(c);
        out += (u >= 0x20 && u < 0x7f) ? c : '?';
    }
    if (text.size() > 40) out += "...";
    return out;
}

}  // namespace ck::rules::notation
