#pragma once
// Kriegspiel rule sets behind `--rules NAME` (../shared/spec/referee.md, "Variants and
// visibility"). Only the default `crazykrieg` set is implemented; the other names are known so
// that the command line can say so instead of calling them unknown.
#include <optional>
#include <string_view>

namespace ck::referee {

enum class RuleSet : unsigned char { CrazyKrieg };

// Case-insensitive; nullopt for a name that is not an implemented rule set.
std::optional<RuleSet> find_rule_set(std::string_view name);
// True for the names the spec lists as further rule sets (wild16, berkeley, ...), which this
// referee does not implement yet.
bool is_known_unimplemented_rule_set(std::string_view name);
std::string_view rule_set_name(RuleSet r);

}  // namespace ck::referee
