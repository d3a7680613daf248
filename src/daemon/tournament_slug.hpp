#pragma once
// A tournament's id from its name (README "Tournaments"): the name's ASCII letters and digits,
// lower-case, joined by '-', an accented Latin letter (U+00C0..U+017F) as its letter ("Ünïcode
// Cup" -> unicode-cup), at most 40 characters; "tournament" when nothing is left.
// create_tournament adds "-2", "-3" ... when the id is taken; the standings mail names the id
// when it is not the name's own.
#include <string>

namespace ck::daemon {

std::string tournament_slug(const std::string& name);

}  // namespace ck::daemon
