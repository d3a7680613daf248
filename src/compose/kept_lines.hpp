#pragma once
// The text part's move list, kept wrapped and encoded (README "Benchmarks", the serve row). Every
// mail of a game lists every move again; the list's full lines (moves_text, move_list.hpp) are
// wrapped (text_wrap.hpp, wrap_lines) and quoted-printable encoded (mail::qp_encode) once, when
// they first appear, and each later mail copies both (mail::EncodedRun) and wraps only the rest
// of its text.
//
// THE CONTRACT: wrap_body(body, ...) is wrap_lines(body, width) byte for byte, and each run it
// gives is qp_encode of exactly the bytes it covers. Both hold because wrap_lines and qp_encode
// treat each line on its own, so a run of whole lines gives the same text and encoding wherever
// it stands; and a kept run is used only when its bytes equal the ones it was made from
// (compared in full), so a rollback, a reopened game or other words need nothing to be told.
// One thread's lines are its own.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_id.hpp"
#include "mail/outgoing.hpp"
#include "rules/types.hpp"

namespace ck::compose {

// Whole lines (each ended by '\n') with wrap_lines of them and its quoted-printable encoding,
// grown as the lines grow.
class KeptLines {
public:
    KeptLines() = default;  // width 0: made again at the first mail
    explicit KeptLines(std::size_t width) : width_(width) {}
    // Holds `lines` (whole lines): what is kept stays when it begins them, else all is made again.
    void hold(std::string_view lines);
    const std::string& text() const { return text_; }
    const std::string& wrapped() const { return wrapped_; }  // wrap_lines(text(), width)
    const std::string& encoded() const { return encoded_; }  // mail::qp_encode(wrapped())
    std::size_t width() const { return width_; }

private:
    std::size_t width_ = 0;
    std::string text_;
    std::string wrapped_;
    std::string encoded_;
};

// wrap_lines(body, width), with the whole lines of `moves` (the moves_text of the mail's
// player `player` in game `game`) copied as kept for them instead of wrapped again, when they
// stand in `body` at the start of a line; the run they fill goes into `runs`.
std::string wrap_body(const std::string& body, std::size_t width, const std::string& moves,
                      core::GameId game, rules::Color player, std::vector<mail::EncodedRun>& runs);

// How many games' and players' lines this thread keeps (at most 64; the least recently used go
// first), and forgetting them (tests compare with a fresh start).
std::size_t kept_lines_count();
void forget_kept_lines();

}  // namespace ck::compose
