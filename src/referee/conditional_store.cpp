// The stored form of a conditional tree (referee/conditional.hpp, serialise): a version line, the
// mode, then the canonical lines, which parse_conditionals reads back.
#include "core/text.hpp"
#include "referee/conditional.hpp"

namespace ck::referee {
namespace {

constexpr std::string_view Version = "crazykrieg-conditionals-v1";

}  // namespace

std::string serialise(const ConditionalTree& tree) {
    std::string out(Version);
    out += tree.hidden ? "\nhidden\n" : "\nopen\n";
    for (const std::string& line : render_lines(tree)) out += line + "\n";
    return out;
}

core::Result<ConditionalTree, core::Error> deserialise(std::string_view text) {
    const std::size_t first = text.find('\n');
    if (first == std::string_view::npos || text.substr(0, first) != Version)
        return core::unexpected(core::corrupt_error("conditional moves: the first line is not \"" +
                                                    std::string(Version) + "\""));
    text.remove_prefix(first + 1);
    const std::size_t second = text.find('\n');
    const std::string mode(text.substr(0, second));
    if (mode != "open" && mode != "hidden")
        return core::unexpected(core::corrupt_error("conditional moves: the second line is \"" +
                                                    mode + "\", not open or hidden"));
    ConditionalTree tree;
    tree.hidden = mode == "hidden";
    const std::string_view body =
        second == std::string_view::npos ? std::string_view() : text.substr(second + 1);
    auto lines = parse_conditionals(body, tree.hidden);
    if (!lines)
        return core::unexpected(
            core::corrupt_error("conditional moves: " + lines.error().message()));
    for (const ConditionalLine& line : *lines) {
        auto added = add_line(tree, line);
        if (!added)
            return core::unexpected(
                core::corrupt_error("conditional moves: " + added.error().message()));
    }
    return tree;
}

}  // namespace ck::referee
