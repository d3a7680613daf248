#include "daemon/commands.hpp"

#include <algorithm>
#include <cctype>

#include "referee/rule_set.hpp"
#include "rules/notation.hpp"
#include "rules/variant.hpp"

namespace ck::daemon {
namespace {

using Kind = Command::Kind;

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return c < 0x80 ? static_cast<char>(std::tolower(c)) : static_cast<char>(c);
    });
    return out;
}

// Mail clients put no-break spaces (U+00A0) and tabs between words; both separate tokens,
// as do commas and semicolons.
std::vector<std::string> tokenize(std::string_view line) {
    std::vector<std::string> tokens;
    std::string current;
    const auto flush = [&] {
        if (!current.empty()) tokens.push_back(std::move(current));
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
            current.push_back(c);
        }
    }
    flush();
    return tokens;
}

bool parses_as_move(const std::string& text) { return rules::parse_move_text(text).has_value(); }

// The token as parse_move_text accepts it: as written, else re-cased (see commands.hpp). A
// capital first letter is kept first so that "Bxc3" stays a bishop move.
std::optional<std::string> as_move(std::string_view token) {
    std::string t(token);
    if (parses_as_move(t)) return t;
    std::string all_lower = lower(t);
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
    if (t.size() > 1 && t.back() == '.') return as_move(token.substr(0, token.size() - 1));
    return std::nullopt;
}

bool all_digits(std::string_view s) {
    return !s.empty() && s.size() <= 4 &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool is_ellipsis(std::string_view s) { return s == "..." || s == "\xE2\x80\xA6"; }

struct MoveNumber {
    int number = 0;
    rules::Color side = rules::Color::White;
    std::string rest;  // a move written against the number ("12.Nf3" -> "Nf3")
};

// "12." "12..." "12…" "12.Nf3" "12...Nf3" (the dots are required: a bare "12" is not a number).
std::optional<MoveNumber> read_move_number(std::string_view token) {
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) {
        ++digits;
    }
    if (!all_digits(token.substr(0, digits)) || digits == token.size()) return std::nullopt;
    MoveNumber n;
    n.number = std::stoi(std::string(token.substr(0, digits)));
    std::string_view rest = token.substr(digits);
    if (rest.substr(0, 3) == "..." || rest.substr(0, 3) == "\xE2\x80\xA6") {
        n.side = rules::Color::Black;
        rest.remove_prefix(3);
    } else if (rest[0] == '.') {
        rest.remove_prefix(1);
    } else {
        return std::nullopt;
    }
    n.rest = std::string(rest);
    return n;
}

// A line of move attempts (with "any?"), or nullopt when any token is not one.
std::optional<std::vector<Command>> parse_move_line(std::vector<std::string> tokens, int line_no) {
    std::optional<MoveNumber> number;
    if (!tokens.empty()) {
        number = read_move_number(tokens.front());
        if (number) {
            tokens.erase(tokens.begin());
            if (!number->rest.empty()) {
                tokens.insert(tokens.begin(), number->rest);
            } else if (!tokens.empty() && is_ellipsis(tokens.front())) {
                number->side = rules::Color::Black;  // "12. ... Nf6"
                tokens.erase(tokens.begin());
            }
        }
    }
    std::vector<Command> out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        Command c;
        c.line = line_no;
        if (number) {
            c.move_number = number->number;
            c.numbered_side = number->side;
        }
        const std::string word = lower(tokens[i]);
        if (word == "any?" || word == "any") {
            if (word == "any" && i + 1 < tokens.size() && tokens[i + 1] == "?") ++i;
            c.kind = Kind::AnyQuery;
            c.text = "any?";
        } else if (auto move = as_move(tokens[i])) {
            c.kind = Kind::Move;
            c.text = *move;
        } else {
            return std::nullopt;
        }
        out.push_back(std::move(c));
    }
    if (out.empty()) return std::nullopt;
    return out;
}

// Keyword commands; nullopt when the line is not one (or its arguments are wrong).
std::optional<Command> parse_keyword_line(std::vector<std::string> tokens, int line_no) {
    if (tokens.empty()) return std::nullopt;
    // "Resign." / "draw!" at the end of a sentence.
    std::string& last = tokens.back();
    while (last.size() > 1 && (last.back() == '.' || last.back() == '!')) last.pop_back();
    const std::string word = lower(tokens[0]);
    const std::size_t n = tokens.size();
    Command c;
    c.line = line_no;
    c.text = word;
    struct Simple {
        const char* word;
        Kind kind;
    };
    static constexpr Simple Simples[] = {{"resign", Kind::Resign}, {"draw", Kind::Draw},
                                         {"board", Kind::Board},   {"pgn", Kind::Pgn},
                                         {"games", Kind::Games},   {"help", Kind::Help}};
    for (const Simple& s : Simples) {
        if (word == s.word) {
            if (n != 1) return std::nullopt;
            c.kind = s.kind;
            return c;
        }
    }
    if (word == "accept" || word == "decline" || word == "standings" || word == "ratings") {
        if (n > 2) return std::nullopt;
        c.kind = word == "accept"      ? Kind::Accept
                 : word == "decline"   ? Kind::Decline
                 : word == "standings" ? Kind::Standings
                                       : Kind::Ratings;
        if (n == 2) c.argument = tokens[1];
        return c;
    }
    if (word == "join" || word == "withdraw" || word == "follow" || word == "unfollow") {
        if (n != 2) return std::nullopt;
        c.kind = word == "join"       ? Kind::Join
                 : word == "withdraw" ? Kind::Withdraw
                 : word == "follow"   ? Kind::Follow
                                      : Kind::Unfollow;
        c.argument = tokens[1];
        return c;
    }
    if (word == "leave") {
        if (n != 2 || !all_digits(tokens[1])) return std::nullopt;
        c.days = std::stoi(tokens[1]);
        if (c.days < 1 || c.days > 365) return std::nullopt;
        c.kind = Kind::Leave;
        return c;
    }
    if (word == "challenge") {
        if (n < 3 || n > 7) return std::nullopt;
        const std::string address = lower(tokens[1]);
        const auto at = address.find('@');
        if (at == std::string::npos || at == 0 || at + 1 == address.size()) return std::nullopt;
        const rules::Variant* variant = rules::find_variant(tokens[2]);
        if (variant == nullptr) return std::nullopt;
        c.argument = address;
        c.variant = std::string(variant->name);
        std::size_t i = 3;
        // `hidden` and `casual` (README "Ratings"), each at most once, in any order.
        for (; i < n; ++i) {
            const std::string w = lower(tokens[i]);
            if (w == "hidden" && !c.hidden)
                c.hidden = true;
            else if (w == "casual" && !c.casual)
                c.casual = true;
            else
                break;
        }
        if (i < n) {
            if (auto rs = referee::find_rule_set(tokens[i])) {  // docs/rulesets.md
                c.rules = std::string(referee::rule_set_name(*rs));
                c.hidden = true;
                ++i;
            }
        }
        if (i < n) {
            auto tc = parse_time_control(tokens[i]);
            if (!tc) return std::nullopt;
            c.time = *tc;
            ++i;
        }
        if (i != n) return std::nullopt;
        c.kind = Kind::Challenge;
        return c;
    }
    return std::nullopt;
}

}  // namespace

std::vector<Command> parse_commands(std::string_view text) {
    std::vector<Command> out;
    int line_no = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        ++line_no;
        start = end + 1;
        const std::vector<std::string> tokens = tokenize(line);
        if (tokens.empty()) continue;
        if (auto keyword = parse_keyword_line(tokens, line_no)) {
            out.push_back(std::move(*keyword));
        } else if (auto moves = parse_move_line(tokens, line_no)) {
            for (Command& c : *moves) out.push_back(std::move(c));
        } else {
            Command c;
            c.kind = Kind::Unknown;
            c.line = line_no;
            while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
                line.remove_suffix(1);
            c.text = std::string(line);
            out.push_back(std::move(c));
        }
    }
    return out;
}

core::Result<void, StaleMail> check_move_numbers(const std::vector<Command>& commands,
                                                 int current_move, rules::Color side_to_move) {
    for (const Command& c : commands) {
        if (!c.move_number) continue;
        const bool wrong_number = *c.move_number != current_move;
        const bool black_when_white =
            c.numbered_side == rules::Color::Black && side_to_move == rules::Color::White;
        if (wrong_number || black_when_white) {
            return core::unexpected(StaleMail{c.line, *c.move_number, current_move});
        }
    }
    return {};
}

}  // namespace ck::daemon
