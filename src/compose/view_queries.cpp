// The list view's queries (view_queries.hpp).
#include "compose/view_queries.hpp"

#include <vector>

#include "compose/deadline_text.hpp"
#include "compose/list_view.hpp"
#include "compose/view_model.hpp"

namespace ck::compose {
namespace {

using referee::AnnouncementType;
using referee::PlayerView;
using rules::Color;
using rules::PieceType;

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& ch : out)
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    return out;
}

std::vector<std::string> words_of(std::string_view line) {
    std::vector<std::string> out;
    std::string cur;
    for (char ch : line) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += ch;
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    // "last." / "clock?": the closing mark belongs to the sentence, not the word.
    if (!out.empty()) {
        std::string& back = out.back();
        while (!back.empty() && (back.back() == '.' || back.back() == '?' || back.back() == '!'))
            back.pop_back();
        if (back.empty()) out.pop_back();
    }
    return out;
}

// A letter K Q R B N P (any case) or a piece word, singular or plural.
std::optional<PieceType> piece_of(const std::string& word) {
    if (word.size() == 1) {
        char ch = word[0];
        if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
        auto t = rules::parse_type_char(ch);
        if (t && *t != PieceType::None) return t;
        return std::nullopt;
    }
    static const PieceType types[] = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop,
                                      PieceType::Rook, PieceType::Queen,  PieceType::King};
    for (PieceType t : types) {
        const std::string name(rules::type_word(t));
        if (word == name || word == name + "s") return t;
    }
    return std::nullopt;
}

core::Result<std::string, ComposeError> colour_word(const TemplateSet& w, Color c) {
    return w.word(c == Color::White ? "white" : "black");
}

// "Rook a1, Pawn a2" (hidden: the player's own pieces; open: "White Rook a1, Black Pawn a7")
// on the squares `squares`, in their order.
core::Result<std::string, ComposeError> pieces_on(const TemplateSet& w, const PlayerView& view,
                                                  const std::vector<rules::Square>& squares) {
    auto promoted = w.word("listview-promoted");
    if (!promoted) return promoted;
    std::string out;
    for (rules::Square sq : squares) {
        const rules::Piece p = view.pieces.board[sq];
        if (!rules::is_piece(p)) continue;
        std::string item;
        if (!view.hidden) {
            auto colour = colour_word(w, rules::color_of(p));
            if (!colour) return colour;
            item = *colour + " ";
        }
        auto name = piece_name(w, rules::type_of(p), false);
        if (!name) return name;
        item += *name + " " + rules::square_name(sq);
        if ((view.pieces.promoted & rules::bb(sq)) != 0) item += " " + *promoted;
        out += (out.empty() ? "" : ", ") + item;
    }
    if (out.empty()) return w.word(view.hidden ? "query-line-none-hidden" : "query-line-none");
    return out;
}

core::Result<std::string, ComposeError> answer_pieces(const TemplateSet& w, const PlayerView& view,
                                                      PieceType type) {
    const Color me = view.player;
    std::string squares;
    int count = 0;
    for (int file = 0; file < 8; ++file)
        for (int rank = 0; rank < 8; ++rank) {
            const rules::Square sq = rules::make_square(file, rank);
            const rules::Piece p = view.pieces.board[sq];
            if (!rules::is_piece(p) || rules::color_of(p) != me || rules::type_of(p) != type)
                continue;
            squares += (count++ ? ", " : "") + rules::square_name(sq);
        }
    std::string out;
    if (count == 0) {
        auto name = w.word("piece-" + std::string(rules::type_word(type)));
        if (!name) return name;
        auto s = w.word("query-pieces-none", Context().set("piece", *name));
        if (!s) return s;
        out = *s;
    } else {
        auto name = w.word(std::string(count > 1 ? "pieces-" : "piece-") +
                           std::string(rules::type_word(type)));
        if (!name) return name;
        auto s = w.word("query-pieces", Context().set("pieces", *name).set("squares", squares));
        if (!s) return s;
        out = *s;
    }
    if (type != PieceType::King) {
        const int in_hand = view.pieces.pockets[rules::index_of(me)][rules::index_of(type)];
        if (in_hand > 0) {
            auto s = w.word("query-in-hand", Context().set("count", std::to_string(in_hand)));
            if (!s) return s;
            out += " " + *s;
        }
    }
    return out;
}

core::Result<std::string, ComposeError> answer_last(const TemplateSet& w, const PlayerView& view) {
    auto groups = ply_groups(view);
    for (std::size_t k = groups.size(); k-- > 0;) {
        const PlyGroup& g = groups[k];
        if (g.begin == g.end) continue;
        auto side = colour_word(w, g.side);
        if (!side) return side;
        auto head = w.word("listview-move",
                           Context().set("number", std::to_string(g.number)).set("side", *side));
        if (!head) return head;
        std::string sentences = *head;
        for (std::size_t i = g.begin; i < g.end; ++i) {
            auto s = sentence(w, view, view.heard[i], g.side);
            if (!s) return s;
            sentences += " " + *s;
        }
        return w.word("query-last", Context().set("sentences", sentences));
    }
    return w.word("query-last-none");
}

core::Result<std::string, ComposeError> answer_clock(const TemplateSet& w, const PlayerView& view,
                                                     const ClockFacts& clock) {
    if (view.result) {
        auto r = w.word("result-" + std::string(referee::result_text(*view.result)));
        if (!r) return r;
        return w.word("query-clock-over", Context().set("result", *r));
    }
    auto side = colour_word(w, view.to_move);
    if (!side) return side;
    auto s =
        w.word(view.to_move == view.player ? "query-clock-you" : "query-clock-other",
               Context().set("side", *side).set("move_number", std::to_string(view.move_number)));
    if (!s) return s;
    Context c;
    fill_deadline(clock.deadline, clock.now, c);
    auto d = w.word(clock.deadline ? "query-clock-deadline" : "query-clock-none", c);
    if (!d) return d;
    return *s + " " + *d;
}

}  // namespace

std::optional<ViewQuery> parse_view_query(std::string_view line) {
    const std::vector<std::string> words = words_of(lower(line));
    if (words.empty() || words.size() > 2) return std::nullopt;
    const std::string& head = words[0];
    ViewQuery q;
    if (words.size() == 1) {
        if (head == "last" || head == "l") {
            q.kind = ViewQuery::Kind::Last;
            return q;
        }
        if (head == "clock" || head == "c") {
            q.kind = ViewQuery::Kind::Clock;
            return q;
        }
        return std::nullopt;
    }
    const std::string& arg = words[1];
    if (head == "pieces" || head == "p") {
        auto t = piece_of(arg);
        if (!t) return std::nullopt;
        q.kind = ViewQuery::Kind::Pieces;
        q.piece = *t;
        return q;
    }
    const bool is_file = arg.size() == 1 && arg[0] >= 'a' && arg[0] <= 'h';
    const bool is_rank = arg.size() == 1 && arg[0] >= '1' && arg[0] <= '8';
    if (((head == "file" || head == "s") && is_file)) {
        q.kind = ViewQuery::Kind::File;
        q.index = arg[0] - 'a';
        return q;
    }
    if (((head == "rank" || head == "s") && is_rank)) {
        q.kind = ViewQuery::Kind::Rank;
        q.index = arg[0] - '1';
        return q;
    }
    return std::nullopt;
}

core::Result<std::string, ComposeError> answer_view_query(const TemplateSet& w,
                                                          const PlayerView& view,
                                                          const ViewQuery& q,
                                                          const ClockFacts& clock) {
    switch (q.kind) {
        case ViewQuery::Kind::Pieces:
            return answer_pieces(w, view, q.piece);
        case ViewQuery::Kind::File:
        case ViewQuery::Kind::Rank: {
            const bool file = q.kind == ViewQuery::Kind::File;
            std::vector<rules::Square> squares;
            for (int i = 0; i < 8; ++i)
                squares.push_back(file ? rules::make_square(q.index, i)
                                       : rules::make_square(i, q.index));
            auto pieces = pieces_on(w, view, squares);
            if (!pieces) return pieces;
            Context c;
            c.set("pieces", *pieces);
            c.set("file", std::string(1, static_cast<char>('a' + q.index)));
            c.set("rank", std::to_string(q.index + 1));
            return w.word(file ? "query-file" : "query-rank", c);
        }
        case ViewQuery::Kind::Last:
            return answer_last(w, view);
        case ViewQuery::Kind::Clock:
            return answer_clock(w, view, clock);
    }
    return std::string();
}

}  // namespace ck::compose
