// html_to_text on small documents.
#include <catch2/catch.hpp>

#include "mail/html_text.hpp"
#include "mail/reply_text.hpp"

using ck::mail::html_to_text;

TEST_CASE("html_to_text: block tags break lines, inline white space collapses", "[html]") {
    CHECK(html_to_text("<div>e4</div><div>Nf3</div>") == "e4\nNf3\n");
    CHECK(html_to_text("a<br>b<br/>c<BR >d") == "a\nb\nc\nd\n");
    CHECK(html_to_text("<p>one\n  two</p><p>three</p>") == "one two\n\nthree\n");
    CHECK(html_to_text("<span>x</span>   <b>y</b>") == "x y\n");
}

TEST_CASE("html_to_text: head, style, script and comments are dropped", "[html]") {
    CHECK(html_to_text("<html><head><title>T</title><style>p{}</style></head>"
                       "<body><!-- c --><script>alert(1)</script>move</body></html>") == "move\n");
}

TEST_CASE("html_to_text: character references", "[html]") {
    CHECK(html_to_text("&lt;b&gt; &amp; &quot;q&quot; &#233; &#xE9; &euro; &unknown;") ==
          "<b> & \"q\" \xC3\xA9 \xC3\xA9 \xE2\x82\xAC &unknown;\n");
    CHECK(html_to_text("a&nbsp;&nbsp;b") == "a  b\n");
    CHECK(html_to_text("a\xC2\xA0\xC2\xA0"
                       "b") == "a  b\n");
}

TEST_CASE("html_to_text: blockquote lines are marked as quoted", "[html]") {
    CHECK(html_to_text(
              "new<blockquote>old<br>older<blockquote>oldest</blockquote></blockquote>after") ==
          "new\n> old\n> older\n> > oldest\nafter\n");
}

TEST_CASE("html_to_text: pre keeps line breaks and spaces", "[html]") {
    CHECK(html_to_text("<pre>8 | r  n\n7 | p  p</pre>") == "8 | r  n\n7 | p  p\n");
}

TEST_CASE("HTML-only replies: Outlook header block and Gmail quote are cut", "[html]") {
    CHECK(ck::mail::extract_new_text(html_to_text(
              "<html><body><div>Bxf7+</div><div><br></div><div>Sorry for the delay.</div><hr>"
              "<div><b>From:</b> Referee<br><b>Sent:</b> Saturday, November 21, 2026 3:30 PM</div>"
              "<div>Your move, Black.</div></body></html>")) == "Bxf7+\n\nSorry for the delay.");
    CHECK(ck::mail::extract_new_text(html_to_text(
              "<div dir=\"ltr\">Nf3</div><br><div class=\"gmail_quote\"><div dir=\"ltr\" "
              "class=\"gmail_attr\">On Sat, 21 Nov 2026 at 15:30, Referee &lt;<a "
              "href=\"mailto:r@example.test\">r@example.test</a>&gt; wrote:<br></div><blockquote "
              "class=\"gmail_quote\">Your move, White.</blockquote></div>")) == "Nf3");
}

TEST_CASE("html_to_text: the clients' quoted originals are cut", "[html]") {
    CHECK(html_to_text("<div>e4</div><div class=\"gmail_quote\">On ... wrote:<blockquote>x"
                       "</blockquote></div>") == "e4\n");
    CHECK(html_to_text("<p>d4</p><div id=\"divRplyFwdMsg\"><b>From:</b> R</div><p>x</p>") ==
          "d4\n");
    CHECK(html_to_text("<div>c4</div><div id=\"appendonsend\"></div><hr>x") == "c4\n");
    CHECK(html_to_text("<div>Nf3</div><div class=\"yahoo_quoted\">x</div>") == "Nf3\n");
    CHECK(html_to_text("<p>e4</p><div class=\"moz-cite-prefix\">On x wrote:</div>") == "e4\n");
    // The words alone in the text are no marker.
    CHECK(html_to_text("<p>gmail_quote e4</p>") == "gmail_quote e4\n");
}
