#pragma once
// One answer per mail (README "What a reply may contain"): everything the referee says to the
// sender of one mail goes out as one mail, and the sections that carry what no template holds
// (lines not understood, a note from the opponent).
#include <string>
#include <vector>

#include "mail/outgoing.hpp"

namespace ck::compose {

// The first mail, with each later one's text and HTML body appended as a section under its
// subject, and their attachments; every header is the first's. `parts` must not be empty.
mail::OutgoingMail merge_replies(std::vector<mail::OutgoingMail> parts);

// Appends `heading` and then `lines`, each quoted "> line", to the text body, and the same (HTML
// escaped, in a blockquote) to the HTML body. The quoting marks the lines as someone's words,
// so no line can pass for the referee's own (an announcement, say).
void append_quoted_section(mail::OutgoingMail& mail, const std::string& heading,
                           const std::vector<std::string>& lines);

// Appends `heading` and then `lines` as the referee's own words (not quoted; each line "- LINE"
// wrapped at 76 columns; an HTML list). For what the referee has to say about
// the sender's lines that no template holds: why a move was refused, what was not used
// (README "Mail protocol for players").
void append_section(mail::OutgoingMail& mail, const std::string& heading,
                    const std::vector<std::string>& lines);

// At most `n` of `lines`, with "..." as the last when some were left out (a mail of many lines
// not understood is quoted back only in part).
std::vector<std::string> first_lines(std::vector<std::string> lines, std::size_t n);

// How many lines not understood an answer quotes at most.
inline constexpr std::size_t MaxQuotedLines = 8;

// The heading of the section that quotes a mail's lines the referee did not act on.
inline constexpr const char* NotUnderstoodHeading = "Not understood, nothing done:";

}  // namespace ck::compose
