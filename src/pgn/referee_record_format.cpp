// Annotation syntax of referee and player records (grammar in referee_record.hpp).
#include "pgn/referee_record_format.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace ck::pgn::record {
namespace {

using referee::Announcement;
using referee::AnnouncementType;

constexpr std::size_t MaxColumns = 80;

bool bare_char(char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return std::string_view("+#=@/._~!?-").find(c) != std::string_view::npos;
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Fields in the order they are written. The result is no string member (nullptr): it is
// written with referee::result_text and read with referee::parse_result.
struct Field {
    std::string_view key;
    std::string Announcement::*member;
};
constexpr Field Fields[] = {
    {"move", &Announcement::move},           {"answer", &Announcement::answer},
    {"attempt", &Announcement::attempt},     {"piece", &Announcement::piece},
    {"square", &Announcement::square},       {"placed", &Announcement::placed},
    {"direction", &Announcement::direction}, {"result", nullptr},
    {"reason", &Announcement::reason},
};

constexpr AnnouncementType Types[] = {
    AnnouncementType::Moved,    AnnouncementType::Illegal,   AnnouncementType::Any,
    AnnouncementType::Capture,  AnnouncementType::Drop,      AnnouncementType::Check,
    AnnouncementType::GameOver, AnnouncementType::PawnTries, AnnouncementType::Promotion};
// Every AnnouncementType once, in its order (a type missing here could be written and never read
// back): a new type is a new entry at its place, or this does not compile.
constexpr bool types_match_enum() {
    if (std::size(Types) != static_cast<std::size_t>(AnnouncementType::Promotion) + 1) return false;
    for (std::size_t i = 0; i < std::size(Types); ++i)
        if (static_cast<std::size_t>(Types[i]) != i) return false;
    return true;
}
static_assert(types_match_enum(), "Types: every AnnouncementType once, Promotion last");

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Reads a quoted value at s[i] == '"'; i ends after the closing quote.
bool read_quoted(std::string_view s, std::size_t& i, std::string& out, std::string* error) {
    ++i;
    while (i < s.size()) {
        char c = s[i];
        if (c == '"') {
            ++i;
            return true;
        }
        if (c == '\\') {
            if (i + 1 >= s.size()) break;
            char e = s[i + 1];
            if (e == '\\' || e == '"') {
                out += e;
                i += 2;
                continue;
            }
            if (e == 'x' && i + 3 < s.size() && hex_digit(s[i + 2]) >= 0 &&
                hex_digit(s[i + 3]) >= 0) {
                out += static_cast<char>(hex_digit(s[i + 2]) * 16 + hex_digit(s[i + 3]));
                i += 4;
                continue;
            }
            *error = "bad escape in a quoted value";
            return false;
        }
        if (c == '\n' || c == '\r') {
            *error = "line break inside a quoted value";
            return false;
        }
        out += c;
        ++i;
    }
    *error = "unterminated quoted value";
    return false;
}

bool is_square(std::string_view s) {
    return s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

// The pawn-tries keys (docs/rulesets.md): count=N, available=true|false, squares="c4,e4" (a
// comma list, "" when empty). True when `key` is one of them and `value` is well formed.
bool pawn_tries_field(std::string_view key, std::string_view value, Announcement& out) {
    if (key == "count") {
        if (value.empty() || value.size() > 2 ||
            !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return false;
        out.count = std::stoi(std::string(value));
        return true;
    }
    if (key == "available") {
        if (value != "true" && value != "false") return false;
        out.available = value == "true";
        return true;
    }
    if (key == "squares") {
        out.squares.emplace();
        std::size_t i = 0;
        while (i < value.size()) {
            std::size_t comma = value.find(',', i);
            if (comma == std::string_view::npos) comma = value.size();
            if (!is_square(value.substr(i, comma - i))) return false;
            out.squares->emplace_back(value.substr(i, comma - i));
            i = comma + 1;
            if (comma + 1 == value.size()) return false;  // a trailing comma
        }
        return true;
    }
    return false;
}

}  // namespace

std::string_view side_word(rules::Color c) { return c == rules::Color::White ? "white" : "black"; }

std::string encode_value(std::string_view value, bool force_quote) {
    if (!force_quote && !value.empty() && std::all_of(value.begin(), value.end(), bare_char))
        return std::string(value);
    std::string out = "\"";
    for (char c : value) {
        auto u = static_cast<unsigned char>(c);
        if (c == '\\' || c == '"') {
            out += '\\';
            out += c;
        } else if (c == '{' || c == '}' || u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    out += '"';
    return out;
}

std::string format_request(const referee::Ruling& r) {
    if (r.ending)
        return "[%end " + encode_value(referee::result_marker(r.result)) + " " +
               encode_value(r.request) + "]";
    return "[%req " + std::string(side_word(r.side)) + " " + encode_value(r.request, true) + " " +
           std::string(referee::answer_word(r.answer)) + "]";
}

std::string describe(const Announcement& a) {
    std::string out(referee::announcement_type_name(a.type));
    for (const Field& f : Fields) {
        const std::string_view v = f.member   ? std::string_view(a.*f.member)
                                   : a.result ? referee::result_text(*a.result)
                                              : std::string_view();
        if (!v.empty()) out += " " + std::string(f.key) + "=" + encode_value(v);
    }
    if (a.count) out += " count=" + std::to_string(*a.count);
    if (a.available) out += std::string(" available=") + (*a.available ? "true" : "false");
    if (a.squares) {
        std::string list;
        for (const auto& sq : *a.squares) list += (list.empty() ? "" : ",") + sq;
        out += " squares=" + encode_value(list);
    }
    return out;
}

std::string format_announcement(std::string_view audience, const Announcement& a) {
    return "[%ann " + std::string(audience) + " " + describe(a) + "]";
}

std::string format_view(rules::Color player, std::string_view board) {
    return "[%view " + std::string(side_word(player)) + " " + encode_value(board, true) + "]";
}

std::vector<std::string> format_announcements(const referee::Ruling& r) {
    const auto& w = r.told[0];
    const auto& b = r.told[1];
    std::vector<std::string> out;
    std::size_t i = 0, j = 0;
    while (i < w.size() || j < b.size()) {
        if (i < w.size() && j < b.size() && w[i] == b[j]) {
            out.push_back(format_announcement("both", w[i]));
            ++i, ++j;
        } else if (i < w.size() && (j >= b.size() || std::find(b.begin() + static_cast<long>(j),
                                                               b.end(), w[i]) == b.end())) {
            out.push_back(format_announcement("white", w[i++]));
        } else {
            out.push_back(format_announcement("black", b[j++]));
        }
    }
    return out;
}

bool parse_annotations(std::string_view s, int first_line, std::vector<Annotation>& out,
                       std::string* error) {
    int line = first_line;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] == '\n') ++line;
        if (!(s[i] == '[' && i + 1 < s.size() && s[i + 1] == '%')) {
            ++i;
            continue;
        }
        Annotation a;
        a.line = line;
        i += 2;
        while (i < s.size() && !space(s[i]) && s[i] != ']') a.name += s[i++];
        for (;;) {
            while (i < s.size() && space(s[i])) {
                if (s[i] == '\n') ++line;
                ++i;
            }
            if (i >= s.size()) {
                *error = "unterminated [%" + a.name + " annotation";
                return false;
            }
            if (s[i] == ']') {
                ++i;
                break;
            }
            std::string arg;
            while (i < s.size() && !space(s[i]) && s[i] != ']') {
                if (s[i] == '"') {
                    if (!read_quoted(s, i, arg, error)) return false;
                } else {
                    arg += s[i++];
                }
            }
            a.args.push_back(std::move(arg));
        }
        out.push_back(std::move(a));
    }
    return true;
}

bool parse_announcement(const std::vector<std::string>& args, std::size_t first, Announcement& out,
                        std::string* error) {
    if (first >= args.size()) {
        *error = "announcement without a type";
        return false;
    }
    auto t = std::find_if(std::begin(Types), std::end(Types), [&](AnnouncementType x) {
        return referee::announcement_type_name(x) == args[first];
    });
    if (t == std::end(Types)) {
        *error = "unknown announcement type '" + args[first] + "'";
        return false;
    }
    out = Announcement{};
    out.type = *t;
    for (std::size_t k = first + 1; k < args.size(); ++k) {
        const std::string& kv = args[k];
        std::size_t eq = kv.find('=');
        if (eq != std::string::npos && pawn_tries_field(kv.substr(0, eq), kv.substr(eq + 1), out)) {
            if (out.type != AnnouncementType::PawnTries) {
                *error = "field '" + kv + "' on a " + args[first] + " announcement";
                return false;
            }
            continue;
        }
        if (eq != std::string::npos &&
            (kv.substr(0, eq) == "count" || kv.substr(0, eq) == "available" ||
             kv.substr(0, eq) == "squares")) {
            *error = "bad announcement field '" + kv + "'";
            return false;
        }
        auto f = std::find_if(std::begin(Fields), std::end(Fields),
                              [&](const Field& x) { return x.key == kv.substr(0, eq); });
        if (eq == std::string::npos || f == std::end(Fields)) {
            *error = "bad announcement field '" + kv + "'";
            return false;
        }
        if (f->member) {
            out.*(f->member) = kv.substr(eq + 1);
        } else if (auto result = referee::parse_result(kv.substr(eq + 1))) {
            out.result = result;
        } else {
            *error = "bad result in announcement field '" + kv + "'";
            return false;
        }
    }
    return true;
}

void LineWrapper::add(std::string_view unit) {
    if (column_ > 0 && column_ + 1 + unit.size() > MaxColumns) {
        text_ += '\n';
        column_ = 0;
        first_line_ = false;
    }
    // A line starting with `[` could be taken for a tag by a PGN splitter: indent it.
    if (column_ > 0 || (!text_.empty() && unit.front() == '[')) {
        text_ += ' ';
        ++column_;
    }
    text_ += unit;
    column_ += unit.size();
}

void LineWrapper::add_comment(const std::vector<std::string>& annotations) {
    // The first movetext line must not end with `]`: a PGN reader still in its tag section may
    // take such a line for a broken tag. A comment that does not fit on the first line starts
    // on the next one, and a comment that opens the movetext puts `{` alone on the first line.
    std::size_t length = annotations.size() + 1;
    for (const auto& a : annotations) length += a.size();
    bool opens = true;
    if (first_line_ && column_ + 1 + length > MaxColumns) {
        if (column_ == 0) {
            text_ += "{";
            opens = false;
        }
        text_ += '\n';
        column_ = 0;
        first_line_ = false;
    }
    for (std::size_t k = 0; k < annotations.size(); ++k) {
        std::string unit = annotations[k];
        if (k == 0 && opens) unit.insert(0, "{");
        if (k + 1 == annotations.size()) unit += "}";
        add(unit);
    }
}

// The column and the line are all the layout reads of the text before: a wrapper with text
// stands past column 0, where the indent of a `[` line is never asked.
LineWrapper LineWrapper::continued() const {
    LineWrapper next;
    next.column_ = column_;
    next.first_line_ = first_line_;
    return next;
}

std::string LineWrapper::finish() {
    std::string out = std::move(text_);
    out += '\n';
    text_.clear();
    column_ = 0;
    first_line_ = true;
    return out;
}

}  // namespace ck::pgn::record
