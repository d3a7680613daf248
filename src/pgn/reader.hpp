#pragma once
// Streaming PGN reader (import format of the 1994 standard, plus what real files do; see
// docs/pgn.md). Two layers:
//  - GameSplitter cuts a stream into the raw text of one game at a time, reading fixed-size
//    chunks (memory stays flat however large the file). A game starts at a tag line at the start
//    of a line once movetext has been seen, or after a blank line when the tag is `Event` or one
//    the game already has (so chessbase's blank line inside a tag section does not split a game,
//    while tag-only games do split). An unterminated `{` comment ends at such a tag line after a
//    blank line, so one broken game never swallows the rest of the file. A "game" longer than
//    64 MB is cut at a line start (memory stays bounded on files without tag sections).
//  - parse_game tokenizes one game's text and calls a Visitor. Every string_view passed to the
//    visitor points into the game text (or a scratch buffer for unescaped tag values) and is
//    valid only during the call.
// Tolerated: UTF-8 BOM, CRLF and lone CR, `%` escape lines, blank lines anywhere, missing result,
// glyphs glued to moves (`Nf3!?`, reported as NAGs 1..6), `$n`, `1...`, escaped quotes in tag
// values, nested variations, comments containing `(`, `;`, `{`.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ck::pgn {

enum class SyntaxCode : std::uint8_t {
    BrokenTag,              // a tag-section line that is not `[Name "value"]`
    UnterminatedComment,    // `{` without `}` before the game ends
    UnbalancedParenthesis,  // `)` without `(`, or `(` still open at the end of the game
    TextAfterResult,        // moves after the game termination marker
};

struct SyntaxError {
    SyntaxCode code;
    int line;
    std::string_view message;  // static text naming the problem
};

// Receives the events of each game in order. Default implementations ignore the event.
class Visitor {
public:
    virtual ~Visitor() = default;
    virtual void begin_game(int /*line*/) {}
    virtual void tag(std::string_view /*name*/, std::string_view /*value*/, int /*line*/) {}
    virtual void begin_movetext(int /*line*/) {}
    virtual void move_number(int /*number*/, int /*line*/) {}
    // A move token as written, glyphs (`!?`) stripped; `+`/`#` kept.
    virtual void san(std::string_view /*token*/, int /*line*/) {}
    virtual void nag(int /*code*/, int /*line*/) {}
    // Text of a `{}` comment (without braces) or a `;` comment (without `;` and newline).
    virtual void comment(std::string_view /*text*/, int /*line*/) {}
    virtual void begin_variation(int /*line*/) {}
    virtual void end_variation(int /*line*/) {}
    // `1-0`, `0-1`, `1/2-1/2` or `*` (also inside variations, where it means nothing).
    virtual void result(std::string_view /*token*/, int /*line*/) {}
    virtual void syntax_error(const SyntaxError& /*error*/) {}
    virtual void end_game() {}
};

// One game's raw text as cut by GameSplitter; first_line is the 1-based line of text[0].
struct GameText {
    std::string_view text;
    int first_line = 1;
};

class GameSplitter {
public:
    static constexpr std::size_t DefaultChunk = std::size_t{1} << 20;
    // first_line: the line number of the stream's first line (1 unless it is a block cut out of
    // a larger file at a game start).
    explicit GameSplitter(std::istream& in, std::size_t chunk_size = DefaultChunk,
                          int first_line = 1);
    // The next game's text, valid until the next call; nullopt at the end of the stream.
    // A returned text may hold no game at all (only comments or blank lines): parse_game then
    // reports nothing.
    std::optional<GameText> next();
    // True when reading the stream failed (not merely reached its end). The game being cut when
    // it failed is not returned: its end is unknown.
    bool read_error() const { return read_error_; }

private:
    bool fill();  // reads more; false at end of stream
    bool tag_starts_game(std::string_view line) const;

    std::istream& in_;
    std::size_t chunk_size_;
    std::vector<char> buf_;
    std::size_t end_ = 0;         // bytes of buf_ in use
    std::size_t game_start_ = 0;  // start of the game being cut
    std::size_t scan_ = 0;        // start of the next line to look at
    int game_line_ = 1;           // line number of game_start_
    int scan_line_ = 1;           // line number of scan_
    bool eof_ = false;
    bool read_error_ = false;
    bool at_stream_start_ = true;
    // Per-game state.
    bool in_comment_ = false;
    bool in_movetext_ = false;
    bool has_content_ = false;
    bool prev_blank_ = false;
    std::vector<std::uint32_t> tag_hashes_;
};

// Tokenizes one game's text (as cut by GameSplitter). Returns false (and calls nothing) when the
// text holds no game: nothing but comments, `%` lines and blank lines.
bool parse_game(std::string_view text, int first_line, Visitor& visitor);

// Every game of a stream through the visitor. Returns false on a read error.
bool read_pgn(std::istream& in, Visitor& visitor);

// Tag value with `\"` and `\\` escapes resolved.
std::string unescape_tag_value(std::string_view raw);

}  // namespace ck::pgn
