// Crosstables of knockouts and group stages (knockout_crosstable.hpp).
#include "club/knockout_crosstable.hpp"

#include "club/knockout.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

constexpr const char* Cell = " style=\"border:1px solid #999;padding:2px 6px\"";

// The game's result from player `me`'s side (knockout_crosstable.hpp).
std::string symbol(const Pairing& p, int me) {
    if (p.outcome == Outcome::Pending) return ".";
    if (p.outcome == Outcome::Draw) return "\xc2\xbd";
    const bool won = (p.outcome == Outcome::WhiteWins) == (p.white == me);
    if (p.ending == ForfeitEnding) return won ? "+" : "-";
    return won ? "1" : "0";
}

std::string seeded(const Tournament& t, const std::optional<int>& player, int seed) {
    if (!player) return "?";
    return "(" + std::to_string(seed) + ") " +
           display_name(t.players[static_cast<std::size_t>(*player)]);
}

struct MatchLine {
    std::string high, low, score, games, outcome;
};

MatchLine match_line(const Tournament& t, const Match& m) {
    MatchLine l;
    l.high = seeded(t, m.high, m.high_seed);
    l.low = m.high && !m.low && m.decided_by == "bye" ? "bye" : seeded(t, m.low, m.low_seed);
    if (!m.high || !m.low) {
        l.outcome = m.winner ? display_name(t.players[static_cast<std::size_t>(*m.winner)]) +
                                   " advances on a bye"
                             : "to be decided";
        return l;
    }
    l.score = points_text(m.high_half) + "-" + points_text(m.low_half);
    for (std::size_t k = 0; k < m.games.size(); ++k) {
        const std::size_t first = static_cast<std::size_t>(t.stages.games);
        if (k == 0)
            l.games = "";
        else if (k >= first && (k - first) % 2 == 0)
            l.games += ", tie-break ";
        else
            l.games += " ";
        l.games += symbol(t.pairings[m.games[k]], *m.high);
    }
    if (!m.winner) {
        l.outcome = "in progress";
    } else {
        l.outcome = display_name(t.players[static_cast<std::size_t>(*m.winner)]) + " advances";
        if (m.decided_by == "tie-break") l.outcome += " by the tie-break match";
        if (m.decided_by == "seed") l.outcome += " on seed (drawn match)";
        if (m.decided_by == "withdrawal") l.outcome += " (the opponent withdrew)";
    }
    return l;
}

std::string round_title(const Bracket& b, std::size_t r) {
    return knockout_round_name(static_cast<int>(r + 1), static_cast<int>(b.rounds.size()));
}

bool round_open(const std::vector<Match>& round) {
    for (const Match& m : round)
        if (m.high || m.low) return true;
    return false;
}

std::string advance_text(const Tournament& t) {
    const int k = t.stages.advance;
    if (k == 1) return "The winner of each group advances to the knockout.";
    return "The top " + std::to_string(k) + " players of each group advance to the knockout.";
}

}  // namespace

std::string stage_crosstable_text(const Tournament& t, const RatingLabels* ratings) {
    const Crosstable c = make_crosstable(t);
    std::string out = c.title + "\n" + c.subtitle + "\n" + c.status + "\n";
    const auto all = groups(t);
    for (std::size_t g = 0; g < all.size(); ++g) {
        out += "\n" + crosstable_text(group_event(t, static_cast<int>(g)), ratings);
    }
    if (!all.empty()) out += advance_text(t) + "\n";
    const Bracket b = make_bracket(t);
    out += "\nKnockout\n";
    if (!b.known) return out + "Paired when every group game is over.\n";
    for (std::size_t r = 0; r < b.rounds.size(); ++r) {
        out += round_title(b, r) + "\n";
        if (!round_open(b.rounds[r])) {
            out += "  Paired when every match of the round before is decided.\n";
            continue;
        }
        for (const Match& m : b.rounds[r]) {
            const MatchLine l = match_line(t, m);
            std::string s = "  " + l.high + " - " + l.low;
            if (!l.score.empty()) s += ": " + l.score + " (" + l.games + ")";
            out += s + "\n    " + l.outcome + "\n";
        }
    }
    out +=
        "\n(n) is the bracket seed; results are the first-named player's, who is the\n"
        "higher seed: 1 win, \xc2\xbd draw, 0 loss, + - by forfeit, . not finished.\n";
    return out;
}

std::string stage_crosstable_html(const Tournament& t, const RatingLabels* ratings) {
    using text::html_escape;
    const Crosstable c = make_crosstable(t);
    std::string out = "<div class=\"ck-crosstable\">\n";
    out += "<h2>" + html_escape(c.title) + "</h2>\n";
    out += "<p>" + html_escape(c.subtitle) + "<br>" + html_escape(c.status) + "</p>\n";
    const auto all = groups(t);
    for (std::size_t g = 0; g < all.size(); ++g)
        out += crosstable_html(group_event(t, static_cast<int>(g)), ratings);
    if (!all.empty()) out += "<p>" + html_escape(advance_text(t)) + "</p>\n";
    const Bracket b = make_bracket(t);
    out += "<h3>Knockout</h3>\n";
    if (!b.known) return out + "<p>Paired when every group game is over.</p>\n</div>\n";
    for (std::size_t r = 0; r < b.rounds.size(); ++r) {
        out += "<h4>" + html_escape(round_title(b, r)) + "</h4>\n";
        if (!round_open(b.rounds[r])) {
            out += "<p>Paired when every match of the round before is decided.</p>\n";
            continue;
        }
        out += "<table style=\"border-collapse:collapse\">\n<thead><tr>";
        for (const char* h : {"Higher seed", "Lower seed", "Score", "Games", "Outcome"})
            out += std::string("<th") + Cell + ">" + h + "</th>";
        out += "</tr></thead>\n<tbody>\n";
        for (const Match& m : b.rounds[r]) {
            const MatchLine l = match_line(t, m);
            out += "<tr>";
            for (const std::string* v : {&l.high, &l.low, &l.score, &l.games, &l.outcome})
                out += std::string("<td") + Cell + ">" + html_escape(*v) + "</td>";
            out += "</tr>\n";
        }
        out += "</tbody>\n</table>\n";
    }
    out +=
        "<p>(n) is the bracket seed; results are the first-named player&#39;s, who is the "
        "higher seed: 1 win, \xc2\xbd draw, 0 loss, + - by forfeit, . not finished.</p>\n";
    return out + "</div>\n";
}

}  // namespace ck::club
