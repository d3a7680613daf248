#include "mail/authentication_results.hpp"

#include "core/text.hpp"

namespace ck::mail {
namespace {

// One lexical item of the value: a word, a quoted string (quotes removed), or ';'.
struct Token {
    std::string text;
    bool quoted = false;
    bool semicolon = false;
};

// RFC 8601 section 2.2 with RFC 5322 CFWS: comments nest and may hold quoted pairs. A word
// keeps its '=' signs (a base64 header.b value ends in them); parse_resinfo splits it.
std::vector<Token> tokenize(std::string_view v) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < v.size()) {
        const char c = v[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else if (c == '(') {
            int depth = 0;
            for (; i < v.size(); ++i) {
                if (v[i] == '\\') {
                    ++i;
                } else if (v[i] == '(') {
                    ++depth;
                } else if (v[i] == ')' && --depth == 0) {
                    ++i;
                    break;
                }
            }
        } else if (c == ';') {
            out.push_back({";", false, true});
            ++i;
        } else if (c == '"') {
            std::string text;
            for (++i; i < v.size() && v[i] != '"'; ++i) {
                if (v[i] == '\\' && i + 1 < v.size()) ++i;
                text += v[i];
            }
            ++i;  // the closing quote
            out.push_back({text, true, false});
        } else {
            std::string text;
            while (i < v.size() &&
                   std::string_view(" \t\r\n();\"").find(v[i]) == std::string_view::npos)
                text += v[i++];
            out.push_back({text, false, false});
        }
    }
    return out;
}

// "name=value" pairs of one resinfo (blanks allowed around '='); the first is method=result.
// false when it is not of that form.
bool parse_resinfo(const std::vector<Token>& t, AuthResult& out) {
    std::size_t i = 0;
    while (i < t.size()) {
        if (t[i].quoted) return false;  // a name is never quoted
        std::string word = t[i++].text;
        std::size_t eq = word.find('=');
        std::string name = word.substr(0, eq);
        if (eq == std::string::npos) {  // "name =value" or "name = value"
            if (i >= t.size() || t[i].quoted || t[i].text.empty() || t[i].text[0] != '=')
                return false;
            word = t[i++].text;
            eq = 0;
        }
        std::string value = word.substr(eq + 1);
        if (value.empty()) {  // "name= value", "name="quoted""
            if (i >= t.size()) return false;
            value = t[i++].text;
        }
        if (name.empty()) return false;
        name = core::lower_ascii(name);
        if (out.method.empty()) {
            out.method = name.substr(0, name.find('/'));
            out.result = core::lower_ascii(value);
        } else {
            out.properties.emplace_back(name, value);
        }
    }
    return !out.method.empty();
}

}  // namespace

std::string AuthResult::property(std::string_view name) const {
    for (const auto& [k, v] : properties)
        if (k == name) return v;
    return {};
}

std::optional<AuthenticationResults> parse_authentication_results(std::string_view value) {
    const std::vector<Token> tokens = tokenize(value);
    if (tokens.empty() || tokens.front().semicolon || tokens.front().quoted) return std::nullopt;
    AuthenticationResults out;
    out.authserv_id = tokens.front().text;
    std::size_t i = 1;
    while (i < tokens.size() && !tokens[i].semicolon) ++i;  // an optional version
    while (i < tokens.size()) {
        std::vector<Token> part;
        for (++i; i < tokens.size() && !tokens[i].semicolon; ++i) part.push_back(tokens[i]);
        if (part.empty() || (part.size() == 1 && core::lower_ascii(part.front().text) == "none"))
            continue;
        AuthResult r;
        if (parse_resinfo(part, r)) out.results.push_back(std::move(r));
    }
    return out;
}

}  // namespace ck::mail
