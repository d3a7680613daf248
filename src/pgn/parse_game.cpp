// parse_game: tokenizes one game's text into Visitor events (contract in reader.hpp).
// One pass over the bytes; tokens are string_views into the text, no allocation per token.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <utility>

#include "pgn/reader.hpp"

namespace ck::pgn {
namespace {

// Characters that end a move token.
constexpr std::array<bool, 256> make_delimiters() {
    std::array<bool, 256> t{};
    for (unsigned char c :
         {' ', '\t', '\n', '\r', '\f', '\v', '{', '}', '(', ')', ';', '$', '[', ']', '"'})
        t[c] = true;
    return t;
}
constexpr auto Delimiter = make_delimiters();

// First characters of the common SAN tokens (files, piece letters, castling, drops).
constexpr std::array<bool, 256> make_move_starts() {
    std::array<bool, 256> t{};
    for (unsigned char c : std::string_view("abcdefghNBRQKOP@")) t[c] = true;
    return t;
}
constexpr auto MoveStart = make_move_starts();

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}
bool is_glyph(char c) { return c == '!' || c == '?'; }

// Standard NAG for a move suffix annotation (PGN standard 10, 8.2.3.8).
int glyph_nag(std::string_view g) {
    if (g == "!") return 1;
    if (g == "?") return 2;
    if (g == "!!") return 3;
    if (g == "??") return 4;
    if (g == "!?") return 5;
    if (g == "?!") return 6;
    return 0;
}

bool is_result(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

class Tokenizer {
public:
    Tokenizer(std::string_view text, int first_line, Visitor& v)
        : s_(text), line_(first_line), v_(v) {}

    bool run() {
        const std::size_t n = s_.size();
        while (p_ < n) {
            auto c = static_cast<unsigned char>(s_[p_]);
            if (c == ' ') {
                ++p_;
                continue;
            }
            // Fast paths inside movetext (the bulk of a file): a move, a move number.
            if (in_movetext_ && !ended_) {
                if (MoveStart[c]) {
                    fast_move();
                    continue;
                }
                if (is_digit(static_cast<char>(c)) && fast_move_number()) continue;
            }
            step();
        }
        if (depth_ > 0) {
            begin(open_paren_line_);
            v_.syntax_error({SyntaxCode::UnbalancedParenthesis, open_paren_line_,
                             "unbalanced parentheses: a variation is not closed"});
        }
        if (begun_) v_.end_game();
        return begun_;
    }

private:
    void begin(int line) {
        if (begun_) return;
        begun_ = true;
        v_.begin_game(line);
    }
    void movetext(int line) {
        begin(line);
        if (in_movetext_) return;
        in_movetext_ = true;
        v_.begin_movetext(line);
        for (auto& [text, l] : pending_comments_) v_.comment(text, l);
        pending_comments_.clear();
    }
    void newline() {
        char c = s_[p_++];
        if (c == '\r' && p_ < s_.size() && s_[p_] == '\n') ++p_;
        ++line_;
        line_start_ = true;
    }
    std::size_t line_end(std::size_t from) const {
        if (from >= s_.size()) return s_.size();
        const char* b = s_.data();
        std::size_t len = s_.size() - from;
        auto nl = static_cast<const char*>(std::memchr(b + from, '\n', len));
        std::size_t lim = nl ? static_cast<std::size_t>(nl - (b + from)) : len;
        auto cr = static_cast<const char*>(std::memchr(b + from, '\r', lim));
        return from + (cr ? static_cast<std::size_t>(cr - (b + from)) : lim);
    }
    // Line breaks in s_[b, e): '\n', CRLF once, a lone CR.
    int count_lines(std::size_t b, std::size_t e) const {
        const char* p = s_.data() + b;
        std::size_t len = e - b;
        int n = static_cast<int>(std::count(p, p + len, '\n'));
        if (std::memchr(p, '\r', len)) {
            for (std::size_t i = 0; i < len; ++i)
                if (p[i] == '\r' && !(b + i + 1 < s_.size() && s_[b + i + 1] == '\n')) ++n;
        }
        return n;
    }

    // [from, to) starts with a tag name, blanks, then a quote.
    bool looks_like_tag_without_bracket(std::size_t from, std::size_t to) const {
        std::size_t i = from;
        while (i < to && (std::isalnum(static_cast<unsigned char>(s_[i])) || s_[i] == '_')) ++i;
        if (i == from) return false;
        while (i < to && is_space(s_[i])) ++i;
        return i < to && s_[i] == '"';
    }

    void step() {
        char c = s_[p_];
        if (c == '\n' || c == '\r') return newline();
        if (is_space(c)) {
            ++p_;
            return;
        }
        bool at_line_start = line_start_;
        line_start_ = false;
        if (at_line_start && c == '%' && (p_ == 0 || s_[p_ - 1] == '\n' || s_[p_ - 1] == '\r')) {
            p_ = line_end(p_);
            return;
        }
        if (static_cast<unsigned char>(c) == 0xEF && s_.substr(p_, 3) == "\xEF\xBB\xBF") {
            p_ += 3;  // a BOM (concatenated files): whitespace
            line_start_ = at_line_start;
            return;
        }
        if (!in_movetext_ && at_line_start && c == '[') return tag_line();
        if (!in_movetext_ && at_line_start && begun_) {
            // A tag-section line shaped `Name "value"]` (its '[' lost) is a broken tag. Movetext
            // never has a quote after its first symbol, so `1. e4 {[%clk 0:03:00]` is not one.
            std::size_t e = line_end(p_);
            std::size_t b = e;
            while (b > p_ && is_space(s_[b - 1])) --b;
            if (b > p_ && s_[b - 1] == ']' && looks_like_tag_without_bracket(p_, b)) {
                v_.syntax_error(
                    {SyntaxCode::BrokenTag, line_, "broken tag: line does not start with '['"});
                p_ = e;
                return;
            }
        }
        switch (c) {
            case '{':
                return brace_comment();
            case ';': {
                std::size_t e = line_end(p_);
                comment(s_.substr(p_ + 1, e - p_ - 1), line_);
                p_ = e;
                return;
            }
            case '(':
                movetext(line_);
                if (depth_++ == 0) open_paren_line_ = line_;
                v_.begin_variation(line_);
                ++p_;
                return;
            case ')':
                movetext(line_);
                if (depth_ == 0) {
                    v_.syntax_error({SyntaxCode::UnbalancedParenthesis, line_,
                                     "unbalanced parentheses: ')' without '('"});
                } else {
                    --depth_;
                    v_.end_variation(line_);
                }
                ++p_;
                return;
            case '$': {
                movetext(line_);
                std::size_t q = p_ + 1;
                int n = 0;
                while (q < s_.size() && is_digit(s_[q]) && n < 100000) n = n * 10 + (s_[q++] - '0');
                if (q > p_ + 1) v_.nag(n, line_);
                p_ = q;
                return;
            }
            case '.':
                ++p_;  // stray dots ("1. ... e5")
                return;
            default:
                return symbol();
        }
    }

    void comment(std::string_view text, int line) {
        if (in_movetext_) {
            v_.comment(text, line);
        } else {
            pending_comments_.emplace_back(text, line);
        }
    }

    void brace_comment() {
        int start_line = line_;
        std::size_t b = p_ + 1;
        auto close = b < s_.size()
                         ? static_cast<const char*>(std::memchr(s_.data() + b, '}', s_.size() - b))
                         : nullptr;
        std::size_t q = close ? static_cast<std::size_t>(close - s_.data()) : s_.size();
        line_ += count_lines(b, q);
        if (q == s_.size()) {
            movetext(start_line);
            v_.comment(s_.substr(b), start_line);
            v_.syntax_error({SyntaxCode::UnterminatedComment, start_line,
                             "unterminated comment: '{' without '}'"});
            p_ = q;
            return;
        }
        comment(s_.substr(b, q - b), start_line);
        p_ = q + 1;
    }

    void tag_line() {
        begin(line_);
        std::size_t e = line_end(p_);
        std::size_t q = p_;
        for (;;) {
            // '[' Name '"' value '"' ']', spaces allowed between the parts.
            ++q;
            while (q < e && is_space(s_[q])) ++q;
            std::size_t nb = q;
            while (q < e && is_name_char(s_[q])) ++q;
            std::string_view name = s_.substr(nb, q - nb);
            while (q < e && is_space(s_[q])) ++q;
            if (name.empty() || q >= e || s_[q] != '"')
                return broken_tag(e, "broken tag: value not quoted");
            std::size_t vb = ++q;
            bool escaped = false;
            while (q < e && s_[q] != '"') {
                if (s_[q] == '\\' && q + 1 < e) {
                    escaped = true;
                    ++q;
                }
                ++q;
            }
            if (q >= e) return broken_tag(e, "broken tag: value has no closing quote");
            std::string_view raw = s_.substr(vb, q - vb);
            ++q;
            while (q < e && is_space(s_[q])) ++q;
            if (q >= e || s_[q] != ']')
                return broken_tag(e, "broken tag: text after the value or no closing ']'");
            ++q;
            if (escaped) {
                scratch_ = unescape_tag_value(raw);
                v_.tag(name, scratch_, line_);
            } else {
                v_.tag(name, raw, line_);
            }
            while (q < e && is_space(s_[q])) ++q;
            if (q >= e) break;
            if (s_[q] != '[') return broken_tag(e, "broken tag: text after ']'");
        }
        p_ = e;
    }

    void broken_tag(std::size_t line_end, std::string_view message) {
        v_.syntax_error({SyntaxCode::BrokenTag, line_, message});
        p_ = line_end;
    }

    // A token starting with a SAN letter, once movetext has begun: what symbol() does for it.
    void fast_move() {
        line_start_ = false;
        std::size_t b = p_, q = p_ + 1;
        const std::size_t n = s_.size();
        while (q < n && !Delimiter[static_cast<unsigned char>(s_[q])]) ++q;
        p_ = q;
        std::size_t g = q;
        while (is_glyph(s_[g - 1])) --g;
        v_.san(s_.substr(b, g - b), line_);
        if (g < q) {
            if (int nag = glyph_nag(s_.substr(g, q - g))) v_.nag(nag, line_);
        }
    }
    // "12." / "12...": emits the move number; false (nothing consumed) for anything else.
    bool fast_move_number() {
        std::size_t q = p_;
        const std::size_t n = s_.size();
        int num = 0;
        while (q < n && is_digit(s_[q])) {
            if (num < 1000000) num = num * 10 + (s_[q] - '0');
            ++q;
        }
        if (q >= n || s_[q] != '.') return false;
        while (q < n && s_[q] == '.') ++q;
        line_start_ = false;
        v_.move_number(num, line_);
        p_ = q;
        return true;
    }

    void symbol() {
        std::size_t b = p_;
        std::size_t q = p_;
        while (q < s_.size() && !Delimiter[static_cast<unsigned char>(s_[q])]) ++q;
        if (q == b) ++q;  // a stray delimiter ('}', ']', '"', '['): a one-character bad token
        std::string_view tok = s_.substr(b, q - b);
        int line = line_;
        movetext(line);
        if (is_digit(tok[0])) {
            std::size_t d = 0;
            int n = 0;
            while (d < tok.size() && is_digit(tok[d])) {
                if (n < 1000000) n = n * 10 + (tok[d] - '0');
                ++d;
            }
            if (d == tok.size() || tok[d] == '.') {
                // Move number "12", "12." or "12..."; a move may follow glued ("12.Nf3").
                v_.move_number(n, line);
                while (d < tok.size() && tok[d] == '.') ++d;
                p_ = b + d;
                return;
            }
        }
        p_ = q;
        char c0 = tok[0];
        if ((is_digit(c0) || c0 == '*' || c0 == '\xC2') && (is_result(tok) || tok == "½-½")) {
            v_.result(tok == "½-½" ? std::string_view("1/2-1/2") : tok, line);
            if (depth_ == 0) ended_ = true;
            return;
        }
        if (is_glyph(tok[0])) {
            if (int n = glyph_nag(tok)) v_.nag(n, line);
            return;
        }
        std::size_t g = tok.size();
        while (g > 0 && is_glyph(tok[g - 1])) --g;
        if (ended_ && depth_ == 0) {
            if (!after_result_reported_)
                v_.syntax_error(
                    {SyntaxCode::TextAfterResult, line, "text after the game termination marker"});
            after_result_reported_ = true;
            return;
        }
        v_.san(tok.substr(0, g), line);
        if (g < tok.size()) {
            if (int n = glyph_nag(tok.substr(g))) v_.nag(n, line);
        }
    }

    std::string_view s_;
    std::size_t p_ = 0;
    int line_;
    Visitor& v_;
    bool line_start_ = true;
    bool begun_ = false;
    bool in_movetext_ = false;
    bool ended_ = false;
    bool after_result_reported_ = false;
    int depth_ = 0;
    int open_paren_line_ = 0;
    std::string scratch_;
    std::vector<std::pair<std::string_view, int>> pending_comments_;
};

}  // namespace

std::string unescape_tag_value(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size()) ++i;
        out.push_back(raw[i]);
    }
    return out;
}

bool parse_game(std::string_view text, int first_line, Visitor& visitor) {
    return Tokenizer(text, first_line, visitor).run();
}

bool read_pgn(std::istream& in, Visitor& visitor) {
    GameSplitter splitter(in);
    while (auto g = splitter.next()) parse_game(g->text, g->first_line, visitor);
    return !splitter.read_error();
}

}  // namespace ck::pgn
