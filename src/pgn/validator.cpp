// One game's validation (contract in validator.hpp).
#include "pgn/validator.hpp"

#include <array>
#include <vector>

#include "pgn/reader.hpp"
#include "pgn/referee_record.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

namespace ck::pgn {
namespace {

using rules::Move;
using rules::PieceType;
using rules::Position;

struct KindInfo {
    std::string_view name, key;
};
constexpr KindInfo Kinds[] = {
    {"valid", "valid"},
    {"illegal move", "illegal_move"},
    {"leaves king in check", "leaves_king_in_check"},
    {"ambiguous SAN", "ambiguous_san"},
    {"malformed token", "malformed_token"},
    {"illegal castling", "illegal_castling"},
    {"illegal en passant", "illegal_en_passant"},
    {"bad promotion", "bad_promotion"},
    {"drop on occupied square", "drop_on_occupied"},
    {"drop not in pocket", "drop_not_in_pocket"},
    {"drop of a promoted piece", "drop_promoted_piece"},
    {"pawn drop on rank 1/8", "illegal_pawn_drop_rank"},
    {"drop in standard chess", "drop_in_standard"},
    {"wrong variant", "wrong_variant"},
    {"move after mate", "move_after_mate"},
    {"truncated", "truncated"},
    {"broken tag", "broken_tag"},
    {"bad FEN", "bad_fen"},
    {"unknown variant", "unknown_variant"},
    {"null move", "null_move"},
    {"result contradicts the position", "result_contradiction"},
    {"unterminated comment", "unterminated_comment"},
    {"unbalanced parentheses", "unbalanced_parentheses"},
    {"text after result", "text_after_result"},
    {"referee record mismatch", "referee_record"},
};
// Row i names ErrorKind i: a new kind is a new row at its place, or this does not compile.
static_assert(std::size(Kinds) == static_cast<std::size_t>(ErrorKind::RefereeRecord) + 1,
              "pgn::Kinds: one row per ErrorKind (RefereeRecord is the last)");

// The kind of a move defect rules::parse_move diagnosed (same names, rules/notation.hpp).
ErrorKind error_kind(rules::MoveDefect d) {
    using rules::MoveDefect;
    switch (d) {
        case MoveDefect::None:
            break;
        case MoveDefect::IllegalMove:
            return ErrorKind::IllegalMove;
        case MoveDefect::LeavesKingInCheck:
            return ErrorKind::LeavesKingInCheck;
        case MoveDefect::AmbiguousSan:
            return ErrorKind::AmbiguousSan;
        case MoveDefect::MalformedToken:
            return ErrorKind::MalformedToken;
        case MoveDefect::IllegalCastling:
            return ErrorKind::IllegalCastling;
        case MoveDefect::IllegalEnPassant:
            return ErrorKind::IllegalEnPassant;
        case MoveDefect::BadPromotion:
            return ErrorKind::BadPromotion;
        case MoveDefect::DropOnOccupied:
            return ErrorKind::DropOnOccupied;
        case MoveDefect::DropNotInPocket:
            return ErrorKind::DropNotInPocket;
        case MoveDefect::DropPromotedPiece:
            return ErrorKind::DropPromotedPiece;
        case MoveDefect::PawnDropRank:
            return ErrorKind::PawnDropRank;
        case MoveDefect::DropInStandard:
            return ErrorKind::DropInStandard;
        case MoveDefect::MoveAfterMate:
            return ErrorKind::MoveAfterMate;
    }
    return ErrorKind::IllegalMove;
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// The variant's start position, built once per thread and copied per game.
const Position& startpos(const rules::Variant& v) {
    thread_local std::vector<std::optional<Position>> cache(rules::VariantCount);  // by VariantId
    auto& slot = cache[static_cast<std::size_t>(v.id)];
    if (!slot) slot.emplace(Position::startpos(v));
    return *slot;
}

// Replays one game's events; the first defect ends checking (reading goes on to the end).
class GameChecker : public Visitor {
public:
    explicit GameChecker(const ValidateOptions& options) : opt_(options) {}
    const GameVerdict& verdict() const { return verdict_; }
    // The variant the Variant tag names (chess without one); nullptr for an unknown name.
    const rules::Variant* tagged_variant() const { return tagged_; }

    void tag(std::string_view name, std::string_view value, int line) override {
        if (name == "Variant") {
            variant_tag_ = value;
            tagged_ = variant_from_tag(value);
            has_variant_ = true;
            variant_line_ = line;
        } else if (name == "FEN") {
            fen_tag_ = value;
            has_fen_ = true;
            fen_line_ = line;
        } else if (name == "Result") {
            result_tag_ = value;
            result_line_ = line;
        }
    }
    void begin_movetext(int line) override { setup(line); }
    void move_number(int, int) override { pending_truncation_ = false; }
    void nag(int, int) override { pending_truncation_ = false; }
    void san(std::string_view token, int line) override {
        pending_truncation_ = false;
        if (done_ || dead_depth_ || !setup(line)) return;
        if (rules::is_null_move(token))
            return fail_move(ErrorKind::NullMove, ply_ + 1, line, label(token),
                             "a null move is not a legal move");
        auto m = rules::parse_move(*pos_, token, [this] { return captured_promoted(); });
        if (!m) {
            ErrorKind kind = error_kind(m.error().defect);
            fail_move(kind, ply_ + 1, line, label(token), m.error().detail);
            if (kind == ErrorKind::MalformedToken && depth_ == 0 && marker_.empty()) {
                pending_truncation_ = true;
                truncated_token_ = token;
            }
            return;
        }
        make(*m);
        frames_.back().moves++;
    }
    void begin_variation(int line) override {
        pending_truncation_ = false;
        ++depth_;
        if (done_ || dead_depth_ || !setup(line)) return;
        Frame f;
        Frame& cur = frames_.back();
        if (cur.moves > 0) {
            f.parent = path_.back();
            f.has_parent = true;
            unmake();
            --cur.moves;
        }
        frames_.push_back(f);
    }
    void end_variation(int) override {
        pending_truncation_ = false;
        int closing = depth_--;
        if (done_) return;
        if (dead_depth_) {
            if (closing > dead_depth_) return;
            dead_depth_ = 0;
        }
        if (frames_.size() < 2) return;
        Frame f = frames_.back();
        frames_.pop_back();
        for (int i = 0; i < f.moves; ++i) unmake();
        if (f.has_parent) {
            make(f.parent.move);
            frames_.back().moves++;
        }
    }
    void result(std::string_view token, int line) override {
        pending_truncation_ = false;
        if (depth_ != 0) return;
        marker_ = token;
        marker_line_ = line;
    }
    void syntax_error(const SyntaxError& e) override {
        if (done_) return;
        ErrorKind k = ErrorKind::BrokenTag;
        // The reader's message names the kind too ("broken tag: ..."): keep its detail only.
        std::string_view detail = e.message;
        if (auto colon = detail.find(": "); colon != std::string_view::npos)
            detail.remove_prefix(colon + 2);
        switch (e.code) {
            case SyntaxCode::BrokenTag:
                return fail(k, 0, e.line, "", detail);
            case SyntaxCode::UnterminatedComment:
                k = ErrorKind::UnterminatedComment;
                break;
            case SyntaxCode::UnbalancedParenthesis:
                k = ErrorKind::UnbalancedParenthesis;
                break;
            case SyntaxCode::TextAfterResult:
                k = ErrorKind::TextAfterResult;
                break;
        }
        fail(k, ply_, e.line, "", detail);
    }
    void end_game() override {
        if (pending_truncation_) {
            verdict_.kind = ErrorKind::Truncated;
            verdict_.error = std::string(kind_name(ErrorKind::Truncated)) +
                             ": the game ends inside a move ('" + std::string(truncated_token_) +
                             "') without a result";
        }
        if (done_ || !setup(verdict_.line)) return;
        verdict_.ply = ply_;
        check_result();
    }

private:
    struct PathEntry {
        Move move;
        PieceType captured_promoted;  // type of a promoted piece this move captured, or None
    };
    struct Frame {
        PathEntry parent{Move::none(), PieceType::None};
        bool has_parent = false;
        int moves = 0;
    };

    // Builds the start position from the Variant and FEN tags once; false after a defect.
    bool setup(int line) {
        if (pos_) return true;
        if (done_) return false;
        const rules::Variant* v = opt_.force_variant;
        if (!v) v = tagged_;
        if (!v)
            return fail(ErrorKind::UnknownVariant, 0, variant_line_, "",
                        "'" + std::string(variant_tag_) + "' is not a supported variant"),
                   false;
        if (has_fen_) {
            auto p = Position::from_fen(fen_tag_, *v);
            if (!p) {
                // pychess puzzles write fullmove 0; read it as 1.
                std::string_view f = trim(fen_tag_);
                if (f.size() > 2 && f.substr(f.size() - 2) == " 0") {
                    std::string fixed(f.substr(0, f.size() - 1));
                    fixed += '1';
                    auto q = Position::from_fen(fixed, *v);
                    if (q) p = std::move(q);
                }
            }
            if (!p) return fail(ErrorKind::BadFen, 0, fen_line_, "", p.error().message), false;
            pos_.emplace(std::move(*p));
        } else {
            pos_.emplace(startpos(*v));
        }
        start_side_ = pos_->side_to_move();
        path_.reserve(160);
        frames_.reserve(8);
        frames_.assign(1, Frame{});
        (void)line;
        return true;
    }

    void make(PathEntry e) {
        pos_->make_move(e.move);
        path_.push_back(e);
        ++ply_;
    }
    void make(Move m) {
        PieceType cp = PieceType::None;
        if (!m.is_drop() && m.kind() != rules::MoveKind::Castling && pos_->is_promoted(m.to()) &&
            rules::is_piece(pos_->piece_on(m.to())))
            cp = rules::type_of(pos_->piece_on(m.to()));
        make(PathEntry{m, cp});
    }
    void unmake() {
        pos_->undo_move();
        path_.pop_back();
        --ply_;
    }

    std::array<int, rules::PocketTypes> captured_promoted() const {
        std::array<int, rules::PocketTypes> n{};
        // Plies 0, 2, 4... of the path are played by the side that moved first.
        int parity = pos_->side_to_move() == start_side_ ? 0 : 1;
        for (std::size_t i = parity; i < path_.size(); i += 2)
            if (path_[i].captured_promoted != PieceType::None &&
                rules::index_of(path_[i].captured_promoted) < rules::PocketTypes)
                ++n[rules::index_of(path_[i].captured_promoted)];
        return n;
    }

    std::string label(std::string_view token) const {
        std::string s = std::to_string(pos_->fullmove_number());
        s += pos_->side_to_move() == rules::Color::White ? ". " : "... ";
        s += token;
        return s;
    }

    // A move that cannot be played: fatal on the main line (and with strict variations).
    void fail_move(ErrorKind kind, int ply, int line, std::string move, std::string_view detail) {
        if (depth_ > 0 && !opt_.strict_variations) {
            // A defect inside a variation (an annotation, not the game): the rest of that
            // variation is skipped and the game is judged on its main line.
            dead_depth_ = depth_;
            if (verdict_.variation_note.empty())
                verdict_.variation_note = std::string(kind_name(kind)) + " in a variation at " +
                                          move + (detail.empty() ? "" : ": ") + std::string(detail);
            return;
        }
        fail(kind, ply, line, std::move(move), detail);
    }

    void fail(ErrorKind kind, int ply, int line, std::string move, std::string_view detail) {
        done_ = true;
        verdict_.valid = false;
        verdict_.kind = kind;
        verdict_.ply = ply;
        verdict_.line = line;
        verdict_.move = std::move(move);
        verdict_.error = std::string(kind_name(kind));
        if (!detail.empty()) {
            verdict_.error += ": ";
            verdict_.error += detail;
        }
    }

    // A result tag or termination marker must not contradict a checkmate or stalemate.
    void check_result() {
        // Only a decisive or drawn result can contradict the board; a draw only a checkmate.
        auto decided = [](std::string_view r) { return r == "1-0" || r == "0-1"; };
        bool any_decided = decided(marker_) || decided(result_tag_);
        bool any_draw = marker_ == "1/2-1/2" || result_tag_ == "1/2-1/2";
        if (!any_decided && !(any_draw && pos_->in_check())) return;
        rules::MoveList legal;
        rules::generate_legal(*pos_, legal);
        if (!legal.empty()) return;
        bool mate = pos_->in_check();
        std::string_view expected = !mate                                         ? "1/2-1/2"
                                    : pos_->side_to_move() == rules::Color::White ? "0-1"
                                                                                  : "1-0";
        auto contradicts = [&](std::string_view r) {
            return (r == "1-0" || r == "0-1" || r == "1/2-1/2") && r != expected;
        };
        std::string what = mate ? "checkmate" : "stalemate";
        if (contradicts(marker_))
            return fail(ErrorKind::ResultContradiction, ply_, marker_line_, "",
                        std::string(marker_) + " after " + what + " (expected " +
                            std::string(expected) + ")");
        if (contradicts(result_tag_))
            fail(ErrorKind::ResultContradiction, ply_, result_line_, "",
                 "Result \"" + std::string(result_tag_) + "\" after " + what + " (expected " +
                     std::string(expected) + ")");
    }

    const ValidateOptions& opt_;
    GameVerdict verdict_;
    bool done_ = false;
    std::string_view variant_tag_, fen_tag_, result_tag_, marker_, truncated_token_;
    const rules::Variant* tagged_ = &rules::variant_of(rules::VariantId::Chess);
    bool has_variant_ = false, has_fen_ = false;
    int variant_line_ = 0, fen_line_ = 0, result_line_ = 0, marker_line_ = 0;
    std::optional<Position> pos_;
    rules::Color start_side_ = rules::Color::White;
    int ply_ = 0;
    int depth_ = 0;
    int dead_depth_ = 0;  // depth of a variation whose rest is skipped after a defect
    std::vector<PathEntry> path_;
    std::vector<Frame> frames_;
    bool pending_truncation_ = false;
};

// Other drop variants to try when a drop fails, to tell a wrong Variant tag from a defect.
std::vector<rules::VariantId> alternatives(ErrorKind kind, const rules::Variant& v) {
    using rules::VariantId;
    // A drop in a game tagged chess: a drop variant's game without its tag. A captured promoted
    // piece dropped as itself: a Loop (or Chessgi) game tagged Crazyhouse. A pawn dropped on the
    // 1st rank stays a defect (the reference data never means Chessgi by it).
    if (kind == ErrorKind::DropInStandard)
        return {VariantId::Crazyhouse, VariantId::Loop, VariantId::Chessgi};
    if (kind == ErrorKind::DropPromotedPiece && v.promoted_returns_as_pawn)
        return {VariantId::Loop, VariantId::Chessgi};
    return {};
}

}  // namespace

std::string_view kind_name(ErrorKind kind) { return Kinds[static_cast<int>(kind)].name; }
std::string_view kind_key(ErrorKind kind) { return Kinds[static_cast<int>(kind)].key; }

const rules::Variant* variant_from_tag(std::string_view tag) {
    tag = trim(tag);
    if (tag.empty() || iequals(tag, "Standard") || iequals(tag, "chess") ||
        iequals(tag, "From Position") || iequals(tag, "fromPosition"))
        return &rules::variant_of(rules::VariantId::Chess);
    return rules::find_variant(tag);
}

namespace {

// A hidden game's record carries the Kriegspiel tag (docs/pgn.md, "Hidden games").
bool is_referee_record(std::string_view text) {
    return text.find("[Kriegspiel ") != std::string_view::npos;
}

// Replays a referee record's requests and turns the first mismatch into the verdict.
void check_referee_record(std::string_view text, int first_line, GameVerdict& verdict) {
    auto check = verify_referee_record(std::string(text), first_line);
    if (check) return;
    const RecordError& e = check.error();
    verdict.valid = false;
    verdict.kind = ErrorKind::RefereeRecord;
    verdict.ply = e.ply;
    verdict.line = e.line > 0 ? e.line : first_line;
    verdict.error = std::string(kind_name(ErrorKind::RefereeRecord)) + ": " + e.message;
}

}  // namespace

std::optional<GameVerdict> validate_game(std::string_view text, int first_line,
                                         const ValidateOptions& options) {
    GameChecker checker(options);
    if (!parse_game(text, first_line, checker)) return std::nullopt;
    GameVerdict verdict = checker.verdict();
    const rules::Variant* tagged = checker.tagged_variant();
    verdict.variant = tagged ? tagged->name : std::string_view("unknown");
    if (verdict.valid && is_referee_record(text)) check_referee_record(text, first_line, verdict);
    if (verdict.valid || !options.diagnose_variant || options.force_variant) return verdict;
    if (!tagged) return verdict;
    auto alts = alternatives(verdict.kind, *tagged);
    for (auto id : alts) {
        ValidateOptions o = options;
        o.force_variant = &rules::variant_of(id);
        o.diagnose_variant = false;
        auto other = validate_game(text, first_line, o);
        if (other && other->valid) {
            verdict.kind = ErrorKind::WrongVariant;
            verdict.error = std::string(kind_name(ErrorKind::WrongVariant)) + ": tagged " +
                            std::string(tagged->pgn_name) + ", but the moves are legal in " +
                            std::string(o.force_variant->pgn_name) + " (" + verdict.error + ")";
            break;
        }
    }
    return verdict;
}

}  // namespace ck::pgn
