#include "compose/template_engine.hpp"

#include <cstddef>

#include "core/text.hpp"

namespace ck::compose {
namespace {

using Node = Template::Node;

bool blank(const std::string& s, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return false;
    return true;
}

int line_at(const std::string& s, std::size_t pos) {
    int line = 1;
    for (std::size_t i = 0; i < pos && i < s.size(); ++i)
        if (s[i] == '\n') ++line;
    return line;
}

ComposeError error_at(const std::string& origin, int line, const std::string& what) {
    return ComposeError{origin + ":" + std::to_string(line) + ": " + what};
}

// One level of the context stack: a list item (or the data), or, at the bottom of a partial,
// every context visible where the partial was included, outermost first (`merged`). A merged
// level reads as the union of its contexts with the innermost value of each name winning, texts
// before flags before lists: what copying them into one Context gave, without the copy (at
// ply 300 a turn mail's partials copied the move list's rows each time).
struct Level {
    const Context* one = nullptr;
    std::vector<const Context*> merged;
};
// The context stack, innermost last.
using Stack = std::vector<Level>;

struct Found {
    const std::string* text = nullptr;
    const bool* flag = nullptr;
    const std::vector<Context>* list = nullptr;
};

Found lookup_in(const Context& c, const std::string& name) {
    if (auto t = c.text.find(name); t != c.text.end()) return Found{&t->second, nullptr, nullptr};
    if (auto f = c.flags.find(name); f != c.flags.end()) return Found{nullptr, &f->second, nullptr};
    if (auto l = c.lists.find(name); l != c.lists.end()) return Found{nullptr, nullptr, &l->second};
    return Found{};
}

Found lookup_merged(const std::vector<const Context*>& merged, const std::string& name) {
    for (auto it = merged.rbegin(); it != merged.rend(); ++it)
        if (auto t = (*it)->text.find(name); t != (*it)->text.end())
            return Found{&t->second, nullptr, nullptr};
    for (auto it = merged.rbegin(); it != merged.rend(); ++it)
        if (auto f = (*it)->flags.find(name); f != (*it)->flags.end())
            return Found{nullptr, &f->second, nullptr};
    for (auto it = merged.rbegin(); it != merged.rend(); ++it)
        if (auto l = (*it)->lists.find(name); l != (*it)->lists.end())
            return Found{nullptr, nullptr, &l->second};
    return Found{};
}

Found lookup(const Stack& stack, const std::string& name) {
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        const Found f =
            it->one != nullptr ? lookup_in(*it->one, name) : lookup_merged(it->merged, name);
        if (f.text || f.flag || f.list) return f;
    }
    return Found{};
}

bool truthy(const Found& f) {
    if (f.text) return !f.text->empty();
    if (f.flag) return *f.flag;
    return !f.list->empty();
}

struct Renderer {
    const std::string& origin;
    Escape escape;
    const PartialLookup& partials;

    core::Result<void, ComposeError> run(const std::vector<Node>& nodes, Stack& stack,
                                         std::string& out) {
        for (const Node& n : nodes) {
            switch (n.kind) {
                case Node::Kind::Text:
                    out += n.text;
                    break;
                case Node::Kind::Var: {
                    Found f = lookup(stack, n.text);
                    if (!f.text && !f.flag && !f.list)
                        return core::unexpected(
                            error_at(origin, n.line, "unknown placeholder {{" + n.text + "}}"));
                    if (!f.text)
                        return core::unexpected(error_at(
                            origin, n.line, "{{" + n.text + "}} is a section, not a value"));
                    out += escape == Escape::Html ? html_escape(*f.text) : *f.text;
                    break;
                }
                case Node::Kind::Section:
                case Node::Kind::Inverted: {
                    Found f = lookup(stack, n.text);
                    if (!f.text && !f.flag && !f.list)
                        return core::unexpected(
                            error_at(origin, n.line, "unknown placeholder {{#" + n.text + "}}"));
                    bool on = truthy(f);
                    if (n.kind == Node::Kind::Inverted) {
                        if (!on) {
                            auto r = run(n.children, stack, out);
                            if (!r) return r;
                        }
                    } else if (f.list) {
                        for (const Context& item : *f.list) {
                            stack.push_back(Level{&item, {}});
                            auto r = run(n.children, stack, out);
                            stack.pop_back();
                            if (!r) return r;
                        }
                    } else if (on) {
                        auto r = run(n.children, stack, out);
                        if (!r) return r;
                    }
                    break;
                }
                case Node::Kind::Partial: {
                    auto p = partials.find(n.text);
                    if (p == partials.end() || p->second == nullptr)
                        return core::unexpected(
                            error_at(origin, n.line, "unknown partial {{>" + n.text + "}}"));
                    // The partial sees every name visible here, innermost winning (Level).
                    Level merged;
                    for (const Level& l : stack) {
                        if (l.one != nullptr)
                            merged.merged.push_back(l.one);
                        else
                            merged.merged.insert(merged.merged.end(), l.merged.begin(),
                                                 l.merged.end());
                    }
                    // A partial that includes itself would never end: cap the nesting.
                    thread_local int depth = 0;
                    if (depth >= 16)
                        return core::unexpected(error_at(
                            origin, n.line, "partials nested too deep at {{>" + n.text + "}}"));
                    ++depth;
                    const Template& partial = *p->second;
                    Stack inner{std::move(merged)};
                    Renderer sub{partial.origin(), partial.escape(), partials};
                    auto r = sub.run(partial.nodes(), inner, out);
                    --depth;
                    if (!r) return r;
                    break;
                }
            }
        }
        return {};
    }
};

}  // namespace

core::Result<Template, ComposeError> Template::parse(std::string origin, const std::string& src,
                                                     Escape escape) {
    Template t;
    t.origin_ = std::move(origin);
    t.escape_ = escape;
    // Open sections, innermost last; the root collects top-level nodes.
    std::vector<Node> open;
    open.push_back(Node{Node::Kind::Section, "", 0, {}});
    std::string text;
    auto flush = [&]() {
        if (!text.empty()) open.back().children.push_back(Node{Node::Kind::Text, text, 0, {}});
        text.clear();
    };
    std::size_t pos = 0;
    while (pos < src.size()) {
        std::size_t open_at = src.find("{{", pos);
        if (open_at == std::string::npos) {
            text += src.substr(pos);
            break;
        }
        std::size_t close_at = src.find("}}", open_at + 2);
        int line = line_at(src, open_at);
        if (close_at == std::string::npos)
            return core::unexpected(error_at(t.origin_, line, "unclosed {{"));
        std::string inner =
            core::trim_ascii(src.substr(open_at + 2, close_at - open_at - 2), " \t");
        std::size_t after = close_at + 2;
        char sigil = inner.empty() ? '\0' : inner[0];
        bool standalone_kind =
            sigil == '#' || sigil == '^' || sigil == '/' || sigil == '>' || sigil == '!';
        std::size_t text_end = open_at;
        if (standalone_kind) {
            std::size_t ls = src.rfind('\n', open_at == 0 ? 0 : open_at - 1);
            ls = (ls == std::string::npos || open_at == 0) ? 0 : ls + 1;
            if (open_at > 0 && src[open_at - 1] == '\n') ls = open_at;
            std::size_t le = src.find('\n', after);
            std::size_t le_end = le == std::string::npos ? src.size() : le;
            if (blank(src, ls, open_at) && blank(src, after, le_end)) {
                text_end = ls;
                after = le == std::string::npos ? src.size() : le + 1;
            }
        }
        text += src.substr(pos, text_end - pos);
        pos = after;
        if (sigil == '!') continue;
        std::string name = sigil == '#' || sigil == '^' || sigil == '/' || sigil == '>'
                               ? core::trim_ascii(inner.substr(1), " \t")
                               : inner;
        if (name.empty()) return core::unexpected(error_at(t.origin_, line, "empty {{ }} tag"));
        flush();
        if (sigil == '#' || sigil == '^') {
            open.push_back(
                Node{sigil == '#' ? Node::Kind::Section : Node::Kind::Inverted, name, line, {}});
        } else if (sigil == '/') {
            if (open.size() < 2 || open.back().text != name)
                return core::unexpected(
                    error_at(t.origin_, line, "{{/" + name + "}} closes no open section"));
            Node done = std::move(open.back());
            open.pop_back();
            open.back().children.push_back(std::move(done));
        } else if (sigil == '>') {
            open.back().children.push_back(Node{Node::Kind::Partial, name, line, {}});
        } else {
            open.back().children.push_back(Node{Node::Kind::Var, name, line, {}});
        }
    }
    flush();
    if (open.size() != 1)
        return core::unexpected(
            error_at(t.origin_, open.back().line, "{{#" + open.back().text + "}} is never closed"));
    t.nodes_ = std::move(open.back().children);
    return t;
}

core::Result<std::string, ComposeError> Template::render(const Context& data,
                                                         const PartialLookup& partials) const {
    std::string out;
    Stack stack{Level{&data, {}}};
    Renderer r{origin_, escape_, partials};
    auto ok = r.run(nodes_, stack, out);
    if (!ok) return core::unexpected(ok.error());
    return out;
}

}  // namespace ck::compose
