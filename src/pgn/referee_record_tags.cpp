// Tags of referee and player records (referee_record.hpp).
#include "pgn/referee_record_tags.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/text.hpp"
#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::pgn::record {
namespace {

constexpr const char* Roster[] = {"Event", "Site", "Date", "Round", "White", "Black"};
constexpr const char* Derived[] = {"Result", "Variant", "Kriegspiel", "SetUp", "FEN"};

std::string escape_tag(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '\\' || c == '"') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

const std::string* find(const TagList& tags, const std::string& name) {
    for (const auto& [n, v] : tags)
        if (n == name) return &v;
    return nullptr;
}

}  // namespace

std::string write_tags(const TagList& given, const referee::GameSetup& setup,
                       const std::string& result) {
    std::ostringstream out;
    auto tag = [&](const std::string& n, const std::string& v) {
        out << '[' << n << " \"" << escape_tag(v) << "\"]\n";
    };
    for (const char* n : Roster) {
        const std::string* v = find(given, n);
        tag(n, v ? *v : "?");
    }
    tag("Result", result);
    const rules::Variant& v =
        setup.variant ? *setup.variant : rules::variant_of(rules::VariantId::Chess);
    if (v.id != rules::VariantId::Chess) tag("Variant", std::string(v.pgn_name));
    if (setup.hidden) tag("Kriegspiel", std::string(referee::rule_set_name(setup.rules)));
    if (setup.fen) {
        tag("SetUp", "1");
        tag("FEN", *setup.fen);
    }
    for (const auto& [n, val] : given) {
        bool skip = std::any_of(std::begin(Roster), std::end(Roster),
                                [&name = n](const char* r) { return name == r; }) ||
                    std::any_of(std::begin(Derived), std::end(Derived),
                                [&name = n](const char* r) { return name == r; });
        if (!skip) tag(n, val);
    }
    out << '\n';
    return out.str();
}

bool setup_from_tags(const TagList& tags, referee::GameSetup& out, std::string* error) {
    out = referee::GameSetup{};
    const std::string* variant = find(tags, "Variant");
    if (!variant || variant->empty() || core::iequals_ascii(*variant, "Standard") ||
        core::iequals_ascii(*variant, "chess")) {
        out.variant = &rules::variant_of(rules::VariantId::Chess);
    } else {
        out.variant = rules::find_variant(*variant);
        if (!out.variant) {
            *error = "unknown variant '" + *variant + "'";
            return false;
        }
    }
    if (const std::string* k = find(tags, "Kriegspiel")) {
        auto rs = referee::find_rule_set(*k);
        if (!rs) {
            *error = "unknown Kriegspiel rule set '" + *k + "'";
            return false;
        }
        out.hidden = true;
        out.rules = *rs;
    }
    if (const std::string* fen = find(tags, "FEN")) out.fen = *fen;
    return true;
}

void start_of(const referee::GameSetup& setup, int& move_number, bool& white_to_move) {
    move_number = 1;
    white_to_move = true;
    if (!setup.fen) return;
    std::istringstream in(*setup.fen);
    std::string board, side, castling, ep, halfmove, fullmove;
    in >> board >> side >> castling >> ep >> halfmove >> fullmove;
    white_to_move = side != "b";
    if (!fullmove.empty() &&
        std::all_of(fullmove.begin(), fullmove.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
        fullmove.size() < 6)
        move_number = std::max(1, std::stoi(fullmove));
}

}  // namespace ck::pgn::record
