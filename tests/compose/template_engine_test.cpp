#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "compose/compose.hpp"
#include "compose/template_engine.hpp"
#include "compose/template_set.hpp"

using namespace ck::compose;

namespace {

std::string render(const std::string& src, const Context& c, Escape e = Escape::None) {
    auto t = Template::parse("t.txt", src, e);
    if (!t) FAIL(t.error().message);
    auto r = t->render(c);
    if (!r) FAIL(r.error().message);
    return *r;
}

}  // namespace

TEST_CASE("placeholders are substituted, and HTML-escaped only in HTML templates") {
    Context c;
    c.set("name", "<Nf3 & \"O-O\">");
    CHECK(render("a {{name}} b", c) == "a <Nf3 & \"O-O\"> b");
    CHECK(render("a {{ name }} b", c, Escape::Html) == "a &lt;Nf3 &amp; &quot;O-O&quot;&gt; b");
}

TEST_CASE("an HTML template escapes a value as core::html_escape does") {
    for (const std::string& value :
         {std::string(), std::string("plain"), std::string("'&<>\"'"), std::string("a'b&c<d>e\"f"),
          std::string("&&x<<"), std::string(">end&")}) {
        Context c;
        c.set("v", value);
        CHECK(render("[{{v}}]", c, Escape::Html) == "[" + ck::core::html_escape(value) + "]");
    }
}

TEST_CASE("sections repeat over lists, show flags and text, inverted sections show the rest") {
    Context c;
    c.flag("yes", true).flag("no", false).set("empty", "").set("outer", "O");
    c.lists["items"] = {Context().set("x", "1"), Context().set("x", "2")};
    CHECK(render("{{#items}}[{{x}}{{outer}}]{{/items}}", c) == "[1O][2O]");
    CHECK(render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}n{{/no}}", c) == "Yn");
    CHECK(render("{{#empty}}E{{/empty}}{{^empty}}e{{/empty}}", c) == "e");
    c.lists["none"] = {};
    CHECK(render("{{#none}}x{{/none}}{{^none}}nothing{{/none}}", c) == "nothing");
}

TEST_CASE("a section tag alone on its line removes the line") {
    Context c;
    c.lists["items"] = {Context().set("x", "a"), Context().set("x", "b")};
    c.flag("off", false);
    CHECK(render("top\n{{#items}}\n  {{x}}\n{{/items}}\n{{#off}}\nhidden\n{{/off}}\nend\n", c) ==
          "top\n  a\n  b\nend\n");
    CHECK(render("{{! a comment }}\nx\n", c) == "x\n");
}

TEST_CASE("an unknown placeholder is an error naming the file, line and placeholder") {
    auto t = Template::parse("templates/turn.txt", "line 1\nhello {{nobody}}\n", Escape::None);
    REQUIRE(t);
    auto r = t->render(Context());
    REQUIRE_FALSE(r);
    CHECK(r.error().message == "templates/turn.txt:2: unknown placeholder {{nobody}}");

    auto s = Template::parse("x.txt", "{{#a}}never closed", Escape::None);
    REQUIRE_FALSE(s);
    CHECK(s.error().message.find("x.txt:1") != std::string::npos);
    auto u = Template::parse("x.txt", "{{/a}}", Escape::None);
    REQUIRE_FALSE(u);
}

TEST_CASE("partials render with the current names, and words are templates too") {
    auto set = TemplateSet::from_files("club",
                                       {{"main.txt", "Subject: s\n{{>part}}!"},
                                        {"main.html", "<p>{{>part}}</p>"},
                                        {"part.txt", "<{{who}}>"},
                                        {"part.html", "<{{who}}>"},
                                        {"words", "# comment\ngreet = Hello, {{who}}.\n"}},
                                       {"main"});
    REQUIRE(set);
    Context c;
    c.set("who", "Ada & Bob");
    CHECK(*set->render("main", false, c) == "Subject: s\n<Ada & Bob>!");
    CHECK(*set->render("main", true, c) == "<p><Ada &amp; Bob></p>");
    CHECK(*set->word("greet", c) == "Hello, Ada & Bob.");
    auto loop = TemplateSet::from_files("club", {{"self.txt", "x{{>self}}"}}, {});
    REQUIRE(loop);
    auto deep = loop->render("self", false, c);
    REQUIRE_FALSE(deep);
    CHECK(deep.error().message.find("club/self.txt:1: partials nested too deep") == 0);
    auto missing = set->word("farewell");
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message == "club/words: no entry `farewell`");
}

TEST_CASE("a partial sees the names around it as one context, its own sections innermost") {
    // Rendered in place over the caller's names (no copy of them): a name bound as text
    // anywhere around the partial wins over the same name as a flag or list nearer in, as in a
    // context merged from them; inside the partial's own sections the item's names come first.
    auto set = TemplateSet::from_files(
        "club",
        {{"main.txt", "Subject: s\n{{#rows}}[{{>cell}}]{{/rows}}"},
         {"main.html", "{{#rows}}{{>cell}}{{/rows}}"},
         {"cell.txt", "{{name}}:{{#mark}}{{mark}}{{/mark}}:{{#items}}({{name}}){{/items}}"},
         {"cell.html", "{{name}}"},
         {"words", "unused = -\n"}},
        {"main"});
    REQUIRE(set);
    Context c;
    c.set("name", "club").set("mark", "*");
    Context first;
    first.set("name", "a").flag("mark", false);  // text "mark" outside wins over this flag
    first.lists["items"] = {Context().set("name", "x"), Context()};
    Context second;
    second.set("name", "b");
    second.lists["items"] = {};
    c.lists["rows"] = {first, second};
    CHECK(*set->render("main", false, c) == "Subject: s\n[a:*:(x)(a)][b:*:]");
}

TEST_CASE("a partial sees the names visible where it stands, as one merged context") {
    // The partial reads every level of the stack without copying it; what it sees is what a
    // merged copy gave: the innermost value of each name, a text before a flag before a list,
    // whatever level each stands on; nested partials and list items inside a partial too.
    auto set = TemplateSet::from_files(
        "club",
        {{"main.txt", "Subject: s\n{{#rows}}{{>row}};{{/rows}}|{{>row}}"},
         {"main.html", "x"},
         {"row.txt", "{{n}}{{#k}}+{{/k}}{{#cells}}({{c}}{{>cell}}){{/cells}}"},
         {"row.html", "x"},
         {"cell.txt", "{{n}}{{c}}"},
         {"cell.html", "x"},
         {"words", "x = y\n"}},
        {"main"});
    if (!set) FAIL(set.error().message);
    Context c;
    c.set("n", "top").set("k", "");
    c.lists["cells"] = {Context().set("c", "a"), Context().set("c", "b")};
    Context first;
    first.set("n", "1").flag("k", true);  // k: a text outside, a flag inside: the text wins
    Context second;
    second.lists["n"] = {Context()};  // n: a list inside, a text outside: the text wins
    second.lists["cells"] = {Context().set("c", "z")};
    c.lists["rows"] = {first, second};
    CHECK(*set->render("main", false, c) ==
          "Subject: s\n1(a1a)(b1b);top(ztopz);|top(atopa)(btopb)");
}

TEST_CASE("a template folder without one of the kinds is refused, naming the file") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / "ck_compose_missing_template";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& entry : fs::directory_iterator(CK_TEMPLATES))
        fs::copy_file(entry.path(), dir / entry.path().filename());
    REQUIRE(Templates::load(dir));
    fs::remove(dir / "reminder.html");
    auto t = Templates::load(dir);
    REQUIRE_FALSE(t);
    CHECK(t.error().message == "missing template " + (dir / "reminder.html").string());
    fs::remove_all(dir);
}

namespace {

Context row(const std::string& n, const std::string& w) {
    Context r;
    r.set("n", n).set("w", w);
    return r;
}

// `items` as a GrowingList head of `count` items and a tail of the rest, under `name`.
Context growing(const std::shared_ptr<GrowingList>& list, std::size_t count,
                std::vector<Context> tail) {
    Context c;
    c.growing["rows"] = GrowingHead{list, count};
    c.lists["rows"] = std::move(tail);
    return c;
}

}  // namespace

TEST_CASE("a GrowingList's head renders as the same items in a list, each section once") {
    const std::string src = "<{{#rows}}[{{n}}:{{w}}]\n{{/rows}}>{{^rows}}none{{/rows}}";
    auto t = Template::parse("rows.html", src, Escape::Html);
    REQUIRE(t);
    const auto list = std::make_shared<GrowingList>();
    std::vector<Context> all;
    for (int i = 0; i < 6; ++i) {
        Context plain;
        plain.lists["rows"] = all;
        CHECK(*t->render(growing(list, list->items().size(), {})) == *t->render(plain));
        all.push_back(row(std::to_string(i), "<e" + std::to_string(i) + ">"));
        list->push_back(all.back());
    }
    // Three items ahead of the head, a tail of one.
    Context plain;
    plain.lists["rows"] = all;
    plain.lists["rows"].push_back(row("9", "z"));
    CHECK(*t->render(growing(list, 6, {row("9", "z")})) == *t->render(plain));
    // A head shorter than what was rendered before (an older Context) shows only its items.
    Context four;
    four.lists["rows"] = std::vector<Context>(all.begin(), all.begin() + 4);
    CHECK(*t->render(growing(list, 4, {})) == *t->render(four));
    // What was kept is what is shown: a kept item's text changed behind the engine's back
    // shows the kept text (items never change once added; this proves the text is kept).
    CHECK(list->rendered("rows.html", 1).ends.size() == 6);
    list->rendered("rows.html", 1).text.replace(1, 1, "X");
    CHECK(*t->render(growing(list, 6, {})) != *t->render(plain));
}

TEST_CASE("a GrowingList item that reads an outer name or a partial is rendered every time") {
    auto t = Template::parse("outer.txt", "{{#rows}}{{n}}{{suffix}};{{/rows}}", Escape::None);
    REQUIRE(t);
    const auto list = std::make_shared<GrowingList>();
    list->push_back(row("1", "a"));
    list->push_back(row("2", "b"));
    Context c = growing(list, 2, {});
    c.set("suffix", "!");
    CHECK(*t->render(c) == "1!;2!;");
    c.set("suffix", "?");
    CHECK(*t->render(c) == "1?;2?;");
    CHECK(list->rendered("outer.txt", 1).ends.empty());
    // An item's own name shadows the outer one: kept.
    auto own = Template::parse("own.txt", "{{#rows}}{{n}}{{w}};{{/rows}}", Escape::None);
    REQUIRE(own);
    Context d = growing(list, 2, {});
    d.set("w", "outer");
    CHECK(*own->render(d) == "1a;2b;");
    CHECK(list->rendered("own.txt", 1).ends.size() == 2);

    // A partial inside the section: not kept.
    auto part = Template::parse("p.txt", "<{{n}}>", Escape::None);
    auto with = Template::parse("with.txt", "{{#rows}}{{>p}}{{/rows}}", Escape::None);
    REQUIRE(part);
    REQUIRE(with);
    PartialLookup partials{{"p", &*part}};
    CHECK(*with->render(growing(list, 2, {}), partials) == "<1><2>");
    CHECK(list->rendered("with.txt", 1).ends.empty());
}
