#include "compose/rule_set_words.hpp"

#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::compose {
namespace {

using referee::AnnouncementType;

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// "e4", "c4 and e4", "b2, d2 and f2" (the joining word from `list-and`).
core::Result<std::string, ComposeError> square_list(const TemplateSet& w,
                                                    const std::vector<std::string>& squares) {
    auto and_word = w.word("list-and");
    if (!and_word) return and_word;
    std::string out;
    for (std::size_t i = 0; i < squares.size(); ++i) {
        if (i) out += i + 1 == squares.size() ? " " + *and_word + " " : ", ";
        out += squares[i];
    }
    return out;
}

}  // namespace

core::Result<std::string, ComposeError> rule_set_sentence(const TemplateSet& w,
                                                          const referee::Announcement& a) {
    if (a.type == AnnouncementType::Promotion) return w.word("promotion");
    Context c;
    if (a.count) {
        const int n = *a.count;
        if (n <= 1) return w.word("pawn-tries-count-" + std::to_string(n));
        auto number = w.word("number-" + std::to_string(n));
        if (!number) return number;
        c.set("count", *number).set("Count", capitalised(*number));
        return w.word("pawn-tries-count", c);
    }
    if (a.available) return w.word(*a.available ? "pawn-tries-available" : "pawn-tries-none");
    if (a.squares) {
        if (a.squares->empty()) return w.word("pawn-tries-squares-none");
        auto list = square_list(w, *a.squares);
        if (!list) return list;
        c.set("squares", *list);
        return w.word(a.squares->size() == 1 ? "pawn-try-square" : "pawn-tries-squares", c);
    }
    return std::string();
}

core::Result<void, ComposeError> fill_rule_set(const TemplateSet& w,
                                               const referee::PlayerView* game, Context& c) {
    if (!game) {
        c.flag("has_any", false).flag("no_any", false).flag("has_rules_text", false);
        c.flag("open_game", false).flag("no_drops", false);
        c.flag("has_placement_text", false);
        return {};
    }
    const referee::PlayerView& view = *game;
    // The help of a game lists only what the game has: no `any?` in open play, no drops
    // where captured pieces do not go to a pocket.
    const rules::Variant* variant = rules::find_variant(view.variant);
    c.flag("open_game", !view.hidden);
    c.flag("no_drops", variant != nullptr && !rules::has_pockets(*variant));
    // Replacement and Putback: how a capture names its placement (issue 24, D2), in the
    // game-start mail and the help; the hidden form says what a bare capture means there.
    const bool placing = view.variant == "replacement" || view.variant == "putback";
    c.flag("has_placement_text", placing);
    if (placing) {
        auto text = w.word("placement-" + view.variant + (view.hidden ? "-hidden" : ""));
        if (!text) return core::unexpected(text.error());
        c.set("placement_text", *text);
    }
    const referee::KriegspielRules& k = referee::kriegspiel_rules(view.rules);
    const bool has_any = k.any != referee::AnyRule::None;
    c.flag("has_any", view.hidden && has_any).flag("no_any", view.hidden && !has_any);
    const bool named = view.hidden && k.id != referee::RuleSet::CrazyKrieg;
    c.flag("has_rules_text", named);
    if (!named) return {};
    auto text = w.word("rules-about-" + std::string(k.name));
    if (!text) return core::unexpected(text.error());
    c.set("rules", std::string(k.name)).set("rules_text", *text);
    return {};
}

}  // namespace ck::compose
