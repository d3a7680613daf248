// crosstable_html: the HTML crosstable fragment (contract in crosstable.hpp).
#include "club/crosstable.hpp"
#include "club/knockout.hpp"
#include "club/knockout_crosstable.hpp"
#include "club/swiss_crosstable.hpp"
#include "club/team_crosstable.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

constexpr const char* Cell = " style=\"border:1px solid #999;padding:2px 6px\"";
constexpr const char* Num = " style=\"border:1px solid #999;padding:2px 6px;text-align:right\"";
constexpr const char* Self = " style=\"border:1px solid #999;padding:2px 6px;background:#ccc\"";

std::string td(const char* style, const std::string& escaped) {
    return std::string("<td") + style + ">" + escaped + "</td>";
}

}  // namespace

std::string crosstable_html(const Tournament& t, const RatingLabels* ratings) {
    using text::html_escape;
    if (t.system == System::Swiss && !t.entries_open) return swiss_crosstable_html(t, ratings);
    if (is_staged(t) && !t.entries_open) return stage_crosstable_html(t, ratings);
    if (t.system == System::Teams) return team_crosstable_html(t, ratings);
    const Crosstable c = make_crosstable(t);
    const std::size_t n = c.rows.size();
    std::string out = "<div class=\"ck-crosstable\">\n";
    out += "<h2>" + html_escape(c.title) + "</h2>\n";
    out += "<p>" + html_escape(c.subtitle) + "<br>" + html_escape(c.status) + "</p>\n";
    if (t.entries_open) {
        if (!t.players.empty()) {
            out += "<ol>\n";
            for (const Player& p : t.players)
                out += "<li>" + html_escape(display_name(p)) + "</li>\n";
            out += "</ol>\n";
        }
        return out + "<p>The games start when the organiser closes the entries.</p>\n</div>\n";
    }
    out += "<table style=\"border-collapse:collapse\">\n<thead><tr>";
    for (const char* h : {"No", "Place", "Name"})
        out += std::string("<th") + Cell + ">" + h + "</th>";
    if (ratings) out += std::string("<th") + Cell + ">Rtg</th>";
    for (std::size_t j = 1; j <= n; ++j)
        out += std::string("<th") + Cell + ">" + std::to_string(j) + "</th>";
    for (const char* h : {"Pts", "SB"}) out += std::string("<th") + Cell + ">" + h + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t r = 0; r < n; ++r) {
        const Standing& s = c.rows[r];
        out += "<tr>" + td(Num, std::to_string(r + 1)) + td(Cell, place_text(s)) +
               td(Cell, html_escape(display_name(t.players[s.player])));
        if (ratings) {
            const auto it = ratings->find(text::lower_ascii(t.players[s.player].address));
            out += td(Num, html_escape(it == ratings->end() ? std::string("-") : it->second));
        }
        for (std::size_t j = 0; j < n; ++j)
            out += td(j == r ? Self : Cell, html_escape(c.cells[r][j]));
        out += td(Num, points_text(s.half_points)) + td(Num, sb_text(s.sb_quarters)) + "</tr>\n";
    }
    out += "</tbody>\n</table>\n<p>";
    for (std::size_t i = 0; i < c.legend.size(); ++i)
        out += (i == 0 ? "" : "<br>\n") + html_escape(c.legend[i]);
    out += "</p>\n</div>\n";
    return out;
}

}  // namespace ck::club
