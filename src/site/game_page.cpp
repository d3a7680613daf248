// A game's page (game_page.hpp).
#include "site/game_page.hpp"

#include <optional>

#include "compose/spectator_model.hpp"
#include "compose/template_engine.hpp"
#include "league/ratings.hpp"
#include "referee/announcement.hpp"
#include "referee/ruling_json.hpp"
#include "referee/spectator_view.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "site/html_page.hpp"

namespace ck::site {
namespace {

using rules::Color;

struct Ply {
    std::string label;  // "1. e4", "1... e5"; empty for the start
    std::string fen;
    std::string from, to;  // the move's squares ("e2", "e4"); a drop has no `from`; the
                           // start neither
};

// The true positions after each move of the record (only for pages that may show them). A
// game.ini or record.pgn that does not replay is Corrupt (stored data).
core::Result<std::vector<Ply>, core::Error> plies_of(const league::StoredGame& g) {
    auto setup = league::setup_of(g.meta);
    if (!setup) return core::unexpected(setup.error());
    std::optional<rules::Position> pos;
    if (setup->fen) {
        auto p = rules::Position::from_fen(*setup->fen, *setup->variant);
        if (!p) return core::unexpected(core::corrupt_error("bad FEN: " + p.error().message));
        pos = std::move(*p);
    } else {
        pos = rules::Position::startpos(*setup->variant);
    }
    std::vector<Ply> plies{{"", pos->fen(), "", ""}};
    for (const auto& r : g.record.rulings()) {
        if (!r.move) continue;
        const std::string fen = pos->fen();
        const bool white = fen.find(" w ") != std::string::npos;
        const auto fields = fen.substr(fen.rfind(' ') + 1);
        auto m = rules::parse_move(*pos, *r.move);
        if (!m)
            return core::unexpected(
                core::corrupt_error("record.pgn: move '" + *r.move + "' does not replay"));
        pos->make_move(*m);
        plies.push_back({fields + (white ? ". " : "... ") + *r.move, pos->fen(),
                         m->kind() == rules::MoveKind::Drop ? "" : rules::square_name(m->from()),
                         rules::square_name(m->to())});
    }
    return plies;
}

std::string announcement_text(const referee::Announcement& a) {
    std::string s(referee::announcement_type_name(a.type));
    for (const std::string* f :
         {&a.move, &a.answer, &a.attempt, &a.piece, &a.square, &a.placed, &a.direction})
        if (!f->empty()) s += " " + *f;
    if (a.result) s += " " + std::string(referee::result_text(*a.result));
    if (!a.reason.empty()) s += " " + a.reason;
    return s;
}

std::string side_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string replay_board(const std::vector<Ply>& plies) {
    std::string json = "[";
    for (std::size_t i = 0; i < plies.size(); ++i)
        json += std::string(i ? "," : "") + "{\"label\":" + referee::json_string(plies[i].label) +
                ",\"fen\":" + referee::json_string(plies[i].fen) +
                ",\"from\":" + referee::json_string(plies[i].from) +
                ",\"to\":" + referee::json_string(plies[i].to) + "}";
    json += "]";
    // "</" cannot end the JSON block early: json_string leaves '/' alone, so escape it here.
    std::string safe;
    for (char c : json) safe += c == '/' ? std::string("\\/") : std::string(1, c);
    std::string moves;
    for (std::size_t i = 1; i < plies.size(); ++i)
        moves += "<span data-ply=\"" + std::to_string(i) + "\">" + html_escape(plies[i].label) +
                 "</span> ";
    // The board is drawn by the replay script (html_page.cpp): coordinates as row and column
    // headers, each square's piece in words, the last move marked by an outline and in words.
    // The move list is a labelled region that scrolls when long and takes the keyboard focus
    // (Tab), where the arrow keys step through the moves as everywhere on the page.
    return "<div class=\"replay\">\n<div class=\"pocket\" id=\"bpocket\" "
           "aria-hidden=\"true\"></div>\n"
           "<div class=\"wrap\"><table class=\"board\" id=\"board\"></table></div>\n"
           "<div class=\"pocket\" id=\"wpocket\" aria-hidden=\"true\"></div>\n"
           "<p id=\"position\" aria-live=\"polite\"></p>\n"
           "<div class=\"controls\"><button id=\"first\" type=\"button\" title=\"Start "
           "(Home)\" aria-label=\"Start\">&laquo;</button><button id=\"prev\" type=\"button\" "
           "title=\"Back (left arrow)\" aria-label=\"Back\">&#x25C0;</button><button id=\"next\" "
           "type=\"button\" title=\"Forward (right arrow)\" aria-label=\"Forward\">&#x25B6;"
           "</button><button id=\"last\" type=\"button\" title=\"End (End)\" aria-label=\"End\">"
           "&raquo;</button> <span id=\"ply\"></span></div>\n"
           "<p><small>FEN: <code id=\"fen\"></code></small></p>\n</div>\n"
           "<h2 id=\"moves-heading\">Moves</h2>\n<div class=\"moves\" role=\"region\" "
           "aria-labelledby=\"moves-heading\" tabindex=\"0\"><p>" +
           (moves.empty() ? std::string("No move yet.") : moves) +
           "</p></div>\n<script type=\"application/json\" id=\"plies\">" + safe + "</script>\n";
}

// The referee's record of a hidden game, request by request, with what each side was told.
std::string referee_table(const league::StoredGame& g) {
    std::string out =
        "<h2>The referee's record</h2>\n<div class=\"wrap\"><table>\n<tr><th scope=\"col\">#</th>"
        "<th scope=\"col\">Side</th><th scope=\"col\">Request</th><th scope=\"col\">Answer</th>"
        "<th scope=\"col\">White was told</th><th scope=\"col\">Black was told</th></tr>\n";
    for (const referee::Ruling& r : g.record.rulings()) {
        out += "<tr><td>" + (r.n ? std::to_string(r.n) : std::string()) + "</td><td>" +
               side_name(r.side) + "</td><td>" + html_escape(r.request) + "</td><td>" +
               html_escape(r.move ? *r.move : std::string(r.ending ? "end" : "refused")) + "</td>";
        for (int c = 0; c < 2; ++c) {
            std::string told;
            for (const auto& a : r.told[c])
                told += (told.empty() ? "" : "; ") + html_escape(announcement_text(a));
            out += "<td>" + told + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</table></div>\n";
}

// A pocket as the spectator mail shows it: "-" when empty.
std::string pocket_text(const std::string& pocket) {
    return pocket.empty() ? std::string("-") : html_escape(pocket);
}

// What a follower may see of a hidden game in progress: the SpectatorView only. Templates that
// cannot be filled are Invalid (the installed templates, not the game, are wrong).
core::Result<std::string, core::Error> spectator_section(const compose::TemplateSet& words,
                                                         const league::StoredGame& g) {
    const referee::SpectatorView view =
        referee::spectator_view(g.game.view(Color::White), g.game.view(Color::Black));
    compose::Context c;
    if (auto filled = compose::fill_spectator(words, view, 0, c); !filled)
        return core::unexpected(core::invalid_error(filled.error().message));
    std::string out = "<p>A hidden game in progress: only what both players heard is shown. " +
                      html_escape(side_name(view.to_move)) + " to play move " +
                      std::to_string(view.move_number) + ".</p>\n";
    if (c.flags["has_pockets"])
        out += "<p>White's pocket: " + pocket_text(c.text["white_pocket"]) +
               "<br>Black's pocket: " + pocket_text(c.text["black_pocket"]) + "</p>\n";
    out += "<h2>Announcements</h2>\n<ul>\n";
    for (compose::Context& line : c.lists["news"])
        out += "<li>" + html_escape(line.text["line"]) + "</li>\n";
    return out + "</ul>\n";
}

}  // namespace

std::string players_line(const league::Players& players, const league::GameMeta& meta,
                         const club::RatingPool* pool, const std::string& root) {
    const auto one = [&](const std::string& address) {
        std::string s = html_escape(league::display_name(players, address));
        if (!meta.rated) return s;
        if (pool && club::find_player(*pool, address))
            s = "<a href=\"" + root + "players/" + player_slug(address) + ".html\">" + s + "</a>";
        return s + " (" + club::rating_label(club::current(pool, address)) + ")";
    };
    return one(meta.white) + " vs " + one(meta.black);
}

core::Result<GamePage, core::Error> game_page(const compose::TemplateSet& words,
                                              const league::Players& players, store::GameId id,
                                              const league::StoredGame& g,
                                              const club::RatingPool* pool) {
    const std::string gid = to_string(id);
    const bool over = g.game.over();
    const std::string mode =
        g.meta.variant +
        (g.meta.hidden ? ", hidden (Kriegspiel rules: " +
                             std::string(referee::rule_set_name(g.meta.rules)) + ")"
                       : "") +
        (g.meta.rated ? ", rated (" + league::pool_of(g.meta) + ")" : ", casual");
    std::string body = "<p>" + html_escape(league::display_name(players, g.meta.white)) +
                       " (White) vs " + html_escape(league::display_name(players, g.meta.black)) +
                       " (Black)<br>" + html_escape(mode) + "</p>\n";
    GamePage out;
    if (over) {
        body +=
            "<p><b>Result: " + html_escape(std::string(referee::result_marker(g.game.result()))) +
            "</b></p>\n";
        if (g.meta.rated && pool) {
            body += "<p>";
            for (const std::string& who : {g.meta.white, g.meta.black}) {
                const club::PlayerRating* p = club::find_player(*pool, who);
                if (!p) continue;
                for (const auto& h : p->history)
                    if (h.game == id)
                        body += "<a href=\"../players/" + player_slug(who) + ".html\">" +
                                html_escape(league::display_name(players, who)) + "</a>: " +
                                html_escape(club::change_label({who, h.before, h.after})) + "<br>";
            }
            body += "</p>\n";
        }
        out.pgn = g.record.referee_record();
        body += "<p><a href=\"" + gid + ".pgn\" download>Download the full record (PGN)</a></p>\n";
        auto plies = plies_of(g);
        if (!plies) return core::unexpected(plies.error());
        body += replay_board(*plies);
        if (g.meta.hidden) body += referee_table(g);
        out.html = page("Game " + gid, "../", body, true);
        return out;
    }
    body += "<p>" + players_line(players, g.meta, pool, "../") + "</p>\n";
    if (g.meta.hidden) {
        auto s = spectator_section(words, g);
        if (!s) return core::unexpected(s.error());
        out.html = page("Game " + gid, "../", body + *s);
        return out;
    }
    auto plies = plies_of(g);
    if (!plies) return core::unexpected(plies.error());
    out.html = page("Game " + gid, "../", body + replay_board(*plies), true);
    return out;
}

}  // namespace ck::site
