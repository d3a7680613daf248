#pragma once
// The one reader of a line of move attempts as players write them by mail (docs/mail-protocol.md
// "What the referee reads"): the daemon's try lists (daemon/commands.hpp) and the referee's
// conditional moves (referee/conditional.hpp, docs/conditionals.md) both read their moves here,
// so "Nf3, Nc3", "any? Nf3 Ng5" and "12...Nf6" mean the same in a turn and in a conditional.
// No chess is checked: a token is a move when parse_move_text accepts it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/types.hpp"

namespace ck::rules {

// The words of a line: blanks, tabs, CR, commas, semicolons and no-break spaces (U+00A0, which
// mail clients put between words) separate them.
// `starts` (when given) gets each word's byte offset in the line.
std::vector<std::string> split_move_words(std::string_view line,
                                          std::vector<std::size_t>* starts = nullptr);

// The token as parse_move_text accepts it: as written, else re-cased (phones capitalise: "E4" ->
// "e4", "NF3" -> "Nf3"; a capital first letter is kept first so that "Bxc3" stays a bishop
// move), or with one trailing '.' dropped; nullopt when it is not a move.
std::optional<std::string> read_move_word(std::string_view token);

// "...", or the one-character ellipsis U+2026.
bool is_ellipsis(std::string_view token);

struct MoveNumber {
    int number = 0;
    Color side = Color::White;  // Black for "12..."
    std::string rest;           // a move written against the number ("12.Nf3" -> "Nf3")
};
// "12." "12..." "12…" "12.Nf3" "12...Nf3" (the dots are required: a bare "12" is not a number;
// at most four digits).
std::optional<MoveNumber> read_move_number(std::string_view token);

// One line of attempts: "e4", "Nf3, Nc3", "any? Nf3 Ng5", optionally led by a move number that
// applies to every attempt ("12. Nf3", "12...Nf6", "12. ... Nf6").
struct MoveListLine {
    std::optional<MoveNumber> number;  // `rest` already taken into `attempts`
    // Each a move as read_move_word gives it, or "any?" (also written "any", "any ?", any case).
    std::vector<std::string> attempts;
};
// nullopt when a word is not an attempt or there is none.
std::optional<MoveListLine> read_move_list(std::vector<std::string> words);

}  // namespace ck::rules
