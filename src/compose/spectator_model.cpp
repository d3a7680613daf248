#include "compose/spectator_model.hpp"

#include "compose/rule_set_words.hpp"
#include "compose/text_wrap.hpp"
#include "compose/view_model.hpp"
#include "rules/variant.hpp"

namespace ck::compose {
namespace {

using referee::Announcement;
using referee::AnnouncementType;
using referee::SpectatorView;
using rules::Color;

constexpr std::size_t MoveListWidth = 76;

core::Result<std::string, ComposeError> colour_word(const TemplateSet& w, Color c) {
    return w.word(c == Color::White ? "white" : "black");
}

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
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

// The onlooker's sentence: the third-person wording of templates/words for every event (the
// view holds no attempt, no dropped square and no put-back square in hidden play).
core::Result<std::string, ComposeError> sentence(const TemplateSet& w, const Announcement& a,
                                                 Color side) {
    Context c;
    auto side_word = colour_word(w, side);
    if (!side_word) return side_word;
    c.set("side", *side_word);
    const auto piece = [&](const std::string& name) -> core::Result<void, ComposeError> {
        auto word = w.word("piece-" + name);
        if (!word) return core::unexpected(word.error());
        c.set("piece", *word).set("Piece", capitalised(*word));
        return {};
    };
    switch (a.type) {
        case AnnouncementType::Moved:
            c.set("move", a.move);
            return w.word(a.move.empty() ? "moved" : "moved-open", c);
        case AnnouncementType::Illegal: {
            auto answer = w.word("answer-" + (a.answer.empty() ? std::string("no") : a.answer));
            if (!answer) return answer;
            c.set("answer", *answer);
            return w.word("illegal-other", c);
        }
        case AnnouncementType::Any: {
            auto answer = w.word("any-" + a.answer);
            if (!answer) return answer;
            c.set("answer", *answer);
            return w.word("any-other", c);
        }
        case AnnouncementType::Capture: {
            c.set("square", a.square);
            if (a.piece.empty()) return w.word("capture-square", c);  // square-only rule sets
            if (auto p = piece(a.piece); !p) return core::unexpected(p.error());
            return w.word("capture", c);
        }
        case AnnouncementType::Drop:
            if (auto p = piece(a.piece); !p) return core::unexpected(p.error());
            return w.word("drop", c);
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
            c.set("loser", *lw)
                .set("winner", *ww)
                .set("result",
                     std::string(a.result ? referee::result_text(*a.result) : std::string_view()));
            return w.word("reason-" + a.reason, c);
        }
    }
    return std::string();
}

}  // namespace

core::Result<void, ComposeError> fill_spectator(const TemplateSet& w, const SpectatorView& view,
                                                std::size_t news_from, Context& c) {
    auto to_move = colour_word(w, view.to_move);
    if (!to_move) return core::unexpected(to_move.error());
    c.set("to_move_colour", *to_move);
    c.set("variant", view.variant).flag("hidden", view.hidden);
    c.set("move_number", std::to_string(view.move_number));

    // Open play: the whole board, from White's side. Hidden play: no board at all.
    c.flag("has_board", !view.hidden);
    std::vector<Context> rows;
    if (!view.hidden) {
        for (int rank = 7; rank >= 0; --rank) {
            Context row;
            row.set("rank", std::to_string(rank + 1));
            std::vector<Context> cells;
            for (int file = 0; file < 8; ++file) {
                const rules::Square sq = rules::make_square(file, rank);
                const rules::Piece p = view.pieces.board[sq];
                const bool promoted =
                    rules::is_piece(p) && (view.pieces.promoted & rules::bb(sq)) != 0;
                Context cell;
                if (auto r = fill_board_cell(w, p, sq, promoted, cell); !r) return r;
                cells.push_back(std::move(cell));
            }
            row.lists["cells"] = std::move(cells);
            rows.push_back(std::move(row));
        }
    }
    c.lists["board_rows"] = std::move(rows);
    std::vector<Context> files;
    for (char f = 'a'; f <= 'h'; ++f) files.push_back(Context().set("name", std::string(1, f)));
    c.lists["board_files"] = std::move(files);
    const rules::Variant* variant = rules::find_variant(view.variant);
    c.flag("has_pockets", variant == nullptr || rules::has_pockets(*variant));
    c.set("white_pocket", pocket_text(view.pieces.pockets[rules::index_of(Color::White)]));
    c.set("black_pocket", pocket_text(view.pieces.pockets[rules::index_of(Color::Black)]));

    std::vector<Context> news;
    std::vector<std::string> units;
    std::string unit;
    std::string reason;
    for (std::size_t i = 0; i < view.events.size(); ++i) {
        const auto& e = view.events[i];
        auto s = sentence(w, e.said, e.side);
        if (!s) return core::unexpected(s.error());
        if (i >= news_from) news.push_back(Context().set("line", *s));
        if (e.said.type == AnnouncementType::GameOver) reason = *s;
        if (e.said.type != AnnouncementType::Moved) continue;
        const std::string text = e.said.move.empty() ? "..." : e.said.move;
        if (e.side == Color::White || unit.empty()) {
            if (!unit.empty()) units.push_back(unit);
            // Count move numbers back from the current one.
            int later_white = 0;
            for (std::size_t k = i + 1; k < view.events.size(); ++k)
                if (view.events[k].said.type == AnnouncementType::Moved &&
                    view.events[k].side == Color::White)
                    ++later_white;
            const int number = view.move_number - later_white -
                               (view.to_move == Color::White && e.side == Color::White ? 1 : 0) -
                               (view.to_move == Color::White && e.side == Color::Black ? 1 : 0);
            unit = std::to_string(number) + (e.side == Color::White ? ". " : "... ") + text;
        } else {
            unit += " " + text;
        }
    }
    if (!unit.empty()) units.push_back(unit);
    c.flag("has_news", !news.empty());
    c.lists["news"] = std::move(news);
    c.flag("has_moves", !units.empty());
    c.set("moves_text", join_wrapped(units, MoveListWidth));

    c.flag("game_over", view.result.has_value());
    std::string result_text;
    if (view.result) {
        auto r = w.word("result-" + std::string(referee::result_text(*view.result)));
        if (!r) return core::unexpected(r.error());
        result_text = *r;
    }
    c.set("result", std::string(view.result ? referee::result_text(*view.result) : ""))
        .set("result_text", result_text);
    c.set("result_reason", reason);
    return {};
}

}  // namespace ck::compose
