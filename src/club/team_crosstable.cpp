// The crosstable of a team match (team_crosstable.hpp).
#include "club/team_crosstable.hpp"

#include <algorithm>

#include "club/standings.hpp"
#include "club/team_match.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

constexpr std::size_t MaxNameWidth = 24;

// One game of a board from the first team's player's side: "1w", "½b", "+w", ".b".
std::string cell(const Pairing& p, int first) {
    const bool white = p.white == first;
    std::string s;
    if (p.outcome == Outcome::Pending)
        s = ".";
    else if (p.outcome == Outcome::Draw)
        s = "\xc2\xbd";
    else {
        const bool won = (p.outcome == Outcome::WhiteWins) == white;
        s = p.ending == ForfeitEnding ? (won ? "+" : "-") : (won ? "1" : "0");
    }
    return s + (white ? "w" : "b");
}

std::string rating_of(const RatingLabels* ratings, const Player& p) {
    const auto it = ratings->find(text::lower_ascii(p.address));
    return it == ratings->end() ? std::string("-") : it->second;
}

const std::string& team_name(const Tournament& t, std::size_t i) { return t.match.teams[i].name; }

std::string score_line(const Tournament& t) {
    const MatchScore s = match_score(t);
    return team_name(t, 0) + " " + points_text(s.first_half) + " - " + points_text(s.second_half) +
           " " + team_name(t, 1);
}

std::vector<std::string> legend(const Tournament& t) {
    std::vector<std::string> out;
    out.push_back("Each game from the player of " + team_name(t, 0) +
                  ": 1 win, \xc2\xbd draw, 0 loss,");
    out.push_back("+ - by forfeit, . not over; w/b the colour. Score: the board's points.");
    out.push_back("A team scores the points of its boards.");
    return out;
}

// The roster lines while the match takes rosters: "Red Knights (order: the captain's)",
// "  1 Ann Smith".
std::vector<std::string> roster_lines(const Tournament& t) {
    std::vector<std::string> out;
    for (const Team& team : t.match.teams) {
        out.push_back(team.name + (team.ordered ? " (order: the captain's)"
                                                : " (order: by rating at the start)"));
        if (team.roster.empty()) out.push_back("  no players yet");
        for (std::size_t i = 0; i < team.roster.size(); ++i)
            out.push_back("  " + std::to_string(i + 1) + " " +
                          display_name(t.players[static_cast<std::size_t>(team.roster[i])]));
    }
    return out;
}

}  // namespace

std::string team_crosstable_text(const Tournament& t, const RatingLabels* ratings) {
    using text::columns;
    using text::pad_left;
    using text::pad_right;
    const Crosstable head = make_crosstable(t);
    std::string out = head.title + "\n" + head.subtitle + "\n" + head.status + "\n\n";
    if (t.entries_open) {
        for (const std::string& l : roster_lines(t)) out += l + "\n";
        return out;
    }
    const std::vector<Board> boards = match_boards(t);
    std::size_t name_w[2] = {columns(team_name(t, 0)), columns(team_name(t, 1))};
    std::size_t rtg_w = ratings ? 3 : 0, score_w = 5;
    for (const Board& b : boards) {
        for (int side = 0; side < 2; ++side) {
            const Player& p = t.players[static_cast<std::size_t>(side == 0 ? b.first : b.second)];
            name_w[side] = std::max(name_w[side], columns(display_name(p)));
            if (ratings) rtg_w = std::max(rtg_w, columns(rating_of(ratings, p)));
        }
        score_w = std::max(score_w,
                           columns(points_text(b.first_half) + "-" + points_text(b.second_half)));
    }
    for (std::size_t& w : name_w) w = std::min(w, MaxNameWidth);
    const auto line = [&](const std::string& board, const std::string(&names)[2],
                          const std::string(&rtgs)[2], const std::vector<std::string>& cells,
                          const std::string& score) {
        std::string s = pad_left(board, 2);
        for (int side = 0; side < 2; ++side) {
            s += "  " + pad_right(text::fit(names[side], name_w[side]), name_w[side]);
            if (rtg_w) s += " " + pad_left(rtgs[side], rtg_w);
        }
        s += " ";
        for (const std::string& c : cells) s += " " + pad_right(c, 3);
        s += "  " + pad_right(score, score_w);
        while (!s.empty() && s.back() == ' ') s.pop_back();
        return s + "\n";
    };
    out += score_line(t) + "\n\n";
    std::vector<std::string> heads;
    for (int g = 1; g <= t.match.games; ++g) heads.push_back("G" + std::to_string(g));
    out += line("Bd", {team_name(t, 0), team_name(t, 1)}, {"Rtg", "Rtg"}, heads, "Score");
    for (const Board& b : boards) {
        const Player& first = t.players[static_cast<std::size_t>(b.first)];
        const Player& second = t.players[static_cast<std::size_t>(b.second)];
        std::vector<std::string> cells;
        for (const Pairing* p : b.games) cells.push_back(cell(*p, b.first));
        out += line(std::to_string(b.number), {display_name(first), display_name(second)},
                    {ratings ? rating_of(ratings, first) : std::string(),
                     ratings ? rating_of(ratings, second) : std::string()},
                    cells, points_text(b.first_half) + "-" + points_text(b.second_half));
    }
    if (const std::string r = team_result(t); !r.empty()) out += "\n" + r + ".\n";
    out += "\n";
    for (const std::string& l : legend(t)) out += l + "\n";
    return out;
}

std::string team_crosstable_html(const Tournament& t, const RatingLabels* ratings) {
    using text::html_escape;
    constexpr const char* Cell = " style=\"border:1px solid #999;padding:2px 6px\"";
    constexpr const char* Num = " style=\"border:1px solid #999;padding:2px 6px;text-align:right\"";
    const auto td = [](const char* style, const std::string& escaped) {
        return std::string("<td") + style + ">" + escaped + "</td>";
    };
    const auto th = [&](const std::string& h) {
        return std::string("<th") + Cell + ">" + h + "</th>";
    };
    const Crosstable head = make_crosstable(t);
    std::string out = "<div class=\"ck-crosstable\">\n";
    out += "<h2>" + html_escape(head.title) + "</h2>\n";
    out += "<p>" + html_escape(head.subtitle) + "<br>" + html_escape(head.status) + "</p>\n";
    if (t.entries_open) {
        for (const Team& team : t.match.teams) {
            out += "<h3>" + html_escape(team.name) + "</h3>\n<p>" +
                   (team.ordered ? "Order: the captain's." : "Order: by rating at the start.") +
                   "</p>\n";
            if (team.roster.empty()) {
                out += "<p>No players yet.</p>\n";
                continue;
            }
            out += "<ol>\n";
            for (int p : team.roster)
                out += "<li>" + html_escape(display_name(t.players[static_cast<std::size_t>(p)])) +
                       "</li>\n";
            out += "</ol>\n";
        }
        return out + "</div>\n";
    }
    out += "<p><strong>" + html_escape(score_line(t)) + "</strong></p>\n";
    out += "<table style=\"border-collapse:collapse\">\n<thead><tr>" + th("Bd") +
           th(html_escape(team_name(t, 0)));
    if (ratings) out += th("Rtg");
    out += th(html_escape(team_name(t, 1)));
    if (ratings) out += th("Rtg");
    for (int g = 1; g <= t.match.games; ++g) out += th("G" + std::to_string(g));
    out += th("Score") + "</tr></thead>\n<tbody>\n";
    for (const Board& b : match_boards(t)) {
        out += "<tr>" + td(Num, std::to_string(b.number));
        for (int player : {b.first, b.second}) {
            const Player& p = t.players[static_cast<std::size_t>(player)];
            out += td(Cell, html_escape(display_name(p)));
            if (ratings) out += td(Num, html_escape(rating_of(ratings, p)));
        }
        for (const Pairing* p : b.games) out += td(Cell, html_escape(cell(*p, b.first)));
        out += td(Cell, points_text(b.first_half) + "-" + points_text(b.second_half)) + "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    if (const std::string r = team_result(t); !r.empty())
        out += "<p><strong>" + html_escape(r) + ".</strong></p>\n";
    out += "<p>";
    const std::vector<std::string> lines = legend(t);
    for (std::size_t i = 0; i < lines.size(); ++i)
        out += (i == 0 ? "" : "<br>\n") + html_escape(lines[i]);
    return out + "</p>\n</div>\n";
}

}  // namespace ck::club
