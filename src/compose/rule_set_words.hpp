#pragma once
// The sentences of the rule sets' own announcements (docs/rulesets.md): `pawn-tries` in its three
// forms and `promotion`, from templates/words. Both players and onlookers read the same words:
// the announcements say the same to both.
#include <string>

#include "compose/template_engine.hpp"
#include "compose/template_set.hpp"
#include "core/result.hpp"
#include "referee/announcement.hpp"
#include "referee/player_view.hpp"

namespace ck::compose {

// "Two pawn tries.", "No pawn captures.", "Pawn tries from c4 and e4.", "A pawn was promoted."
core::Result<std::string, ComposeError> rule_set_sentence(const TemplateSet& words,
                                                          const referee::Announcement& a);

// Fills `c` with what the mails say of the game's rule set (docs/rulesets.md):
//   has_any     hidden play under a rule set that has `any?` (the commands list shows it)
//   no_any      hidden play under a rule set without it (the help mail leaves it out)
//   has_rules_text, rules, rules_text
//               a rule set other than the default: its name and the paragraph `rules-about-NAME`
//               of the words file (what it announces)
// Without a view (a mail about no game) every flag is false.
core::Result<void, ComposeError> fill_rule_set(const TemplateSet& words,
                                               const referee::PlayerView* view, Context& c);

}  // namespace ck::compose
