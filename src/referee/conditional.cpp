// The conditional tree: merging lines by their common prefixes, rendering them back as lines
// (referee/conditional.hpp).
#include "referee/conditional.hpp"

namespace ck::referee {
namespace {

bool same_condition(const Condition& a, const Condition& b) {
    return condition_text(a) == condition_text(b);
}

// One canonical line of a path of branches.
std::string line_text(const std::vector<const Branch*>& path, bool hidden) {
    if (!hidden) {
        // Open: "if d5 then exd5 Qxd5 Nc3".
        std::string s = "if " + condition_text(path.front()->when) + " then " +
                        reply_text(path.front()->reply, false);
        for (std::size_t i = 1; i < path.size(); ++i)
            s += " " + condition_text(path[i]->when) + " " + reply_text(path[i]->reply, false);
        return s;
    }
    std::string s;
    for (const Branch* b : path) {
        s += (s.empty() ? "if " : " if ") + condition_text(b->when) + " then " +
             reply_text(b->reply, true);
    }
    return s;
}

void collect(const Branch& b, std::vector<const Branch*>& path, bool hidden,
             std::vector<std::string>& out) {
    path.push_back(&b);
    if (b.next.empty()) out.push_back(line_text(path, hidden));
    for (const Branch& n : b.next) collect(n, path, hidden, out);
    path.pop_back();
}

// Removes the `number`-th leaf (counting down from `number`); prunes branches left without a
// leaf. Returns true when it removed one.
bool remove_leaf(std::vector<Branch>& branches, int& number) {
    for (std::size_t i = 0; i < branches.size(); ++i) {
        Branch& b = branches[i];
        if (b.next.empty()) {
            if (--number == 0) {
                branches.erase(branches.begin() + static_cast<std::ptrdiff_t>(i));
                return true;
            }
            continue;
        }
        if (remove_leaf(b.next, number)) {
            if (b.next.empty()) branches.erase(branches.begin() + static_cast<std::ptrdiff_t>(i));
            return true;
        }
    }
    return false;
}

}  // namespace

core::Result<void, ConditionalError> add_line(ConditionalTree& tree, const ConditionalLine& line) {
    // Check the whole line before changing anything.
    const std::vector<Branch>* level = &tree.branches;
    std::size_t shared = 0;
    for (; shared < line.steps.size(); ++shared) {
        const Step& step = line.steps[shared];
        const Branch* found = nullptr;
        for (const Branch& b : *level)
            if (same_condition(b.when, step.when)) found = &b;
        if (!found) break;
        if (found->reply != step.reply)
            return core::unexpected(ConditionalError{
                line.source, "after " + condition_text(step.when) + " you already play " +
                                 reply_text(found->reply, tree.hidden) + ", not " +
                                 reply_text(step.reply, tree.hidden) +
                                 " (clear that line first: `conditional clear N`)"});
        level = &found->next;
    }
    std::vector<Branch>* into = &tree.branches;
    for (std::size_t k = 0; k < line.steps.size(); ++k) {
        const Step& step = line.steps[k];
        Branch* found = nullptr;
        if (k < shared)
            for (Branch& b : *into)
                if (same_condition(b.when, step.when)) found = &b;
        if (!found) {
            into->push_back(Branch{step.when, step.reply, {}});
            found = &into->back();
        }
        into = &found->next;
    }
    return {};
}

std::vector<std::string> render_lines(const ConditionalTree& tree) {
    std::vector<std::string> out;
    std::vector<const Branch*> path;
    for (const Branch& b : tree.branches) collect(b, path, tree.hidden, out);
    return out;
}

bool remove_line(ConditionalTree& tree, int number) {
    if (number < 1) return false;
    return remove_leaf(tree.branches, number);
}

}  // namespace ck::referee
