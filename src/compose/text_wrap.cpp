#include "compose/text_wrap.hpp"

namespace ck::compose {
namespace {

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Byte offset just past `n` code points of `s` from `from`.
std::size_t advance(const std::string& s, std::size_t from, std::size_t n) {
    std::size_t i = from;
    while (i < s.size() && n > 0) {
        ++i;
        while (i < s.size() && continuation_byte(s[i])) ++i;
        --n;
    }
    return i;
}

std::string wrap_line(const std::string& line, std::size_t width) {
    if (columns(line) <= width) return line;
    std::size_t p = 0;
    while (p < line.size() && (line[p] == ' ' || line[p] == '>')) ++p;
    std::string prefix = line.substr(0, p);
    if (columns(prefix) * 2 > width) prefix.clear();
    std::string out;
    std::string rest = line;
    bool first = true;
    while (true) {
        std::string lead = first ? "" : prefix;
        if (columns(lead + rest) <= width) {
            out += lead + rest;
            break;
        }
        std::size_t room = width - columns(lead);
        std::size_t cut = advance(rest, 0, room);  // bytes that fit
        std::size_t space = rest.rfind(' ', cut);
        std::size_t min_space = first ? prefix.size() : 0;
        std::size_t take, skip;
        if (space != std::string::npos && space > min_space) {
            take = space;
            skip = space + 1;
        } else {
            take = cut;
            skip = cut;
        }
        std::string head = rest.substr(0, take);
        while (!head.empty() && head.back() == ' ') head.pop_back();
        out += lead + head + "\n";
        rest = rest.substr(skip);
        while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
        first = false;
        if (rest.empty()) {
            out.pop_back();
            break;
        }
    }
    return out;
}

}  // namespace

std::size_t columns(const std::string& utf8) {
    std::size_t n = 0;
    for (char c : utf8)
        if (!continuation_byte(c)) ++n;
    return n;
}

void WrappedJoin::add(const std::string& unit) {
    const std::size_t width = columns(unit);
    if (!line_.empty() && line_columns_ + 1 + width > width_) {
        done_ += line_;
        done_ += '\n';
        line_.clear();
        line_columns_ = 0;
    }
    if (!line_.empty()) {
        line_ += ' ';
        ++line_columns_;
    }
    line_ += unit;
    line_columns_ += width;
}

std::string join_wrapped(const std::vector<std::string>& units, std::size_t width) {
    WrappedJoin join(width);
    for (const std::string& u : units) join.add(u);
    return join.text();
}

std::string wrap_lines(const std::string& text, std::size_t width) {
    std::string out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        bool cr = !line.empty() && line.back() == '\r';
        if (cr) line.pop_back();
        out += wrap_line(line, width);
        if (nl == std::string::npos) break;
        out += cr ? "\r\n" : "\n";
        pos = nl + 1;
    }
    return out;
}

}  // namespace ck::compose
