#include "compose/view_model.hpp"

#include <iterator>
#include <string>
#include <vector>

#include "compose/rule_set_words.hpp"
#include "rules/variant.hpp"

namespace ck::compose {
namespace {

using referee::Announcement;
using referee::AnnouncementType;
using referee::follows_move;
using referee::PlayerView;
using rules::Color;

// Width of the wrapped move list; the templates print it from column 0.
constexpr std::size_t MoveListWidth = 76;

// Unicode chess figures, each with VS15 (U+FE0E) so mail clients draw text, not emoji.
std::string figure(rules::Piece p) {
    static const char* const white[] = {"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"};
    static const char* const black[] = {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};
    static_assert(
        std::size(white) == static_cast<std::size_t>(rules::index_of(rules::PieceType::King)) + 1 &&
            std::size(black) == std::size(white),
        "figures: one per PieceType, Pawn to King");
    int t = rules::index_of(rules::type_of(p));
    return std::string(rules::color_of(p) == Color::White ? white[t] : black[t]) + "\uFE0E";
}

core::Result<std::string, ComposeError> colour_word(const TemplateSet& w, Color c) {
    return w.word(c == Color::White ? "white" : "black");
}

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// Sets `<name>` and `<Name>` to the translated piece word ("piece-knight" in words).
core::Result<void, ComposeError> set_piece(const TemplateSet& w, Context& c,
                                           const std::string& name, const std::string& piece) {
    auto word = w.word("piece-" + piece);
    if (!word) return core::unexpected(word.error());
    c.set(name, *word);
    c.set(capitalised(name), capitalised(*word));
    return {};
}

std::string pocket_text(const int counts[rules::PocketTypes]) {
    static const rules::PieceType order[] = {rules::PieceType::Queen, rules::PieceType::Rook,
                                             rules::PieceType::Bishop, rules::PieceType::Knight,
                                             rules::PieceType::Pawn};
    std::string out;
    for (rules::PieceType t : order)
        for (int i = 0; i < counts[rules::index_of(t)]; ++i) {
            if (!out.empty()) out += ' ';
            out += rules::type_char(t);
        }
    return out;
}

}  // namespace

std::vector<PlyGroup> ply_groups(const PlayerView& view) {
    std::vector<PlyGroup> groups;
    const auto& heard = view.heard;
    std::size_t start = 0;
    for (std::size_t i = 0; i < heard.size(); ++i) {
        if (heard[i].type != AnnouncementType::Moved) continue;
        std::size_t end = i + 1;
        while (end < heard.size() && follows_move(heard[end].type)) ++end;
        groups.push_back(PlyGroup{Color::White, 0, start, end, i});
        start = end;
        i = end - 1;
    }
    const std::size_t complete = groups.size();
    if (start < heard.size())
        groups.push_back(PlyGroup{view.to_move, 0, start, heard.size(), heard.size()});
    // Count back: the last move was made by the side not to move.
    Color side = ~view.to_move;
    int number = side == Color::White ? view.move_number : view.move_number - 1;
    for (std::size_t k = complete; k-- > 0;) {
        groups[k].side = side;
        groups[k].number = number;
        if (side == Color::White) --number;
        side = ~side;
    }
    if (complete < groups.size()) groups.back().number = view.move_number;
    return groups;
}

int plies_played(const PlayerView& view) {
    int n = 0;
    for (const Announcement& a : view.heard)
        if (a.type == AnnouncementType::Moved) ++n;
    return n;
}

// The same as from ply_groups, read from the end: each group holds exactly one `moved` (its
// first after the group before), and a group ends after the announcements that follow its
// move, so the player's latest turn begins where the group before it ends.
std::size_t last_turn_start(const PlayerView& view) {
    const auto& heard = view.heard;
    // The `moved` announcements from the last one back; the last one is the side not to move's.
    std::size_t i = heard.size();
    const auto previous_move = [&]() -> bool {
        while (i-- > 0)
            if (heard[i].type == AnnouncementType::Moved) return true;
        return false;
    };
    if (!previous_move()) return 0;
    if (~view.to_move != view.player && !previous_move()) return 0;
    // i is the player's latest move; its group begins after the previous move's group.
    if (!previous_move()) return 0;
    std::size_t end = i + 1;
    while (end < heard.size() && follows_move(heard[end].type)) ++end;
    return end;
}

std::size_t last_turn_start(const PlayerView& view, const std::vector<PlyGroup>& groups) {
    for (std::size_t k = groups.size(); k-- > 0;)
        if (groups[k].side == view.player && groups[k].moved != groups[k].end)
            return groups[k].begin;
    return 0;
}

core::Result<std::string, ComposeError> sentence(const TemplateSet& w, const PlayerView& view,
                                                 const Announcement& a, Color side) {
    Context c;
    auto side_word = colour_word(w, side);
    if (!side_word) return side_word;
    c.set("side", *side_word);
    const bool own = side == view.player;
    switch (a.type) {
        case AnnouncementType::Moved:
            c.set("move", a.move);
            if (own && !a.move.empty()) return w.word("moved-own", c);
            if (!a.move.empty()) return w.word("moved-open", c);
            return w.word("moved", c);
        case AnnouncementType::Illegal: {
            auto answer = w.word("answer-" + (a.answer.empty() ? std::string("no") : a.answer));
            if (!answer) return answer;
            c.set("answer", *answer);
            c.set("attempt", a.attempt);
            return w.word(own && !a.attempt.empty() ? "illegal-own" : "illegal-other", c);
        }
        case AnnouncementType::Any: {
            auto answer = w.word("any-" + a.answer);
            if (!answer) return answer;
            c.set("answer", *answer);
            return w.word(own ? "any-own" : "any-other", c);
        }
        case AnnouncementType::Capture: {
            c.set("square", a.square);
            if (!a.piece.empty()) {  // empty: a rule set that names only the square
                auto p = set_piece(w, c, "piece", a.piece);
                if (!p) return core::unexpected(p.error());
            }
            auto s = w.word(a.piece.empty() ? "capture-square" : "capture", c);
            if (!s || a.placed.empty()) return s;
            c.set("placed", a.placed);
            // A rule set that names only the square names no piece here either.
            auto placed = w.word(a.piece.empty() ? "placed-square" : "placed", c);
            if (!placed) return placed;
            return *s + " " + *placed;
        }
        case AnnouncementType::Drop: {
            auto p = set_piece(w, c, "piece", a.piece);
            if (!p) return core::unexpected(p.error());
            c.set("square", a.square);
            return w.word(own && !a.square.empty() ? "drop-own" : "drop", c);
        }
        case AnnouncementType::Check:
            return w.word("check-" + a.direction, c);
        case AnnouncementType::PawnTries:
        case AnnouncementType::Promotion:
            return rule_set_sentence(w, a);
        case AnnouncementType::GameOver: {
            // A draw names no loser; its reason sentences use neither colour word.
            const Color loser =
                a.result ? referee::loser_of(*a.result).value_or(Color::Black) : Color::Black;
            auto lw = colour_word(w, loser);
            auto ww = colour_word(w, ~loser);
            if (!lw) return lw;
            if (!ww) return ww;
            c.set("loser", *lw);
            c.set("winner", *ww);
            c.set("result",
                  std::string(a.result ? referee::result_text(*a.result) : std::string_view()));
            return w.word("reason-" + a.reason, c);
        }
    }
    return std::string();
}

core::Result<void, ComposeError> fill_board_cell(const TemplateSet& w, rules::Piece p,
                                                 rules::Square sq, bool promoted, Context& cell) {
    const bool piece = rules::is_piece(p);
    cell.set("char", piece ? std::string(1, rules::piece_char(p)) : ".");
    cell.set("mark", promoted ? "~" : " ");
    cell.set("figure", piece ? figure(p) : std::string());
    cell.set("square", rules::square_name(sq));
    cell.flag("light", rules::is_light_square(sq)).flag("promoted", promoted);
    std::string label;
    if (piece) {
        auto colour = colour_word(w, rules::color_of(p));
        auto name = w.word("piece-" + std::string(rules::type_word(rules::type_of(p))));
        if (!colour) return core::unexpected(colour.error());
        if (!name) return core::unexpected(name.error());
        label = *colour + " " + *name;
        if (promoted) {
            auto mark = w.word("listview-promoted");
            if (!mark) return core::unexpected(mark.error());
            label += " " + *mark;
        }
    }
    cell.set("label", label);
    return {};
}

core::Result<void, ComposeError> fill_view(const TemplateSet& w, const PlayerView& view, Context& c,
                                           std::optional<core::GameId> game) {
    return fill_view(w, view, ply_groups(view), c, game);
}

core::Result<void, ComposeError> fill_view(const TemplateSet& w, const PlayerView& view,
                                           const std::vector<PlyGroup>& groups, Context& c,
                                           std::optional<core::GameId> game) {
    const Color me = view.player;
    auto mine = colour_word(w, me);
    auto theirs = colour_word(w, ~me);
    auto to_move = colour_word(w, view.to_move);
    if (!mine) return core::unexpected(mine.error());
    if (!theirs) return core::unexpected(theirs.error());
    if (!to_move) return core::unexpected(to_move.error());
    c.set("your_colour", *mine).set("opponent_colour", *theirs).set("to_move_colour", *to_move);
    c.set("variant", view.variant).flag("hidden", view.hidden);
    if (auto r = fill_rule_set(w, &view, c); !r) return r;
    c.flag("has_receipt", false);  // the board partial's receipt line: set from the Envelope
    // The drawn board alone, until list_view.hpp fill_text_view says otherwise.
    c.flag("view_board", true).flag("view_list", false);
    c.set("move_number", std::to_string(view.move_number));

    // The board from the player's side: Black sees rank 1 at the top and file h on the left.
    std::vector<Context> rows;
    bool any_promoted = false;
    for (int r = 0; r < 8; ++r) {
        const int rank = me == Color::White ? 7 - r : r;
        Context row;
        row.set("rank", std::to_string(rank + 1));
        std::vector<Context> cells;
        for (int f = 0; f < 8; ++f) {
            const int file = me == Color::White ? f : 7 - f;
            const rules::Square sq = rules::make_square(file, rank);
            const rules::Piece p = view.pieces.board[sq];
            const bool promoted = rules::is_piece(p) && (view.pieces.promoted & rules::bb(sq)) != 0;
            any_promoted = any_promoted || promoted;
            Context cell;
            if (auto r = fill_board_cell(w, p, sq, promoted, cell); !r) return r;
            cells.push_back(std::move(cell));
        }
        row.lists["cells"] = std::move(cells);
        rows.push_back(std::move(row));
    }
    c.lists["board_rows"] = std::move(rows);
    std::vector<Context> files;
    for (int f = 0; f < 8; ++f)
        files.push_back(Context().set(
            "name", std::string(1, static_cast<char>('a' + (me == Color::White ? f : 7 - f)))));
    c.lists["board_files"] = std::move(files);
    c.flag("has_promoted", any_promoted);
    const rules::Variant* variant = rules::find_variant(view.variant);
    c.flag("has_pockets", variant == nullptr || rules::has_pockets(*variant));
    c.set("your_pocket", pocket_text(view.pieces.pockets[rules::index_of(me)]));
    c.set("opponent_pocket", pocket_text(view.pieces.pockets[rules::index_of(~me)]));

    // The move list as the player knows it: the opponent's hidden moves as "..." followed by
    // what was announced about them (move_list.hpp).
    if (auto r = fill_move_list(w, view, groups, game, MoveListWidth, c); !r) return r;

    c.flag("game_over", view.result.has_value());
    c.flag("your_turn", !view.result && view.to_move == me);
    std::string result_text, reason;
    if (view.result) {
        auto r = w.word("result-" + std::string(referee::result_text(*view.result)));
        if (!r) return core::unexpected(r.error());
        result_text = *r;
        for (std::size_t i = view.heard.size(); i-- > 0;)
            if (view.heard[i].type == AnnouncementType::GameOver) {
                auto s = sentence(w, view, view.heard[i], view.to_move);
                if (!s) return core::unexpected(s.error());
                reason = *s;
                break;
            }
    }
    c.set("result", std::string(view.result ? referee::result_text(*view.result) : ""))
        .set("result_text", result_text);
    c.set("result_reason", reason);
    return {};
}

core::Result<void, ComposeError> fill_news(const TemplateSet& w, const PlayerView& view,
                                           std::size_t from, Context& c) {
    return fill_news(w, view, ply_groups(view), from, c);
}

core::Result<void, ComposeError> fill_news(const TemplateSet& w, const PlayerView& view,
                                           const std::vector<PlyGroup>& groups, std::size_t from,
                                           Context& c) {
    std::vector<Context> news;
    for (const PlyGroup& g : groups) {
        if (g.end <= from) continue;
        for (std::size_t i = g.begin; i < g.end; ++i) {
            if (i < from) continue;
            // The player's own drop is already in "You played N@f5."
            const auto& a = view.heard[i];
            if (a.type == AnnouncementType::Drop && g.side == view.player && !a.square.empty() &&
                g.moved < i && !view.heard[g.moved].move.empty())
                continue;
            auto s = sentence(w, view, view.heard[i], g.side);
            if (!s) return core::unexpected(s.error());
            news.push_back(Context().set("line", *s));
        }
    }
    c.flag("has_news", !news.empty());
    c.lists["news"] = std::move(news);
    return {};
}

}  // namespace ck::compose
