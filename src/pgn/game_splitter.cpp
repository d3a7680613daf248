// GameSplitter: cuts a PGN stream into one game's text at a time (contract in reader.hpp).
#include <algorithm>
#include <cstring>

#include "pgn/reader.hpp"

namespace ck::pgn {
namespace {

constexpr std::size_t MaxGameBytes = std::size_t{64} << 20;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && is_space(s[b])) ++b;
    while (e > b && is_space(s[e - 1])) --e;
    return s.substr(b, e - b);
}

bool is_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Name of the tag on a line starting with '[' (empty if none).
std::string_view tag_name(std::string_view line) {
    std::size_t p = 1;
    while (p < line.size() && is_space(line[p])) ++p;
    std::size_t b = p;
    while (p < line.size() && is_name_char(line[p])) ++p;
    return line.substr(b, p - b);
}

std::uint32_t hash_name(std::string_view s) {
    std::uint32_t h = 2166136261u;
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
}

// Movetext scan for comment state: a `{` opens a comment unless a `;` comment came first.
// Returns true when the line ends inside an open `{` comment.
bool ends_in_comment(std::string_view s) {
    const char* p = s.data();
    const char* e = p + s.size();
    while (p < e) {
        auto brace = static_cast<const char*>(std::memchr(p, '{', static_cast<std::size_t>(e - p)));
        const char* limit = brace ? brace : e;
        if (std::memchr(p, ';', static_cast<std::size_t>(limit - p))) return false;
        if (!brace) return false;
        auto close = static_cast<const char*>(
            std::memchr(brace + 1, '}', static_cast<std::size_t>(e - brace - 1)));
        if (!close) return true;
        p = close + 1;
    }
    return false;
}

}  // namespace

GameSplitter::GameSplitter(std::istream& in, std::size_t chunk_size, int first_line)
    : in_(in),
      chunk_size_(std::max<std::size_t>(chunk_size, 64)),
      game_line_(first_line),
      scan_line_(first_line) {
    buf_.resize(chunk_size_);
}

bool GameSplitter::fill() {
    if (eof_) return false;
    if (game_start_ > 0) {
        std::memmove(buf_.data(), buf_.data() + game_start_, end_ - game_start_);
        end_ -= game_start_;
        scan_ -= game_start_;
        game_start_ = 0;
    }
    if (buf_.size() - end_ < chunk_size_ / 2)
        buf_.resize(std::max(buf_.size() * 2, end_ + chunk_size_));
    in_.read(buf_.data() + end_, static_cast<std::streamsize>(buf_.size() - end_));
    auto got = static_cast<std::size_t>(in_.gcount());
    end_ += got;
    if (in_.bad()) {
        read_error_ = true;
        eof_ = true;
    } else if (!in_) {
        eof_ = true;
    }
    if (at_stream_start_ && (end_ >= 3 || eof_)) {
        at_stream_start_ = false;
        if (end_ >= 3 && std::memcmp(buf_.data(), "\xEF\xBB\xBF", 3) == 0) game_start_ = scan_ = 3;
    }
    return got > 0;
}

bool GameSplitter::tag_starts_game(std::string_view line) const {
    auto name = tag_name(line);
    if (name == "Event") return true;
    return std::find(tag_hashes_.begin(), tag_hashes_.end(), hash_name(name)) != tag_hashes_.end();
}

std::optional<GameText> GameSplitter::next() {
    if (at_stream_start_) fill();
    for (;;) {
        const char* b = buf_.data();
        // The line ends at the first '\n' or '\r' (CRLF counts once, a lone CR is a line end).
        std::size_t len = end_ - scan_;
        auto nl = static_cast<const char*>(std::memchr(b + scan_, '\n', len));
        std::size_t lim = nl ? static_cast<std::size_t>(nl - (b + scan_)) : len;
        auto cr = static_cast<const char*>(std::memchr(b + scan_, '\r', lim));
        std::size_t i = end_;
        if (cr) {
            i = static_cast<std::size_t>(cr - b);
        } else if (nl) {
            i = static_cast<std::size_t>(nl - b);
        }
        // Need the whole line, and for a CR the next byte to tell CRLF from a lone CR.
        if ((i == end_ || (b[i] == '\r' && i + 1 == end_)) && !eof_) {
            fill();
            continue;
        }
        if (scan_ >= end_) {  // end of stream; after a read error the unfinished game is dropped
            if (game_start_ < end_ && !read_error_) {
                GameText g{std::string_view(b + game_start_, end_ - game_start_), game_line_};
                game_start_ = end_;
                return g;
            }
            return std::nullopt;
        }
        std::size_t next = i;
        if (i < end_) next += (b[i] == '\r' && i + 1 < end_ && b[i + 1] == '\n') ? 2 : 1;
        std::string_view line(b + scan_, i - scan_);
        std::string_view t = trim(line);
        bool boundary = false;
        if (in_comment_) {
            auto close = line.find('}');
            if (close != std::string_view::npos) {
                in_comment_ = ends_in_comment(line.substr(close + 1));
                prev_blank_ = false;
            } else if (prev_blank_ && !line.empty() && line[0] == '[' && !tag_name(line).empty()) {
                boundary = true;  // resync: an unterminated comment ends at the next tag section
            } else {
                prev_blank_ = t.empty();
            }
        } else if (t.empty()) {
            prev_blank_ = true;
        } else if (line[0] == '%') {
            // escape line: ignored
        } else if (t[0] == '[') {
            if (has_content_ && (in_movetext_ || (prev_blank_ && tag_starts_game(t)))) {
                boundary = true;
            } else {
                tag_hashes_.push_back(hash_name(tag_name(t)));
                has_content_ = true;
                prev_blank_ = false;
            }
        } else if (!in_movetext_ && has_content_ && t.back() == ']') {
            prev_blank_ = false;  // a broken tag line inside the tag section
        } else {
            in_movetext_ = true;
            has_content_ = true;
            prev_blank_ = false;
            in_comment_ = ends_in_comment(line);
        }
        // Memory stays flat even for a "game" that never ends (a file without tag sections):
        // past MaxGameBytes it is cut at a line start.
        if (!boundary && scan_ > game_start_ && scan_ - game_start_ >= MaxGameBytes)
            boundary = true;
        if (boundary) {
            GameText g{std::string_view(b + game_start_, scan_ - game_start_), game_line_};
            game_start_ = scan_;
            game_line_ = scan_line_;
            in_comment_ = in_movetext_ = has_content_ = prev_blank_ = false;
            tag_hashes_.clear();
            return g;  // this line is looked at again as the first line of the next game
        }
        scan_ = next;
        ++scan_line_;
    }
}

}  // namespace ck::pgn
