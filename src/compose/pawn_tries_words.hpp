#pragma once
// The sentences of the rule sets' own announcements (docs/rulesets.md): `pawn-tries` in its three
// forms and `promotion`, from templates/words. Both players and onlookers read the same words:
// the announcements say the same to both.
#include <string>

#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "referee/announcement.hpp"

namespace ck::compose {

// "Two pawn tries.", "No pawn captures.", "Pawn tries from c4 and e4.", "A pawn was promoted."
core::Result<std::string, ComposeError> rule_set_sentence(const TemplateSet& words,
                                                          const referee::Announcement& a);

}  // namespace ck::compose
