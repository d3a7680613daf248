#include "compose/reply_sections.hpp"

#include "compose/text_wrap.hpp"
#include "core/html.hpp"

namespace ck::compose {
namespace {

constexpr std::size_t SectionWidth = 76;

// Inserts `fragment` at the end of the main content of `html`: before its closing </main>
// (templates/html-bottom.html), else before </body>, else at the end.
void insert_at_content_end(std::string& html, const std::string& fragment) {
    std::size_t at = html.rfind("</main>");
    if (at == std::string::npos) at = html.rfind("</body>");
    html.insert(at == std::string::npos ? html.size() : at, fragment);
}

// The main content of a mail's HTML part: what is inside <main>...</main> (its heading, the
// subject, stays out: the merged section has its own), else inside <body>...</body>, else all.
std::string content_of(const std::string& html) {
    for (const char* tag : {"main", "body"}) {
        const std::string open_tag = std::string("<") + tag;
        const std::string close_tag = std::string("</") + tag + ">";
        const std::size_t open = html.find(open_tag);
        if (open == std::string::npos) continue;
        const std::size_t gt = html.find('>', open);
        const std::size_t from = gt == std::string::npos ? html.size() : gt + 1;
        std::size_t end = html.rfind(close_tag);
        if (end == std::string::npos || end < from) end = html.size();
        return html.substr(from, end - from);
    }
    return html;
}

void end_with_newline(std::string& text) {
    if (!text.empty() && text.back() != '\n') text += '\n';
}

}  // namespace

mail::OutgoingMail merge_replies(std::vector<mail::OutgoingMail> parts) {
    mail::OutgoingMail out = std::move(parts.front());
    for (std::size_t i = 1; i < parts.size(); ++i) {
        mail::OutgoingMail& p = parts[i];
        end_with_newline(out.text_body);
        out.text_body += "\n=== " + p.subject + " ===\n\n" + p.text_body;
        if (!out.html_body.empty()) {
            insert_at_content_end(out.html_body, "<hr>\n<h2 style=\"font-size:1.1em\">" +
                                                     core::html_escape(p.subject) + "</h2>\n" +
                                                     content_of(p.html_body));
        }
        for (mail::Attachment& a : p.attachments) out.attachments.push_back(std::move(a));
    }
    return out;
}

std::vector<std::string> first_lines(std::vector<std::string> lines, std::size_t n) {
    if (lines.size() > n) {
        lines.resize(n);
        lines.emplace_back("...");
    }
    return lines;
}

void append_quoted_section(mail::OutgoingMail& mail, const std::string& heading,
                           const std::vector<std::string>& lines) {
    end_with_newline(mail.text_body);
    // A heading may be a long sentence (a refusal's reason): wrapped like the rest of the text
    // part (docs/mail-protocol.md, no line over 78 characters).
    mail.text_body += "\n" + wrap_lines(heading, 78) + "\n";
    std::string html = "<p>" + core::html_escape(heading) +
                       "</p>\n<blockquote style=\"border-left:3px solid #999;margin:0 0 0 "
                       "0.5em;padding-left:0.6em\">";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        mail.text_body += lines[i].empty() ? ">\n" : "> " + lines[i] + "\n";
        html += (i > 0 ? "<br>" : "") + core::html_escape(lines[i]);
    }
    html += "</blockquote>\n";
    if (!mail.html_body.empty()) insert_at_content_end(mail.html_body, html);
}

void append_section(mail::OutgoingMail& mail, const std::string& heading,
                    const std::vector<std::string>& lines) {
    end_with_newline(mail.text_body);
    mail.text_body += "\n" + heading + "\n";
    std::string html = "<p>" + core::html_escape(heading) + "</p>\n<ul>";
    for (const std::string& line : lines) {
        mail.text_body += wrap_lines("- " + line, SectionWidth) + "\n";
        html += "<li>" + core::html_escape(line) + "</li>";
    }
    html += "</ul>\n";
    if (!mail.html_body.empty()) insert_at_content_end(mail.html_body, html);
}

}  // namespace ck::compose
