// Rating pages (rating_pages.hpp).
#include "site/rating_pages.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "league/ratings.hpp"
#include "site/html_page.hpp"

namespace ck::site {
namespace {

std::string fixed(double x, int places) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*f", places, x);
    return buf;
}

// The rating before the first game, then after each, as a polyline with a band of +-RD.
std::string chart(const club::PlayerRating& p) {
    std::vector<club::glicko2::Rating> points;
    if (!p.history.empty()) points.push_back(p.history.front().before);
    for (const auto& h : p.history) points.push_back(h.after);
    if (points.size() < 2) return {};
    double lo = points[0].rating, hi = lo;
    for (const auto& r : points) {
        lo = std::min(lo, r.rating - r.deviation);
        hi = std::max(hi, r.rating + r.deviation);
    }
    lo = std::floor(lo / 100) * 100;
    hi = std::ceil(hi / 100) * 100;
    const double w = 600, h = 240, left = 44, top = 10, bottom = 24;
    const auto x = [&](std::size_t i) {
        return left +
               (w - left - 10) * static_cast<double>(i) / static_cast<double>(points.size() - 1);
    };
    const auto y = [&](double r) { return top + (h - top - bottom) * (hi - r) / (hi - lo); };
    std::string line, band_top, band_bottom;
    for (std::size_t i = 0; i < points.size(); ++i) {
        line += fixed(x(i), 1) + "," + fixed(y(points[i].rating), 1) + " ";
        band_top +=
            fixed(x(i), 1) + "," + fixed(y(points[i].rating + points[i].deviation), 1) + " ";
    }
    for (std::size_t i = points.size(); i-- > 0;)
        band_bottom +=
            fixed(x(i), 1) + "," + fixed(y(points[i].rating - points[i].deviation), 1) + " ";
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + fixed(w, 0) +
                      " " + fixed(h, 0) + "\" width=\"" + fixed(w, 0) + "\" height=\"" +
                      fixed(h, 0) + "\" role=\"img\" aria-label=\"Rating history\">\n";
    for (double r = lo; r <= hi + 0.5; r += (hi - lo) / 4)
        svg += "<line x1=\"" + fixed(left, 0) + "\" x2=\"" + fixed(w - 10, 0) + "\" y1=\"" +
               fixed(y(r), 1) + "\" y2=\"" + fixed(y(r), 1) +
               "\" stroke=\"#ddd\"/><text x=\"2\" y=\"" + fixed(y(r) + 4, 1) +
               "\" font-size=\"11\">" + fixed(r, 0) + "</text>\n";
    svg += "<polygon points=\"" + band_top + band_bottom + "\" fill=\"#cfe0f7\"/>\n";
    svg +=
        "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"#1a5fb4\" stroke-width=\"2\"/>\n";
    svg += "<text x=\"" + fixed(left, 0) + "\" y=\"" + fixed(h - 6, 0) +
           "\" font-size=\"11\">games: " + std::to_string(points.size() - 1) +
           " (band: rating \xC2\xB1 RD)</text>\n</svg>\n";
    return svg;
}

std::string score_text(double s) { return s == 1 ? "1" : s == 0 ? "0" : "\xC2\xBD"; }

}  // namespace

std::string ratings_page(const std::vector<club::RatingPool>& pools,
                         const league::Players& players) {
    std::string body =
        "<p>Glicko-2 ratings, one pool per variant and mode; every rated game is its own rating "
        "period. A \xE2\x80\x9C?\xE2\x80\x9D marks a provisional rating (RD above 110).</p>\n";
    bool any = false;
    for (const club::RatingPool& pool : pools) {
        if (pool.players.empty()) continue;
        any = true;
        body += "<h2 id=\"pool-" + pool.name + "\">" + html_escape(pool.name) +
                "</h2>\n<div class=\"wrap\"><table class=\"ratings\" data-pool=\"" + pool.name +
                "\">\n<tr><th>#</th><th>Player</th><th class=\"num\">Rating</th><th "
                "class=\"num\">RD</th><th class=\"num\">Games</th></tr>\n";
        int rank = 0;
        for (const club::PlayerRating* p : club::ranked(pool))
            body += "<tr><td>" + std::to_string(++rank) + "</td><td><a href=\"players/" +
                    player_slug(p->player) + ".html\">" +
                    html_escape(league::display_name(players, p->player)) +
                    "</a></td><td class=\"num\">" + club::rating_label(p->value) +
                    "</td><td class=\"num\">" + fixed(p->value.deviation, 0) +
                    "</td><td class=\"num\">" + std::to_string(p->games) + "</td></tr>\n";
        body += "</table></div>\n";
    }
    if (!any) body += "<p>No rated game has ended yet.</p>\n";
    return page("Ratings", "", body);
}

std::map<std::string, std::string> player_pages(const std::vector<club::RatingPool>& pools,
                                                const league::Players& players) {
    std::map<std::string, std::string> bodies;  // slug -> body
    std::map<std::string, std::string> names;
    for (const club::RatingPool& pool : pools) {
        for (const club::PlayerRating& p : pool.players) {
            const std::string slug = player_slug(p.player);
            names[slug] = league::display_name(players, p.player);
            std::string& b = bodies[slug];
            b += "<h2>" + html_escape(pool.name) + ": " + club::rating_label(p.value) + "</h2>\n" +
                 "<p>RD " + fixed(p.value.deviation, 1) + ", volatility " +
                 fixed(p.value.volatility, 5) + ", " + std::to_string(p.games) + " game" +
                 (p.games == 1 ? "" : "s") + "</p>\n" + chart(p) +
                 "<div class=\"wrap\"><table>\n<tr><th>Game</th><th>Date</th><th>Opponent</th>"
                 "<th>Score</th><th>Rating</th></tr>\n";
            for (const auto& h : p.history)
                b += "<tr><td><a href=\"../games/" + to_string(h.game) + ".html\">" +
                     to_string(h.game) + "</a></td><td>" + html_escape(h.date) + "</td><td>" +
                     html_escape(league::display_name(players, h.opponent)) + "</td><td>" +
                     score_text(h.score) + "</td><td>" +
                     html_escape(club::change_label({p.player, h.before, h.after})) +
                     "</td></tr>\n";
            b += "</table></div>\n";
        }
    }
    std::map<std::string, std::string> out;
    for (const auto& [slug, body] : bodies) out[slug + ".html"] = page(names[slug], "../", body);
    return out;
}

}  // namespace ck::site
