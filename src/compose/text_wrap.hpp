#pragma once
// Line length rules of the text part (docs/mail-protocol.md: "no line over 78 characters in the
// text part"). Columns are Unicode code points of UTF-8 text.
#include <cstddef>
#include <string>
#include <vector>

namespace ck::compose {

std::size_t columns(const std::string& utf8);

// Joins `units` with single spaces into lines of at most `width` columns; a unit longer than
// the width gets a line of its own (and is broken by wrap_lines later).
std::string join_wrapped(const std::vector<std::string>& units, std::size_t width);

// join_wrapped a unit at a time, for a list that grows at its end: after add(u1) ... add(un),
// text() is join_wrapped({u1, ..., un}, width). A copy goes on from where the original was.
class WrappedJoin {
public:
    explicit WrappedJoin(std::size_t width) : width_(width) {}
    void add(const std::string& unit);
    std::string text() const { return done_ + line_; }

private:
    std::size_t width_;
    std::string done_;  // the full lines so far, each ended by '\n'
    std::string line_;  // the line being filled
    std::size_t line_columns_ = 0;
};

// Every line over `width` columns is broken at its last space within the width (or hard, at
// the width, when there is none); continuation lines repeat the line's leading run of blanks
// and '>' quote marks.
std::string wrap_lines(const std::string& text, std::size_t width);

}  // namespace ck::compose
