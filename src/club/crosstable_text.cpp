// crosstable_text: the monospace crosstable (contract in crosstable.hpp).
#include <algorithm>

#include "club/crosstable.hpp"
#include "club/knockout.hpp"
#include "club/knockout_crosstable.hpp"
#include "club/swiss_crosstable.hpp"
#include "club/team_crosstable.hpp"
#include "club/text_util.hpp"

namespace ck::club {
namespace {

constexpr std::size_t LineWidth = 78;
constexpr std::size_t MinNameWidth = 8;
constexpr std::size_t MaxNameWidth = 28;  // longer names are cut even when room is left

std::string strip_trailing(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

}  // namespace

std::string crosstable_text(const Tournament& t, const RatingLabels* ratings) {
    using text::columns;
    using text::pad_left;
    using text::pad_right;
    if (t.system == System::Swiss && !t.entries_open) return swiss_crosstable_text(t, ratings);
    if (is_staged(t) && !t.entries_open) return stage_crosstable_text(t, ratings);
    if (t.system == System::Teams) return team_crosstable_text(t, ratings);
    const Crosstable c = make_crosstable(t);
    if (t.entries_open) {
        std::string out = c.title + "\n" + c.subtitle + "\n" + c.status + "\n\n";
        const std::size_t no_w = std::max<std::size_t>(2, std::to_string(t.players.size()).size());
        for (std::size_t i = 0; i < t.players.size(); ++i)
            out += pad_left(std::to_string(i + 1), no_w) + " " +
                   text::fit(display_name(t.players[i]), LineWidth - no_w - 1) + "\n";
        if (!t.players.empty()) out += "\n";
        out += "The games start when the organiser closes the entries.\n";
        return out;
    }
    const std::size_t n = c.rows.size();

    std::size_t no_w = std::max<std::size_t>(2, std::to_string(n).size());
    std::size_t place_w = 5, pts_w = 3, sb_w = 2, name_w = 4;
    std::size_t cell_w = std::max<std::size_t>(cycles(t), std::to_string(n).size());
    for (const Standing& s : c.rows) {
        place_w = std::max(place_w, columns(place_text(s)));
        pts_w = std::max(pts_w, columns(points_text(s.half_points)));
        sb_w = std::max(sb_w, columns(sb_text(s.sb_quarters)));
        name_w = std::max(name_w, columns(display_name(t.players[s.player])));
    }
    const auto rating_of = [&](const Player& p) {
        const auto it = ratings->find(text::lower_ascii(p.address));
        return it == ratings->end() ? std::string("-") : it->second;
    };
    std::size_t rtg_w = 0;  // 0: no rating column
    if (ratings) {
        rtg_w = 3;
        for (const Player& p : t.players) rtg_w = std::max(rtg_w, columns(rating_of(p)));
    }
    const std::size_t fixed = no_w + 1 + place_w + 1 + 2 + (rtg_w ? rtg_w + 1 : 0) + n * cell_w +
                              (n - 1) + 2 + pts_w + 2 + sb_w;
    const std::size_t room = fixed + MinNameWidth < LineWidth ? LineWidth - fixed : MinNameWidth;
    name_w = std::min({name_w, room, MaxNameWidth});

    auto line = [&](const std::string& no, const std::string& place, const std::string& name,
                    const std::string& rtg, const std::vector<std::string>& cells,
                    const std::string& pts, const std::string& sb) {
        std::string s = pad_left(no, no_w) + " " + pad_right(place, place_w) + " " +
                        pad_right(text::fit(name, name_w), name_w) + " ";
        if (rtg_w) s += " " + pad_left(rtg, rtg_w);
        for (const std::string& cell : cells) s += " " + pad_right(cell, cell_w);
        s += "  " + pad_left(pts, pts_w) + "  " + pad_left(sb, sb_w);
        return strip_trailing(s) + "\n";
    };

    std::string out = c.title + "\n" + c.subtitle + "\n" + c.status + "\n\n";
    std::vector<std::string> heads;
    for (std::size_t j = 1; j <= n; ++j) heads.push_back(std::to_string(j));
    out += line("No", "Place", "Name", "Rtg", heads, "Pts", "SB");
    for (std::size_t r = 0; r < n; ++r) {
        const Standing& s = c.rows[r];
        const Player& p = t.players[s.player];
        out += line(std::to_string(r + 1), place_text(s), display_name(p),
                    ratings ? rating_of(p) : std::string(), c.cells[r], points_text(s.half_points),
                    sb_text(s.sb_quarters));
    }
    out += "\n";
    for (const std::string& l : c.legend) out += l + "\n";
    return out;
}

}  // namespace ck::club
