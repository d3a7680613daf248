// The Swiss crosstable (contract in swiss_crosstable.hpp).
#include "club/swiss_crosstable.hpp"

#include <algorithm>

#include "club/swiss_round.hpp"
#include "club/text_util.hpp"
#include "club/tiebreaks.hpp"

namespace ck::club {
namespace {

constexpr std::size_t MaxNameWidth = 24;

struct Table {
    Crosstable head;  // title, subtitle, status
    std::vector<SwissStanding> rows;
    std::vector<int> row_of;                      // seed -> row number (1-based)
    std::vector<std::vector<std::string>> cells;  // [row][round]
    std::vector<std::string> headings;            // tie-break headings
    std::vector<std::string> pairings;            // the last round's boards and byes
    std::vector<std::string> legend;
};

std::string result_symbol(Outcome o, bool white, const std::string& ending) {
    if (o == Outcome::Pending) return ".";
    if (o == Outcome::Draw) return "\xc2\xbd";
    const bool won = (o == Outcome::WhiteWins) == white;
    if (ending == ForfeitEnding) return won ? "+" : "-";
    return won ? "1" : "0";
}

std::string points_letter(int points) { return points == 10 ? "F" : points == 5 ? "H" : "Z"; }

std::string bye_letter(const Tournament& t, ByeKind kind) {
    if (kind == ByeKind::Pairing) return "U";
    return points_letter(t.swiss.requested_bye_points);
}

Table make_table(const Tournament& t) {
    Table tb;
    tb.head = make_crosstable(t);
    tb.rows = swiss_standings(t);
    const int rounds = rounds_paired(t);
    const std::size_t n = tb.rows.size();
    tb.row_of.assign(n, 0);
    for (std::size_t r = 0; r < n; ++r)
        tb.row_of[static_cast<std::size_t>(tb.rows[r].player)] = static_cast<int>(r) + 1;
    std::vector<std::vector<std::string>> by_seed(
        n, std::vector<std::string>(static_cast<std::size_t>(rounds)));
    for (const Pairing& p : t.pairings) {
        const auto cell = [&](int me, int them, bool white) {
            by_seed[static_cast<std::size_t>(me)][static_cast<std::size_t>(p.round - 1)] =
                std::to_string(tb.row_of[static_cast<std::size_t>(them)]) + (white ? "w" : "b") +
                result_symbol(p.outcome, white, p.ending);
        };
        cell(p.white, p.black, true);
        cell(p.black, p.white, false);
    }
    for (const Bye& b : t.byes)
        if (b.round <= rounds)
            by_seed[static_cast<std::size_t>(b.player)][static_cast<std::size_t>(b.round - 1)] =
                bye_letter(t, b.kind);
    for (const Withdrawal& w : t.withdrawals)
        for (int r = w.from_round; r <= rounds; ++r)
            if (by_seed[static_cast<std::size_t>(w.player)][static_cast<std::size_t>(r - 1)]
                    .empty())
                by_seed[static_cast<std::size_t>(w.player)][static_cast<std::size_t>(r - 1)] = "Z";
    for (const LateEntry& l : t.late_entries)
        for (int r = 1; r < l.from_round && r <= rounds; ++r)
            by_seed[static_cast<std::size_t>(l.player)][static_cast<std::size_t>(r - 1)] =
                points_letter(t.swiss.late_bye_points);
    for (const SwissStanding& s : tb.rows)
        tb.cells.push_back(by_seed[static_cast<std::size_t>(s.player)]);
    for (Tiebreak k : t.swiss.tiebreaks) tb.headings.push_back(tiebreak_heading(k));

    if (rounds > 0 && !finished(t)) {
        tb.pairings.push_back("Round " + std::to_string(rounds) + " pairings:");
        int board = 0;
        const auto name = [&](int seed) {
            return display_name(t.players[static_cast<std::size_t>(seed)]);
        };
        for (const Pairing& p : t.pairings) {
            if (p.round != rounds) continue;
            std::string line =
                "  " + std::to_string(++board) + ". " + name(p.white) + " - " + name(p.black);
            if (p.outcome != Outcome::Pending) line += "  " + std::string(outcome_text(p.outcome));
            tb.pairings.push_back(line);
        }
        for (const Bye& b : t.byes) {
            if (b.round != rounds) continue;
            const bool pairing = b.kind == ByeKind::Pairing;
            const int pts = pairing ? t.swiss.pairing_bye_points : t.swiss.requested_bye_points;
            tb.pairings.push_back("  Bye: " + name(b.player) + " (" +
                                  (pairing ? "pairing-allocated, " : "requested, ") +
                                  tenths_text(pts) + (pts == 10 ? " point)" : " points)"));
        }
    }
    tb.legend.push_back(
        "Each round: the opponent's number, w/b and the result (1 win, \xc2\xbd draw,");
    tb.legend.push_back(
        "0 loss, + - by forfeit, . not over); U the pairing-allocated bye, H F Z a");
    tb.legend.push_back("bye of \xc2\xbd, 1, 0 points (asked for, or Z after withdrawing).");
    if (!t.late_entries.empty())
        tb.legend.push_back("A late entrant's rounds before entering: " +
                            points_letter(t.swiss.late_bye_points) + ".");
    std::string order = "Order: points";
    for (Tiebreak k : t.swiss.tiebreaks) order += ", " + std::string(tiebreak_heading(k));
    tb.legend.push_back(order + " (FIDE C.07), then seeding.");
    return tb;
}

std::string strip_trailing(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

std::string rating_of(const RatingLabels* ratings, const Player& p) {
    const auto it = ratings->find(text::lower_ascii(p.address));
    return it == ratings->end() ? std::string("-") : it->second;
}

}  // namespace

std::string swiss_crosstable_text(const Tournament& t, const RatingLabels* ratings) {
    using text::columns;
    using text::pad_left;
    using text::pad_right;
    const Table tb = make_table(t);
    const std::size_t n = tb.rows.size();
    const std::size_t rounds = tb.cells.empty() ? 0 : tb.cells[0].size();
    std::size_t no_w = std::max<std::size_t>(2, std::to_string(n).size());
    std::size_t place_w = 5, name_w = 4, pts_w = 3, rtg_w = ratings ? 3 : 0, cell_w = 3;
    std::vector<std::size_t> tb_w;
    for (const std::string& h : tb.headings) tb_w.push_back(h.size());
    for (std::size_t r = 0; r < n; ++r) {
        const SwissStanding& s = tb.rows[r];
        const Player& p = t.players[static_cast<std::size_t>(s.player)];
        place_w = std::max(
            place_w,
            columns(std::to_string(s.place_first) +
                    (s.place_first == s.place_last ? "" : "-" + std::to_string(s.place_last))));
        name_w = std::max(name_w, columns(display_name(p)));
        pts_w = std::max(pts_w, tenths_text(s.points).size());
        if (ratings) rtg_w = std::max(rtg_w, columns(rating_of(ratings, p)));
        for (std::size_t k = 0; k < s.tiebreaks.size(); ++k)
            tb_w[k] = std::max(tb_w[k], tiebreak_text(t.swiss.tiebreaks[k], s.tiebreaks[k]).size());
        for (const std::string& c : tb.cells[r]) cell_w = std::max(cell_w, columns(c));
    }
    name_w = std::min(name_w, MaxNameWidth);
    const auto line = [&](const std::string& no, const std::string& place, const std::string& name,
                          const std::string& rtg, const std::string& pts,
                          const std::vector<std::string>& tbs,
                          const std::vector<std::string>& cells) {
        std::string s = pad_left(no, no_w) + " " + pad_right(place, place_w) + " " +
                        pad_right(text::fit(name, name_w), name_w);
        if (rtg_w) s += " " + pad_left(rtg, rtg_w);
        s += "  " + pad_left(pts, pts_w);
        for (std::size_t k = 0; k < tbs.size(); ++k) s += "  " + pad_left(tbs[k], tb_w[k]);
        s += " ";
        for (const std::string& c : cells) s += " " + pad_right(c, cell_w);
        return strip_trailing(s) + "\n";
    };
    std::string out = tb.head.title + "\n" + tb.head.subtitle + "\n" + tb.head.status + "\n\n";
    std::vector<std::string> round_heads;
    for (std::size_t r = 1; r <= rounds; ++r) round_heads.push_back("R" + std::to_string(r));
    out += line("No", "Place", "Name", "Rtg", "Pts", tb.headings, round_heads);
    for (std::size_t r = 0; r < n; ++r) {
        const SwissStanding& s = tb.rows[r];
        const Player& p = t.players[static_cast<std::size_t>(s.player)];
        std::vector<std::string> tbs;
        for (std::size_t k = 0; k < s.tiebreaks.size(); ++k)
            tbs.push_back(tiebreak_text(t.swiss.tiebreaks[k], s.tiebreaks[k]));
        out += line(std::to_string(r + 1),
                    std::to_string(s.place_first) +
                        (s.place_first == s.place_last ? "" : "-" + std::to_string(s.place_last)),
                    display_name(p), ratings ? rating_of(ratings, p) : std::string(),
                    tenths_text(s.points), tbs, tb.cells[r]);
    }
    if (!tb.pairings.empty()) {
        out += "\n";
        for (const std::string& l : tb.pairings) out += l + "\n";
    }
    out += "\n";
    for (const std::string& l : tb.legend) out += l + "\n";
    return out;
}

std::string swiss_crosstable_html(const Tournament& t, const RatingLabels* ratings) {
    using text::html_escape;
    constexpr const char* Cell = " style=\"border:1px solid #999;padding:2px 6px\"";
    constexpr const char* Num = " style=\"border:1px solid #999;padding:2px 6px;text-align:right\"";
    const Table tb = make_table(t);
    const auto td = [](const char* style, const std::string& escaped) {
        return std::string("<td") + style + ">" + escaped + "</td>";
    };
    const auto th = [&](const std::string& h) {
        return std::string("<th") + Cell + ">" + h + "</th>";
    };
    std::string out = "<div class=\"ck-crosstable\">\n";
    out += "<h2>" + html_escape(tb.head.title) + "</h2>\n";
    out += "<p>" + html_escape(tb.head.subtitle) + "<br>" + html_escape(tb.head.status) + "</p>\n";
    out += "<table style=\"border-collapse:collapse\">\n<thead><tr>" + th("No") + th("Place") +
           th("Name");
    if (ratings) out += th("Rtg");
    out += th("Pts");
    for (const std::string& h : tb.headings) out += th(h);
    const std::size_t rounds = tb.cells.empty() ? 0 : tb.cells[0].size();
    for (std::size_t r = 1; r <= rounds; ++r) out += th("R" + std::to_string(r));
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t r = 0; r < tb.rows.size(); ++r) {
        const SwissStanding& s = tb.rows[r];
        const Player& p = t.players[static_cast<std::size_t>(s.player)];
        out += "<tr>" + td(Num, std::to_string(r + 1)) +
               td(Cell,
                  std::to_string(s.place_first) +
                      (s.place_first == s.place_last ? "" : "-" + std::to_string(s.place_last))) +
               td(Cell, html_escape(display_name(p)));
        if (ratings) out += td(Num, html_escape(rating_of(ratings, p)));
        out += td(Num, tenths_text(s.points));
        for (std::size_t k = 0; k < s.tiebreaks.size(); ++k)
            out += td(Num, tiebreak_text(t.swiss.tiebreaks[k], s.tiebreaks[k]));
        for (const std::string& c : tb.cells[r]) out += td(Cell, html_escape(c));
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    if (!tb.pairings.empty()) {
        out += "<p>";
        for (std::size_t i = 0; i < tb.pairings.size(); ++i)
            out += (i == 0 ? "" : "<br>\n") + html_escape(tb.pairings[i]);
        out += "</p>\n";
    }
    out += "<p>";
    for (std::size_t i = 0; i < tb.legend.size(); ++i)
        out += (i == 0 ? "" : "<br>\n") + html_escape(tb.legend[i]);
    return out + "</p>\n</div>\n";
}

}  // namespace ck::club
