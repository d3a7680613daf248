#pragma once
// A tiny Mustache-like template engine (no external dependencies), so a club can change the
// wording of every mail without rebuilding (docs/mail-protocol.md: "All wording lives in
// templates/").
//
// Syntax:
//   {{name}}               the value of `name` (HTML-escaped when the template is HTML)
//   {{#name}}...{{/name}}  a list: repeated once per item; a flag or text: shown if true/non-empty
//   {{^name}}...{{/name}}  shown only if `name` is false, empty text or an empty list
//   {{>name}}              another template of the same set and kind (.txt or .html)
//   {{! comment }}         nothing
// A section, partial or comment tag alone on its line removes the whole line (Mustache's
// "standalone" rule), so text templates read as they print. Names are looked up from the
// innermost list item outwards. An unknown name is an error naming the file, line and name.
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/html.hpp"
#include "core/result.hpp"

namespace ck::compose {

struct ComposeError {
    std::string message;  // names the template file and the placeholder
};

class GrowingList;

// The first `count` items of a GrowingList, shared (Context::growing).
struct GrowingHead {
    std::shared_ptr<const GrowingList> list;
    std::size_t count = 0;
};

// The data a template is rendered with.
struct Context {
    std::map<std::string, std::string> text;
    std::map<std::string, bool> flags;
    std::map<std::string, std::vector<Context>> lists;
    // A list's head kept across renders: the list named `name` is growing[name]'s items
    // followed by lists[name]'s (the name must be in `lists` too, if only as an empty list).
    std::map<std::string, GrowingHead> growing;

    Context& set(const std::string& name, std::string value) {
        text[name] = std::move(value);
        return *this;
    }
    Context& flag(const std::string& name, bool value) {
        flags[name] = value;
        return *this;
    }
};

// A list that grows at its end across many renders (a game's move rows: README "Benchmarks",
// the serve row): its items are kept once, and each section over it remembers what it rendered
// of each item, so that a later render renders only the items added since. An item's text is
// remembered only when its rendering read nothing outside the item (no name found in an outer
// context, no partial): then it depends on the section and the item alone, and an item never
// changes once added. A section is known by its template's origin and its place in it
// (Template::Node::serial), so the owner keeps one GrowingList per template set (its
// identity): two sets with the same file names may differ in content. One thread at a time.
class GrowingList {
public:
    void push_back(Context item) { items_.push_back(std::move(item)); }
    const std::vector<Context>& items() const { return items_; }

    // What one section rendered of the first ends.size() items: item i is
    // text[ends[i-1], ends[i]) (from 0 for the first).
    struct Rendered {
        std::vector<std::size_t> ends;
        std::string text;
        // The same items in a form the owner derives from their text and keeps with it (compose:
        // their quoted-printable encoding, mail::EncodedRun): item i is
        // derived[derived_ends[i-1], derived_ends[i]). The engine neither reads nor writes it.
        std::vector<std::size_t> derived_ends;
        std::string derived;
    };
    // The record of the section `serial` of the template `origin` (empty at first).
    Rendered& rendered(const std::string& origin, int serial) const {
        return rendered_[{origin, serial}];
    }

private:
    std::vector<Context> items_;
    mutable std::map<std::pair<std::string, int>, Rendered> rendered_;
};

// Where a render copied what a section had kept of a GrowingList's items into its output:
// output[offset, offset + rendered->ends[items - 1]) is rendered->text's first `items` items.
struct KeptRun {
    std::size_t offset = 0;
    GrowingList::Rendered* rendered = nullptr;
    std::size_t items = 0;
};

enum class Escape : unsigned char { None, Html };

class Template;
// Looks up partials by name; null when absent.
using PartialLookup = std::map<std::string, const Template*>;

class Template {
public:
    // `origin` names the file in error messages.
    static core::Result<Template, ComposeError> parse(std::string origin, const std::string& src,
                                                      Escape escape);

    // `runs`, when given, gets where kept items went into the output (KeptRun).
    core::Result<std::string, ComposeError> render(const Context& data,
                                                   const PartialLookup& partials = {},
                                                   std::vector<KeptRun>* runs = nullptr) const;

    const std::string& origin() const { return origin_; }

    // Renders after `out` with the names of `stack` (innermost last) seen as one context, as
    // {{>name}} renders a partial (render: a stack of `data` alone). `stack` is as given again
    // on return.
    core::Result<void, ComposeError> render_into(std::vector<const Context*>& stack,
                                                 const PartialLookup& partials, std::string& out,
                                                 std::vector<KeptRun>* runs = nullptr) const;

    struct Node {
        enum class Kind : unsigned char { Text, Var, Section, Inverted, Partial } kind;
        std::string text;  // Text: the text; others: the name
        int line = 0;
        std::vector<Node> children;
        int serial = 0;  // Section: its place among the template's sections, from 1
    };

private:
    std::string origin_;
    Escape escape_ = Escape::None;
    std::vector<Node> nodes_;
};

using core::html_escape;  // core/html.hpp

}  // namespace ck::compose
