// The non-visual view (list_view.hpp).
#include "compose/list_view.hpp"

#include "compose/view_model.hpp"
#include "rules/variant.hpp"

namespace ck::compose {
namespace {

using referee::AnnouncementType;
using referee::PlayerView;
using rules::Color;
using rules::PieceType;

const PieceType BoardOrder[] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn};
const PieceType PocketOrder[] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                 PieceType::Knight, PieceType::Pawn};

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

core::Result<std::string, ComposeError> colour_word(const TemplateSet& w, Color c) {
    return w.word(c == Color::White ? "white" : "black");
}

// "King g1; Queen d1; Rooks a1, f1" for `side`'s pieces on the view's board.
core::Result<std::string, ComposeError> side_pieces(const TemplateSet& w,
                                                    const referee::OwnPieces& pieces, Color side) {
    auto promoted_word = w.word("listview-promoted");
    if (!promoted_word) return promoted_word;
    std::string out;
    for (PieceType t : BoardOrder) {
        std::string squares;
        int count = 0;
        // By file, then rank: a1, a2, ..., b1.
        for (int file = 0; file < 8; ++file)
            for (int rank = 0; rank < 8; ++rank) {
                const rules::Square sq = rules::make_square(file, rank);
                const rules::Piece p = pieces.board[sq];
                if (!rules::is_piece(p) || rules::color_of(p) != side || rules::type_of(p) != t)
                    continue;
                squares += (count++ ? ", " : "") + rules::square_name(sq);
                if ((pieces.promoted & rules::bb(sq)) != 0) squares += " " + *promoted_word;
            }
        if (count == 0) continue;
        auto name = piece_name(w, t, count > 1);
        if (!name) return name;
        out += (out.empty() ? "" : "; ") + *name + " " + squares;
    }
    if (out.empty()) return w.word("listview-no-pieces");
    return out;
}

// "Knight, 2 Pawns", or the word for nothing.
core::Result<std::string, ComposeError> pocket_words(const TemplateSet& w,
                                                     const referee::OwnPieces& pieces, Color side) {
    std::string out;
    for (PieceType t : PocketOrder) {
        const int n = pieces.pockets[rules::index_of(side)][rules::index_of(t)];
        if (n == 0) continue;
        auto name = piece_name(w, t, n > 1);
        if (!name) return name;
        out += (out.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + " " : "") + *name;
    }
    if (out.empty()) return w.word("listview-nothing");
    return out;
}

bool has_pockets(const std::string& variant_name) {
    const rules::Variant* variant = rules::find_variant(variant_name);
    return variant == nullptr || rules::has_pockets(*variant);
}

// The position as lines: for each of `sides` its pieces (and its pocket, where the variant has
// pockets), then for each of `pocket_only` its pocket alone.
core::Result<std::vector<std::string>, ComposeError> position_lines(
    const TemplateSet& w, const referee::OwnPieces& pieces, const std::string& variant,
    const std::vector<Color>& sides, const std::vector<Color>& pocket_only) {
    std::vector<std::string> out;
    const bool pockets = has_pockets(variant);
    for (Color side : sides) {
        auto side_word = colour_word(w, side);
        auto list = side_pieces(w, pieces, side);
        if (!side_word) return core::unexpected(side_word.error());
        if (!list) return core::unexpected(list.error());
        auto line = w.word("listview-side", Context().set("side", *side_word).set("pieces", *list));
        if (!line) return core::unexpected(line.error());
        if (pockets) {
            auto pocket = pocket_words(w, pieces, side);
            if (!pocket) return core::unexpected(pocket.error());
            auto hand = w.word("listview-in-hand", Context().set("pocket", *pocket));
            if (!hand) return core::unexpected(hand.error());
            *line += " " + *hand;
        }
        out.push_back(std::move(*line));
    }
    if (!pockets) return out;
    for (Color side : pocket_only) {
        auto side_word = colour_word(w, side);
        auto pocket = pocket_words(w, pieces, side);
        if (!side_word) return core::unexpected(side_word.error());
        if (!pocket) return core::unexpected(pocket.error());
        auto line = w.word("listview-other-in-hand",
                           Context().set("side", *side_word).set("pocket", *pocket));
        if (!line) return core::unexpected(line.error());
        out.push_back(std::move(*line));
    }
    return out;
}

}  // namespace

core::Result<std::string, ComposeError> piece_name(const TemplateSet& words, PieceType type,
                                                   bool plural) {
    auto word = words.word(std::string(plural ? "pieces-" : "piece-") +
                           std::string(rules::type_word(type)));
    if (!word) return word;
    return capitalised(*word);
}

core::Result<ListView, ComposeError> list_view(const TemplateSet& w, const PlayerView& view) {
    ListView out;
    // Open play: both sides, the player's first; hidden play: the player's own side only, and
    // the opponent's pocket (public).
    std::vector<Color> sides{view.player}, pocket_only;
    (view.hidden ? pocket_only : sides).push_back(~view.player);
    auto position = position_lines(w, view.pieces, view.variant, sides, pocket_only);
    if (!position) return core::unexpected(position.error());
    out.position = std::move(*position);

    for (const PlyGroup& g : ply_groups(view)) {
        auto side_word = colour_word(w, g.side);
        if (!side_word) return core::unexpected(side_word.error());
        auto head =
            w.word("listview-move",
                   Context().set("number", std::to_string(g.number)).set("side", *side_word));
        if (!head) return core::unexpected(head.error());
        std::string line = *head;
        for (std::size_t i = g.begin; i < g.end; ++i) {
            const referee::Announcement& a = view.heard[i];
            // The player's own drop is already in "You played N@f5." (as fill_news does).
            if (a.type == AnnouncementType::Drop && g.side == view.player && !a.square.empty() &&
                g.moved < i && !view.heard[g.moved].move.empty())
                continue;
            auto s = sentence(w, view, a, g.side);
            if (!s) return core::unexpected(s.error());
            line += " " + *s;
        }
        out.moves.push_back(std::move(line));
    }
    return out;
}

core::Result<std::string, ComposeError> list_view_text(const TemplateSet& w,
                                                       const PlayerView& view) {
    auto lv = list_view(w, view);
    if (!lv) return core::unexpected(lv.error());
    auto heading = w.word("listview-moves-heading");
    if (!heading) return heading;
    std::string out;
    for (const std::string& line : lv->position) out += line + "\n";
    out += "\n" + *heading + "\n";
    if (lv->moves.empty()) {
        auto none = w.word("listview-no-moves");
        if (!none) return none;
        out += *none + "\n";
    }
    for (const std::string& line : lv->moves) out += line + "\n";
    return out;
}

core::Result<void, ComposeError> fill_list_view(const TemplateSet& w, const PlayerView& view,
                                                Context& c) {
    auto lv = list_view(w, view);
    if (!lv) return core::unexpected(lv.error());
    std::vector<Context> position, moves;
    for (std::string& line : lv->position) position.push_back(Context().set("line", line));
    for (std::string& line : lv->moves) moves.push_back(Context().set("line", line));
    c.flag("has_list_moves", !moves.empty());
    c.lists["list_position"] = std::move(position);
    c.lists["list_moves"] = std::move(moves);
    return {};
}

core::Result<void, ComposeError> fill_text_view(const TemplateSet& w, TextView mode,
                                                const PlayerView& view, Context& c) {
    c.flag("view_board", mode != TextView::List).flag("view_list", mode != TextView::Board);
    if (mode == TextView::Board) return {};
    return fill_list_view(w, view, c);
}

core::Result<void, ComposeError> fill_spectator_text_view(const TemplateSet& w, TextView mode,
                                                          const referee::SpectatorView& view,
                                                          Context& c) {
    c.flag("view_board", mode != TextView::List).flag("view_list", mode != TextView::Board);
    if (mode == TextView::Board) return {};
    // A follower sees every piece in open play and none in hidden play (spectator_view.hpp);
    // the pockets are public.
    const std::vector<Color> both{Color::White, Color::Black};
    auto position = view.hidden ? position_lines(w, view.pieces, view.variant, {}, both)
                                : position_lines(w, view.pieces, view.variant, both, {});
    if (!position) return core::unexpected(position.error());
    std::vector<Context> lines;
    for (std::string& line : *position) lines.push_back(Context().set("line", line));
    c.flag("has_list_position", !lines.empty());
    c.lists["list_position"] = std::move(lines);
    return {};
}

}  // namespace ck::compose
