#pragma once
// What is wrong with a line that starts with a command's word but is not that command
// (docs/mail-protocol.md "What the referee reads": a refusal names what it could not read).
// parse_commands (commands.hpp) makes such a line Unknown; the answer quotes the line and adds
// the sentence returned here, so the player learns which word to change, e.g.
//   leave 0                  -> leave takes a number of days from 1 to 365, as in "leave 7".
//   challenge ben kriegspiel -> "ben" is not a mail address: ...
//   challenge a@b.c crazyhouse hidden berkley
//                            -> "berkley" is no rule set, time control, "hidden" or
//                               "casual" (did you mean berkeley?) ...
// The sentence is built from the line alone and from public lists (variants, rule sets): it
// tells nothing about any game.
#include <string>
#include <string_view>
#include <vector>

#include "mail/outgoing.hpp"

namespace ck::daemon {

// The sentence for `line` (as the player wrote it); empty when the line does not start with a
// command's word, or when there is nothing more precise to say than "not understood".
std::string command_problem(std::string_view line);

// Quotes the lines not acted on into `mail`, the sender's one answer (compose/reply_sections.hpp):
// each line with a problem under its own heading ("Not done: " and the sentence), the others
// together under compose::NotUnderstoodHeading; at most compose::MaxQuotedLines lines in all.
void append_unknown_lines(mail::OutgoingMail& mail, const std::vector<std::string>& lines);

}  // namespace ck::daemon
