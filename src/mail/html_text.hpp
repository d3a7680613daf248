#pragma once
// Plain text of an HTML mail body, for HTML-only mails.
#include <string>
#include <string_view>

namespace ck::mail {

// Strips tags; drops <head>, <style>, <script> and comments; decodes character references
// (named ones common in mail, &#N; and &#xH;); turns <br>, <p>, <div>, <tr>, <li>, <h1-6> and
// their ends into line breaks; collapses other white space like a browser; prefixes the lines
// inside <blockquote> with "> " per nesting level so quote cutting treats them as quoted; stops
// at the element that opens a client's quoted original (class or id gmail_quote,
// divRplyFwdMsg, appendonsend, OutlookMessageHeader, yahoo_quoted, moz-cite-prefix).
// Non-breaking spaces (&nbsp; or raw U+00A0) become plain spaces that do not collapse. Input and
// output are UTF-8; output lines end in LF.
std::string html_to_text(std::string_view html);

}  // namespace ck::mail
