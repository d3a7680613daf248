#include "rules/move_list.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "rules/notation.hpp"

namespace ck::rules {

std::vector<std::string> split_move_words(std::string_view line, std::vector<std::size_t>* starts) {
    std::vector<std::string> words;
    std::string current;
    std::size_t begin = 0;
    const auto flush = [&] {
        if (!current.empty()) {
            words.push_back(std::move(current));
            if (starts) starts->push_back(begin);
        }
        current.clear();
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';') {
            flush();
        } else if (c == '\xC2' && i + 1 < line.size() && line[i + 1] == '\xA0') {
            flush();
            ++i;
        } else {
            if (current.empty()) begin = i;
            current.push_back(c);
        }
    }
    flush();
    return words;
}

namespace {

bool parses_as_move(const std::string& text) { return parse_move_text(text).has_value(); }

}  // namespace

std::optional<std::string> read_move_word(std::string_view token) {
    std::string t(token);
    if (parses_as_move(t)) return t;
    std::string all_lower = core::lower_ascii(t);
    std::string capitalised = all_lower;
    if (!capitalised.empty() && capitalised[0] >= 'a' && capitalised[0] <= 'z') {
        capitalised[0] =
            static_cast<char>(std::toupper(static_cast<unsigned char>(capitalised[0])));
    }
    const bool upper_first = !t.empty() && t[0] >= 'A' && t[0] <= 'Z';
    for (const std::string& candidate : upper_first
                                            ? std::vector<std::string>{capitalised, all_lower}
                                            : std::vector<std::string>{all_lower, capitalised}) {
        if (parses_as_move(candidate)) return candidate;
    }
    if (t.size() > 1 && t.back() == '.') return read_move_word(token.substr(0, token.size() - 1));
    return std::nullopt;
}

bool is_ellipsis(std::string_view s) { return s == "..." || s == "\xE2\x80\xA6"; }

std::optional<MoveNumber> read_move_number(std::string_view token) {
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) {
        ++digits;
    }
    if (digits == 0 || digits > 4 || digits == token.size()) return std::nullopt;
    MoveNumber n;
    n.number = std::stoi(std::string(token.substr(0, digits)));
    std::string_view rest = token.substr(digits);
    if (rest.substr(0, 3) == "..." || rest.substr(0, 3) == "\xE2\x80\xA6") {
        n.side = Color::Black;
        rest.remove_prefix(3);
    } else if (rest[0] == '.') {
        rest.remove_prefix(1);
    } else {
        return std::nullopt;
    }
    n.rest = std::string(rest);
    return n;
}

std::optional<MoveListLine> read_move_list(std::vector<std::string> words) {
    MoveListLine out;
    if (!words.empty()) {
        out.number = read_move_number(words.front());
        if (out.number) {
            words.erase(words.begin());
            if (!out.number->rest.empty()) {
                words.insert(words.begin(), out.number->rest);
                out.number->rest.clear();
            } else if (!words.empty() && is_ellipsis(words.front())) {
                out.number->side = Color::Black;  // "12. ... Nf6"
                words.erase(words.begin());
            }
        }
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string word = core::lower_ascii(words[i]);
        if (word == "any?" || word == "any") {
            if (word == "any" && i + 1 < words.size() && words[i + 1] == "?") ++i;
            out.attempts.push_back("any?");
        } else if (auto move = read_move_word(words[i])) {
            out.attempts.push_back(std::move(*move));
        } else {
            return std::nullopt;
        }
    }
    if (out.attempts.empty()) return std::nullopt;
    return out;
}

}  // namespace ck::rules
