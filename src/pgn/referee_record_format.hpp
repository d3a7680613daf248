#pragma once
// The annotation syntax of referee and player records (grammar in referee_record.hpp): writing
// `[%req]`, `[%ann]`, `[%view]` annotations and reading them back out of a PGN comment.
#include <string>
#include <string_view>
#include <vector>

#include "referee/announcement.hpp"
#include "referee/ruling.hpp"
#include "rules/types.hpp"

namespace ck::pgn::record {

std::string_view side_word(rules::Color c);  // "white" | "black"

// A value as written: bare when it can be, else quoted with \\ \" \xHH escapes.
std::string encode_value(std::string_view value, bool force_quote = false);

// `[%req ...]`, or `[%end RESULT REASON]` for a Ruling with ending set.
std::string format_request(const referee::Ruling& r);
std::string format_announcement(std::string_view audience, const referee::Announcement& a);
std::string format_view(rules::Color player, std::string_view board);
// The announcements of one ruling, both players' lists merged in an order that keeps each
// player's order; an announcement told identically to both at the same point is `both`.
std::vector<std::string> format_announcements(const referee::Ruling& r);

// One `[%name arg ...]` annotation read from a comment; quoted args decoded, `key="v"` given as
// `key=v`.
struct Annotation {
    std::string name;
    std::vector<std::string> args;
    int line = 0;
};
// Appends the annotations of one comment (starting at line `first_line`); text that is not an
// annotation is skipped. False with *error set on a malformed annotation.
bool parse_annotations(std::string_view comment, int first_line, std::vector<Annotation>& out,
                       std::string* error);

// Announcement from `[%ann AUDIENCE TYPE key=value...]` args (after the audience); false with
// *error on an unknown type or key.
bool parse_announcement(const std::vector<std::string>& args, std::size_t first,
                        referee::Announcement& out, std::string* error);
std::string describe(const referee::Announcement& a);  // "capture square=e5 piece=pawn"

// Movetext layout: units joined by spaces, lines broken between units at 80 columns.
class LineWrapper {
public:
    void add(std::string_view unit);
    // `{a b c}` with breaks allowed only between the annotations.
    void add_comment(const std::vector<std::string>& annotations);
    std::string finish();  // the text with a final newline

    // The text so far, without the final newline.
    const std::string& text() const { return text_; }
    // A wrapper that goes on where this one stands with none of its text: text() + c.finish()
    // after any calls on c equals finish() after the same calls on a copy of this one, without
    // copying the text (a record's last comment and result after its kept movetext).
    LineWrapper continued() const;

private:
    std::string text_;
    std::size_t column_ = 0;  // 0 only before the first unit: a unit always follows a break
    bool first_line_ = true;
};

}  // namespace ck::pgn::record
