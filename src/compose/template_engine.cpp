#include "compose/template_engine.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

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

// The context stack, innermost last.
using Stack = std::vector<const Context*>;

struct Found {
    const std::string* text = nullptr;
    const bool* flag = nullptr;
    const std::vector<Context>* list = nullptr;
    const GrowingHead* head = nullptr;  // a list's kept head (Context::growing), if any
    std::size_t depth = 0;              // the index in the stack of the context it was found in
};

// A list found in `c` (with its kept head, if any), at `depth`.
Found list_in(const Context& c, const std::vector<Context>& list, std::size_t depth,
              const std::string& name) {
    Found f{nullptr, nullptr, &list, nullptr, depth};
    if (!c.growing.empty())
        if (auto g = c.growing.find(name); g != c.growing.end() && g->second.list)
            f.head = &g->second;
    return f;
}

// One context's binding of `name`: its text, else its flag, else its list.
Found in_context(const Context& c, const std::string& name, std::size_t depth) {
    if (auto t = c.text.find(name); t != c.text.end())
        return Found{&t->second, nullptr, nullptr, nullptr, depth};
    if (auto f = c.flags.find(name); f != c.flags.end())
        return Found{nullptr, &f->second, nullptr, nullptr, depth};
    if (auto l = c.lists.find(name); l != c.lists.end()) return list_in(c, l->second, depth, name);
    return Found{};
}

// `name` in `stack`, innermost first. The first `merged` contexts (bottom of the stack) count as
// ONE context, as a partial sees them (Renderer, Partial): the innermost text of the name among
// them, else the innermost flag, else the innermost list, the order in which a context merged
// from them would answer.
Found lookup(const Stack& stack, const std::string& name, std::size_t merged = 0) {
    for (std::size_t i = stack.size(); i > merged; --i)
        if (Found f = in_context(*stack[i - 1], name, i - 1); f.text || f.flag || f.list) return f;
    Found f;
    for (std::size_t i = merged; i > 0 && !f.text; --i)
        if (auto t = stack[i - 1]->text.find(name); t != stack[i - 1]->text.end()) {
            f.text = &t->second;
            f.depth = i - 1;
        }
    if (f.text) return f;
    for (std::size_t i = merged; i > 0 && !f.flag; --i)
        if (auto b = stack[i - 1]->flags.find(name); b != stack[i - 1]->flags.end()) {
            f.flag = &b->second;
            f.depth = i - 1;
        }
    if (f.flag) return f;
    for (std::size_t i = merged; i > 0; --i)
        if (auto l = stack[i - 1]->lists.find(name); l != stack[i - 1]->lists.end())
            return list_in(*stack[i - 1], l->second, i - 1, name);
    return f;
}

// core::html_escape(s) appended to `out`, without a string of its own for each value (a mail
// at ply 300 escapes a thousand of them): the same five characters, escaped the same way.
void append_html_escaped(std::string& out, std::string_view s) {
    std::size_t from = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char* entity = nullptr;
        switch (s[i]) {
            case '&':
                entity = "&amp;";
                break;
            case '<':
                entity = "&lt;";
                break;
            case '>':
                entity = "&gt;";
                break;
            case '"':
                entity = "&quot;";
                break;
            case '\'':
                entity = "&#39;";
                break;
            default:
                continue;
        }
        out.append(s.data() + from, i - from);
        out += entity;
        from = i + 1;
    }
    out.append(s.data() + from, s.size() - from);
}

bool truthy(const Found& f) {
    if (f.text) return !f.text->empty();
    if (f.flag) return *f.flag;
    return !f.list->empty() || (f.head && f.head->count > 0);
}

struct Renderer {
    const std::string& origin;
    Escape escape;
    const PartialLookup& partials;
    // How many contexts at the bottom of the stack a partial sees as one (lookup).
    std::size_t merged = 0;
    // The lowest index in the stack any name was found at (0 after a partial), while an item
    // of a GrowingList renders: its text is kept only if this stayed at or above the item.
    std::size_t lowest = static_cast<std::size_t>(-1);
    std::vector<KeptRun>* runs = nullptr;  // where kept items go into `out`, if asked

    Found find(const Stack& stack, const std::string& name) {
        Found f = lookup(stack, name, merged);
        if ((f.text || f.flag || f.list) && f.depth < lowest) lowest = f.depth;
        return f;
    }

    core::Result<void, ComposeError> run_item(const Node& n, const Context& item, Stack& stack,
                                              std::string& out) {
        stack.push_back(&item);
        auto r = run(n.children, stack, out);
        stack.pop_back();
        return r;
    }

    // The kept head of a section's list: what this section rendered of its items before,
    // then the items it has not rendered yet, remembered when they read nothing outside
    // themselves (GrowingList).
    core::Result<void, ComposeError> run_head(const Node& n, const GrowingHead& head, Stack& stack,
                                              std::string& out) {
        const std::vector<Context>& items = head.list->items();
        const std::size_t count = std::min(head.count, items.size());
        GrowingList::Rendered& kept = head.list->rendered(origin, n.serial);
        const std::size_t have = std::min(count, kept.ends.size());
        const std::size_t first = out.size();
        if (have > 0) out.append(kept.text, 0, kept.ends[have - 1]);
        for (std::size_t i = have; i < count; ++i) {
            const std::size_t start = out.size();
            const std::size_t outer_lowest = lowest;
            lowest = static_cast<std::size_t>(-1);
            auto r = run_item(n, items[i], stack, out);
            const bool own = lowest >= stack.size();  // the item would sit at stack.size()
            lowest = std::min(lowest, outer_lowest);
            if (!r) return r;
            if (own && i == kept.ends.size()) {
                kept.text.append(out, start, out.size() - start);
                kept.ends.push_back(kept.text.size());
            }
        }
        // The items kept now (those rendered here included) lie at `first`, in order: each
        // item was kept only right after the ones before it.
        if (runs && std::min(count, kept.ends.size()) > 0)
            runs->push_back(KeptRun{first, &kept, std::min(count, kept.ends.size())});
        return {};
    }

    core::Result<void, ComposeError> run(const std::vector<Node>& nodes, Stack& stack,
                                         std::string& out) {
        for (const Node& n : nodes) {
            switch (n.kind) {
                case Node::Kind::Text:
                    out += n.text;
                    break;
                case Node::Kind::Var: {
                    Found f = find(stack, n.text);
                    if (!f.text && !f.flag && !f.list)
                        return core::unexpected(
                            error_at(origin, n.line, "unknown placeholder {{" + n.text + "}}"));
                    if (!f.text)
                        return core::unexpected(error_at(
                            origin, n.line, "{{" + n.text + "}} is a section, not a value"));
                    if (escape == Escape::Html)
                        append_html_escaped(out, *f.text);
                    else
                        out += *f.text;
                    break;
                }
                case Node::Kind::Section:
                case Node::Kind::Inverted: {
                    Found f = find(stack, n.text);
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
                        if (f.head)
                            if (auto r = run_head(n, *f.head, stack, out); !r) return r;
                        for (const Context& item : *f.list)
                            if (auto r = run_item(n, item, stack, out); !r) return r;
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
                    // The partial sees every name visible here, innermost winning: the
                    // whole stack as one context (lookup), rendered in place, without a copy
                    // of the contexts (a board's lists are copied per partial otherwise).
                    // A partial that includes itself would never end: cap the nesting.
                    thread_local int depth = 0;
                    if (depth >= 16)
                        return core::unexpected(error_at(
                            origin, n.line, "partials nested too deep at {{>" + n.text + "}}"));
                    ++depth;
                    lowest = 0;  // what the partial reads is not followed
                    auto r = p->second->render_into(stack, partials, out, runs);
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
    int sections = 0;
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
            open.push_back(Node{sigil == '#' ? Node::Kind::Section : Node::Kind::Inverted,
                                name,
                                line,
                                {},
                                ++sections});
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
                                                         const PartialLookup& partials,
                                                         std::vector<KeptRun>* runs) const {
    std::string out;
    Stack stack{&data};
    if (auto ok = render_into(stack, partials, out, runs); !ok) return core::unexpected(ok.error());
    return out;
}

core::Result<void, ComposeError> Template::render_into(std::vector<const Context*>& stack,
                                                       const PartialLookup& partials,
                                                       std::string& out,
                                                       std::vector<KeptRun>* runs) const {
    Renderer r{origin_, escape_, partials, stack.size()};
    r.runs = runs;
    return r.run(nodes_, stack, out);
}

}  // namespace ck::compose
