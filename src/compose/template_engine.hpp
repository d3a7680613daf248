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
#include <map>
#include <string>
#include <vector>

#include "core/html.hpp"
#include "core/result.hpp"

namespace ck::compose {

struct ComposeError {
    std::string message;  // names the template file and the placeholder
};

// The data a template is rendered with.
struct Context {
    std::map<std::string, std::string> text;
    std::map<std::string, bool> flags;
    std::map<std::string, std::vector<Context>> lists;

    Context& set(const std::string& name, std::string value) {
        text[name] = std::move(value);
        return *this;
    }
    Context& flag(const std::string& name, bool value) {
        flags[name] = value;
        return *this;
    }
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

    core::Result<std::string, ComposeError> render(const Context& data,
                                                   const PartialLookup& partials = {}) const;

    const std::string& origin() const { return origin_; }
    Escape escape() const { return escape_; }

    struct Node {
        enum class Kind : unsigned char { Text, Var, Section, Inverted, Partial } kind;
        std::string text;  // Text: the text; others: the name
        int line = 0;
        std::vector<Node> children;
    };

    const std::vector<Node>& nodes() const { return nodes_; }

private:
    std::string origin_;
    Escape escape_ = Escape::None;
    std::vector<Node> nodes_;
};

using core::html_escape;  // core/html.hpp

}  // namespace ck::compose
