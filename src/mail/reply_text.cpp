#include "mail/reply_text.hpp"

#include <cctype>
#include <vector>

namespace ck::mail {
namespace {

std::vector<std::string> split_lines(std::string_view text) {
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos) {
            if (pos < text.size()) lines.emplace_back(text.substr(pos));
            break;
        }
        lines.emplace_back(text.substr(pos, eol - pos));
        pos = eol + 1;
    }
    return lines;
}

std::string rstrip(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    return s;
}

std::string_view ltrim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) {
    return s.find(p) != std::string_view::npos;
}

bool is_quoted(std::string_view line) { return starts_with(ltrim(line), ">"); }
bool is_blank(std::string_view line) { return ltrim(line).empty(); }

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool is_original_message_separator(std::string_view line) {
    const std::string l = lower_ascii(ltrim(line));
    if (starts_with(l, "-----") &&
        (contains(l, "original message") || contains(l, "ursprüngliche nachricht") ||
         contains(l, "message d'origine") || contains(l, "forwarded message")))
        return true;
    // Outlook draws a line of underscores above its header block.
    return l.size() >= 10 && l.find_first_not_of('_') == std::string::npos;
}

bool is_header_line(std::string_view line, std::initializer_list<std::string_view> names) {
    const std::string l = lower_ascii(ltrim(line));
    for (std::string_view n : names)
        if (starts_with(l, n)) return true;
    return false;
}

// Outlook's plain-text original: "From: ..." then "Sent: ..." (or Date:) within four lines.
bool is_outlook_header_block(const std::vector<std::string>& lines, size_t i) {
    if (!is_header_line(lines[i], {"from:", "von:", "de :", "de:"})) return false;
    for (size_t k = i + 1; k < lines.size() && k <= i + 4; ++k)
        if (is_header_line(lines[k], {"sent:", "date:", "gesendet:", "datum:", "envoyé :",
                                      "envoyé:", "enviado:"}))
            return true;
    return false;
}

// Attribution recognised on `joined` (one or more lines joined by spaces).
bool is_attribution_text(std::string_view joined, bool single_line) {
    const std::string l = lower_ascii(rstrip(std::string(ltrim(joined))));
    if (l.empty() || l.back() != ':') return false;
    if (starts_with(l, "on ") && ends_with(l, "wrote:")) return true;
    if (starts_with(l, "am ") && contains(l, "schrieb")) return true;
    if (starts_with(l, "le ") && (ends_with(l, "a écrit :") || ends_with(l, "a écrit:")))
        return true;
    if (starts_with(l, "el ") && ends_with(l, "escribió:")) return true;
    if (starts_with(l, "il ") && ends_with(l, "ha scritto:")) return true;
    if (starts_with(l, "op ") && contains(l, "schreef")) return true;
    if (single_line && starts_with(l, "* ") && ends_with(l, "]:")) return true;  // mutt
    return false;
}

// Number of lines (1..3) forming an attribution at lines[i], or 0.
size_t attribution_length(const std::vector<std::string>& lines, size_t i) {
    if (is_blank(lines[i]) || is_quoted(lines[i])) return 0;
    std::string joined;
    for (size_t k = 0; k < 3 && i + k < lines.size(); ++k) {
        if (is_blank(lines[i + k]) || is_quoted(lines[i + k])) break;
        if (k > 0) joined += ' ';
        joined += rstrip(lines[i + k]);
        if (is_attribution_text(joined, k == 0)) return k + 1;
    }
    return 0;
}

// Index of the next non-blank line at or after i, or lines.size().
size_t next_non_blank(const std::vector<std::string>& lines, size_t i) {
    while (i < lines.size() && is_blank(lines[i])) ++i;
    return i;
}

// A line ending in ':' that names an address or says "wrote" right before a quote is an
// attribution in some form we do not know by name.
bool is_generic_attribution(const std::vector<std::string>& lines, size_t i) {
    const std::string l = lower_ascii(rstrip(lines[i]));
    if (l.empty() || l.back() != ':' || is_quoted(l)) return false;
    if (!contains(l, "@") && !contains(l, "wrote") && !contains(l, "writes")) return false;
    const size_t j = next_non_blank(lines, i + 1);
    return j < lines.size() && is_quoted(lines[j]);
}

}  // namespace

std::string unflow(std::string_view text, bool delsp) {
    std::vector<std::string> out;
    int open_depth = -1;  // depth of the paragraph still open (last line was flowed), or -1
    for (const std::string& raw : split_lines(text)) {
        std::string_view line = raw;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        int depth = 0;
        while (!line.empty() && line.front() == '>') {
            ++depth;
            line.remove_prefix(1);
        }
        if (!line.empty() && line.front() == ' ') line.remove_prefix(1);  // space-stuffing
        const bool sig = line == "-- ";
        const bool flowed = !sig && !line.empty() && line.back() == ' ';
        std::string content(line);
        if (flowed && delsp) content.pop_back();
        if (open_depth == depth && !out.empty()) {
            out.back() += content;
        } else {
            std::string prefix =
                depth > 0 ? std::string(static_cast<size_t>(depth), '>') + " " : "";
            out.push_back(prefix + content);
        }
        open_depth = flowed ? depth : -1;
    }
    std::string joined;
    for (const std::string& l : out) {
        joined += l;
        joined += '\n';
    }
    return joined;
}

std::string extract_new_text(std::string_view text) {
    const std::vector<std::string> lines = split_lines(text);
    std::vector<std::string> kept;
    size_t i = 0;
    while (i < lines.size()) {
        const std::string& raw = lines[i];
        std::string_view no_cr = raw;
        if (!no_cr.empty() && no_cr.back() == '\r') no_cr.remove_suffix(1);
        if (no_cr == "-- " || no_cr == "--") break;
        if (is_original_message_separator(raw) || is_outlook_header_block(lines, i)) break;
        if (is_quoted(raw)) {
            ++i;
            continue;
        }
        size_t attribution = attribution_length(lines, i);
        if (attribution == 0 && is_generic_attribution(lines, i)) attribution = 1;
        if (attribution > 0) {
            const size_t j = next_non_blank(lines, i + attribution);
            if (j < lines.size() && !is_quoted(lines[j])) break;
            i += attribution;
            continue;
        }
        kept.push_back(rstrip(raw));
        ++i;
    }
    size_t b = 0;
    size_t e = kept.size();
    while (b < e && kept[b].empty()) ++b;
    while (e > b && kept[e - 1].empty()) --e;
    std::string out;
    for (size_t k = b; k < e; ++k) {
        if (kept[k].empty() && kept[k - 1].empty()) continue;  // one blank line is enough
        if (k > b) out += '\n';
        out += kept[k];
    }
    return out;
}

}  // namespace ck::mail
