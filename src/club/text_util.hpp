#pragma once
// Small text helpers shared by the club files (ASCII rules; UTF-8 passes through untouched).
#include <cstddef>
#include <string>
#include <string_view>

#include "core/html.hpp"
#include "core/text.hpp"

namespace ck::club::text {

bool has_control(std::string_view s);  // any byte < 0x20 or 0x7f
// Text that survives tournament.ini: one line, no spaces at either end (may be empty).
bool one_line(std::string_view s);
using core::iequals_ascii;  // core/text.hpp
using core::lower_ascii;    // A-Z to a-z, other bytes unchanged
// A lower-case word: [a-z0-9-]* (may be empty).
bool is_word(std::string_view s);
// Display columns of UTF-8 text: one per code point (no wide or combining characters expected).
std::size_t columns(std::string_view s);
// `s` cut to at most `width` columns, ending in "…" when cut; never splits a code point.
std::string fit(std::string_view s, std::size_t width);
std::string pad_right(std::string_view s, std::size_t width);  // by columns
std::string pad_left(std::string_view s, std::size_t width);
using core::html_escape;  // core/html.hpp: &, <, >, " and ' escaped

}  // namespace ck::club::text
