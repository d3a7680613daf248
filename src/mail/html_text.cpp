#include "mail/html_text.hpp"

#include <cctype>
#include <cstdint>
#include <vector>

#include "core/text.hpp"
#include "mail/codec.hpp"

namespace ck::mail {
namespace {

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp == 0xA0) cp = ' ';
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

struct Entity {
    const char* name;
    std::uint32_t cp;
};
constexpr Entity Entities[] = {
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},        {"quot", '"'},     {"apos", '\''},
    {"nbsp", 0xA0},    {"copy", 0xA9},    {"reg", 0xAE},      {"laquo", 0xAB},   {"raquo", 0xBB},
    {"auml", 0xE4},    {"ouml", 0xF6},    {"uuml", 0xFC},     {"Auml", 0xC4},    {"Ouml", 0xD6},
    {"Uuml", 0xDC},    {"szlig", 0xDF},   {"eacute", 0xE9},   {"egrave", 0xE8},  {"agrave", 0xE0},
    {"ccedil", 0xE7},  {"ndash", 0x2013}, {"mdash", 0x2014},  {"lsquo", 0x2018}, {"rsquo", 0x2019},
    {"ldquo", 0x201C}, {"rdquo", 0x201D}, {"hellip", 0x2026}, {"euro", 0x20AC},  {"middot", 0xB7},
    {"times", 0xD7},   {"bull", 0x2022},  {"zwnj", 0x200C},   {"shy", 0xAD},
};

// Decodes the reference starting at html[i] == '&'; returns chars consumed (0 = not one).
size_t decode_entity(std::string_view html, size_t i, std::string& out) {
    const size_t semi = html.find(';', i);
    if (semi == std::string_view::npos || semi - i > 12) return 0;
    std::string_view body = html.substr(i + 1, semi - i - 1);
    if (body.empty()) return 0;
    if (body[0] == '#') {
        std::uint32_t cp = 0;
        const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
        std::string_view digits = body.substr(hex ? 2 : 1);
        if (digits.empty()) return 0;
        for (char c : digits) {
            const int v =
                hex ? hex_value(c) : (std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : -1);
            if (v < 0) return 0;
            cp = cp * (hex ? 16 : 10) + static_cast<std::uint32_t>(v);
            if (cp > 0x10FFFF) cp = 0x110000;
        }
        append_utf8(out, cp);
        return semi - i + 1;
    }
    for (const Entity& e : Entities) {
        if (body == e.name) {
            if (e.cp != 0xAD && e.cp != 0x200C) append_utf8(out, e.cp);
            return semi - i + 1;
        }
    }
    return 0;
}

bool is_block_tag(const std::string& t) {
    static const char* const Blocks[] = {"br",    "p",   "div",        "tr",   "li",  "ul", "ol",
                                         "table", "h1",  "h2",         "h3",   "h4",  "h5", "h6",
                                         "hr",    "pre", "blockquote", "body", "html"};
    for (const char* b : Blocks)
        if (t == b) return true;
    return false;
}

// An element that opens the quoted original in the HTML that mail clients write when they
// reply: Gmail's `gmail_quote`, Outlook's `divRplyFwdMsg` / `appendonsend` /
// `OutlookMessageHeader`, Yahoo's `yahoo_quoted`, Thunderbird's `moz-cite-prefix`. `tag` is the
// text between '<' and '>'.
bool opens_quoted_original(std::string_view tag) {
    static const char* const Markers[] = {"gmail_quote",          "divrplyfwdmsg",
                                          "appendonsend",         "yahoo_quoted",
                                          "outlookmessageheader", "moz-cite-prefix"};
    const std::string l = core::lower_ascii(tag);
    if (l.find("class") == std::string::npos && l.find("id") == std::string::npos) return false;
    for (const char* m : Markers)
        if (l.find(m) != std::string::npos) return true;
    return false;
}

}  // namespace

std::string html_to_text(std::string_view html) {
    std::vector<std::string> lines;
    std::string cur;
    int quote_depth = 0;
    int pre_depth = 0;
    bool pending_space = false;
    auto break_line = [&] {
        std::string line;
        for (int d = 0; d < quote_depth; ++d) line += "> ";
        while (!cur.empty() && cur.back() == ' ') cur.pop_back();
        line += cur;
        if (quote_depth > 0 && cur.empty()) line.pop_back();
        lines.push_back(line);
        cur.clear();
        pending_space = false;
    };
    size_t i = 0;
    while (i < html.size()) {
        const char c = html[i];
        if (c == '<') {
            if (html.compare(i, 4, "<!--") == 0) {
                const size_t end = html.find("-->", i + 4);
                i = end == std::string_view::npos ? html.size() : end + 3;
                continue;
            }
            const size_t end = html.find('>', i);
            if (end == std::string_view::npos) break;
            std::string_view tag = html.substr(i + 1, end - i - 1);
            const bool closing = !tag.empty() && tag[0] == '/';
            if (closing) tag.remove_prefix(1);
            size_t n = 0;
            while (n < tag.size() &&
                   (std::isalnum(static_cast<unsigned char>(tag[n])) || tag[n] == '!'))
                ++n;
            const std::string name = core::lower_ascii(tag.substr(0, n));
            i = end + 1;
            if (!closing && opens_quoted_original(tag)) break;  // the rest is the original
            if (!closing &&
                (name == "head" || name == "style" || name == "script" || name == "title")) {
                const std::string close = "</" + name;
                size_t j = i;
                while (j < html.size()) {
                    j = html.find("</", j);
                    if (j == std::string_view::npos) break;
                    if (core::lower_ascii(html.substr(j, close.size())) == close) break;
                    j += 2;
                }
                if (j == std::string_view::npos) {
                    i = html.size();
                } else {
                    const size_t gt = html.find('>', j);
                    i = gt == std::string_view::npos ? html.size() : gt + 1;
                }
                continue;
            }
            if (name == "pre") pre_depth += closing ? -1 : 1;
            if (pre_depth < 0) pre_depth = 0;
            if (is_block_tag(name)) {
                // <br> always breaks; other blocks break only if the line has content.
                if (name == "br" || !cur.empty()) break_line();
                if (name == "p" && closing && (lines.empty() || !lines.back().empty())) {
                    // a paragraph end leaves one blank line, like a browser
                    break_line();
                }
                if (name == "blockquote") {
                    if (!cur.empty()) break_line();
                    quote_depth += closing ? -1 : 1;
                    if (quote_depth < 0) quote_depth = 0;
                }
            } else if (name == "td" || name == "th") {
                if (!closing && !cur.empty()) pending_space = true;
            }
            continue;
        }
        if (c == '&') {
            std::string decoded;
            if (const size_t used = decode_entity(html, i, decoded); used > 0) {
                if (pending_space && !cur.empty()) cur += ' ';
                pending_space = false;
                cur += decoded;
                i += used;
                continue;
            }
        }
        if (c == '\r') {
            ++i;
            continue;
        }
        if (pre_depth > 0 && c == '\n') {
            break_line();
            ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n') {
            if (pre_depth > 0) {
                cur += c;
            } else {
                pending_space = true;
            }
            ++i;
            continue;
        }
        // U+00A0 as raw UTF-8
        if (static_cast<unsigned char>(c) == 0xC2 && i + 1 < html.size() &&
            static_cast<unsigned char>(html[i + 1]) == 0xA0) {
            if (pending_space && !cur.empty()) cur += ' ';
            pending_space = false;
            cur += ' ';
            i += 2;
            continue;
        }
        if (pending_space && !cur.empty()) cur += ' ';
        pending_space = false;
        cur += c;
        ++i;
    }
    if (!cur.empty()) break_line();
    // Collapse runs of blank lines to one, drop leading and trailing blank lines.
    std::string out;
    bool prev_blank = true;
    for (const std::string& l : lines) {
        const bool blank = l.find_first_not_of(" >") == std::string::npos;
        if (blank && prev_blank) continue;
        out += l;
        out += '\n';
        prev_blank = blank;
    }
    while (out.size() >= 2 && out[out.size() - 2] == '\n') out.pop_back();
    if (out == "\n") out.clear();
    return out;
}

}  // namespace ck::mail
