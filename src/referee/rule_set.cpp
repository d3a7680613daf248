#include "referee/rule_set.hpp"

#include <cctype>
#include <string>

namespace ck::referee {
namespace {

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::optional<RuleSet> find_rule_set(std::string_view name) {
    if (lower(name) == "crazykrieg") return RuleSet::CrazyKrieg;
    return std::nullopt;
}

bool is_known_unimplemented_rule_set(std::string_view name) {
    const std::string n = lower(name);
    for (const char* known :
         {"wild16", "berkeley", "berkeley-any", "cincinnati", "english", "rand"})
        if (n == known) return true;
    return false;
}

std::string_view rule_set_name(RuleSet r) {
    switch (r) {
        case RuleSet::CrazyKrieg:
            return "crazykrieg";
    }
    return "crazykrieg";
}

}  // namespace ck::referee
