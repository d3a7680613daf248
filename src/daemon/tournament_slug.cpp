// A tournament's id from its name (tournament_slug.hpp).
#include "daemon/tournament_slug.hpp"

#include <cctype>

namespace ck::daemon {
namespace {

// The ASCII letters of a Latin letter with a diacritic (U+00C0..U+017F), as a tournament id
// spells it ("Ünïcode Cup" -> unicode-cup); empty for any other code point.
std::string latin_ascii(char32_t cp) {
    // U+00C0..U+00FF, one entry per code point ("" for the signs × and ÷).
    static const char* const Latin1[64] = {
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",
        "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",
        "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y"};
    // U+0100..U+017F (Latin Extended-A), one letter per code point ('?': the ligatures below).
    static const char* const ExtA =
        "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii??jjkkkllllllllllnnnnnnnnnoooooo??"
        "rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";
    if (cp >= 0xC0 && cp <= 0xFF) return Latin1[cp - 0xC0];
    if (cp == 0x152 || cp == 0x153) return "oe";
    if (cp == 0x132 || cp == 0x133) return "ij";
    if (cp >= 0x100 && cp <= 0x17F) return std::string(1, ExtA[cp - 0x100]);
    return {};
}

}  // namespace

std::string tournament_slug(const std::string& name) {
    std::string out;
    bool dash = false;
    const auto letters = [&](const std::string& s) {
        if (dash && !out.empty()) out += '-';
        out += s;
        dash = false;
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (std::isalnum(c) != 0 && c < 0x80) {
            letters(std::string(1, static_cast<char>(std::tolower(c))));
            continue;
        }
        // A two-byte UTF-8 sequence: a Latin letter with a diacritic keeps its letter.
        if ((c & 0xE0) == 0xC0 && i + 1 < name.size() &&
            (static_cast<unsigned char>(name[i + 1]) & 0xC0) == 0x80) {
            const char32_t cp = static_cast<char32_t>(
                ((c & 0x1F) << 6) | (static_cast<unsigned char>(name[i + 1]) & 0x3F));
            if (const std::string a = latin_ascii(cp); !a.empty()) {
                letters(a);
                ++i;
                continue;
            }
        }
        dash = true;
    }
    if (out.size() > 40) out.resize(40);
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? std::string("tournament") : out;
}

}  // namespace ck::daemon
