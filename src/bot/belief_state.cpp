#include "bot/belief_state.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "bot/own_position.hpp"
#include "bot/rng.hpp"
#include "bot/view_turns.hpp"
#include "referee/check_direction.hpp"
#include "referee/game.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/variant.hpp"

namespace ck::bot {

using referee::Announcement;
using referee::AnnouncementType;
using rules::Color;
using rules::Move;
using rules::MoveKind;
using rules::MoveList;
using rules::Piece;
using rules::PieceType;
using rules::Position;
using rules::Square;

namespace {

constexpr int MaxMoveTries = 8;    // opponent moves simulated per position and turn
constexpr int TeleportTries = 24;  // repairs tried per position that nothing explains

// What the player heard of one move, without the game's end (a position set up from a FEN
// knows no repetition history, so the referee's automatic draws are not compared).
std::vector<Announcement> move_block(const std::vector<Announcement>& heard, int moved, int end) {
    std::vector<Announcement> out;
    for (int i = moved; i < end; ++i)
        if (heard[i].type != AnnouncementType::GameOver) out.push_back(heard[i]);
    return out;
}

bool captures(const Position& pos, Move m) {
    if (m.is_drop() || m.kind() == MoveKind::Castling) return false;
    return m.kind() == MoveKind::EnPassant || rules::is_piece(pos.piece_on(m.to()));
}

// Compacts a position's undo history (copies stay cheap over long games).
Position compact(const Position& pos) {
    if (pos.game_ply() < 24) return pos;
    auto p = Position::from_fen(pos.fen(), pos.variant());
    return p ? std::move(*p) : pos;
}

// The pawn-tries announcement `a` (one of its three forms) is what the referee would say of pos.
bool pawn_tries_match(const Position& pos, const Announcement& a) {
    MoveList legal;
    rules::generate_legal(pos, legal);
    std::vector<std::pair<Square, Square>> caps;
    std::vector<std::string> from;
    for (Move m : legal) {
        if (m.is_drop() || m.kind() == MoveKind::Castling) continue;
        if (rules::type_of(pos.piece_on(m.from())) != PieceType::Pawn) continue;
        if (rules::file_of(m.from()) == rules::file_of(m.to())) continue;
        const std::pair<Square, Square> ft{m.from(), m.to()};
        if (std::find(caps.begin(), caps.end(), ft) != caps.end()) continue;
        caps.push_back(ft);
        const std::string sq = rules::square_name(m.from());
        if (std::find(from.begin(), from.end(), sq) == from.end()) from.push_back(sq);
    }
    if (a.count && *a.count != static_cast<int>(caps.size())) return false;
    if (a.available && *a.available != !caps.empty()) return false;
    if (a.squares) {
        std::vector<std::string> want = *a.squares;
        std::sort(want.begin(), want.end());
        std::sort(from.begin(), from.end());
        if (want != from) return false;
    }
    return true;
}

std::vector<std::string> check_directions(const Position& pos) {
    std::vector<std::string> dirs;
    const Square king = pos.king_square(pos.side_to_move());
    for (rules::Bitboard c = pos.checkers(); c; c &= c - 1) {
        const Square s = static_cast<Square>(__builtin_ctzll(c));
        dirs.emplace_back(referee::check_direction(king, s, rules::type_of(pos.piece_on(s))));
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

// pos with the piece on `from` carried to `to` (taking what stands there, into the carrier's
// pocket where the variant has pockets), `side` to move: a repair when no legal move of a
// sampled position explains what was heard. nullopt when that is no legal position.
std::optional<Position> teleport(const Position& pos, Square from, Square to, Color side) {
    const rules::Variant& v = pos.variant();
    Piece board[64];
    for (Square s = 0; s < 64; ++s) board[s] = pos.piece_on(s);
    rules::Bitboard promoted = pos.promoted();
    const Piece moving = board[from];
    if (!rules::is_piece(moving) || from == to) return std::nullopt;
    int pockets[2][rules::PocketTypes];
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < rules::PocketTypes; ++t)
            pockets[c][t] = pos.pocket_count(static_cast<Color>(c), static_cast<PieceType>(t));
    if (rules::is_piece(board[to])) {
        if (rules::type_of(board[to]) == PieceType::King) return std::nullopt;
        if (rules::has_pockets(v)) {
            PieceType t = rules::type_of(board[to]);
            if (((promoted >> to) & 1) && v.promoted_returns_as_pawn) t = PieceType::Pawn;
            ++pockets[rules::index_of(rules::color_of(moving))][rules::index_of(t)];
        }
    }
    if (rules::type_of(moving) == PieceType::Pawn &&
        (rules::rank_of(to) == 0 || rules::rank_of(to) == 7))
        return std::nullopt;
    board[from] = Piece::NoPiece;
    board[to] = moving;
    const bool was_promoted = (promoted >> from) & 1;
    promoted &= ~(rules::bb(from) | rules::bb(to));
    if (was_promoted) promoted |= rules::bb(to);
    std::string fen = fen_board(board, promoted);
    if (rules::has_pockets(v)) {
        fen += '[';
        constexpr PieceType order[5] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                        PieceType::Knight, PieceType::Pawn};
        for (int c = 0; c < 2; ++c)
            for (PieceType t : order)
                for (int n = 0; n < pockets[c][rules::index_of(t)]; ++n)
                    fen += rules::piece_char(rules::make_piece(static_cast<Color>(c), t));
        fen += ']';
    }
    std::string rights;
    const std::uint8_t cr = pos.castling_rights();
    auto at = [&](int file, int rank, Color c, PieceType t) {
        return board[rules::make_square(file, rank)] == rules::make_piece(c, t);
    };
    if ((cr & rules::WhiteKingSide) && at(4, 0, Color::White, PieceType::King) &&
        at(7, 0, Color::White, PieceType::Rook))
        rights += 'K';
    if ((cr & rules::WhiteQueenSide) && at(4, 0, Color::White, PieceType::King) &&
        at(0, 0, Color::White, PieceType::Rook))
        rights += 'Q';
    if ((cr & rules::BlackKingSide) && at(4, 7, Color::Black, PieceType::King) &&
        at(7, 7, Color::Black, PieceType::Rook))
        rights += 'k';
    if ((cr & rules::BlackQueenSide) && at(4, 7, Color::Black, PieceType::King) &&
        at(0, 7, Color::Black, PieceType::Rook))
        rights += 'q';
    if (rights.empty()) rights = "-";
    fen += std::string(" ") + (side == Color::White ? "w " : "b ") + rights + " - 0 1";
    auto out = Position::from_fen(fen, v);
    if (!out) return std::nullopt;
    return std::move(*out);
}

// A random square holding a piece of colour c (its king only when it has nothing else).
Square random_unit(const Position& pos, Color c, Rng& rng) {
    const rules::Bitboard all = pos.pieces(c);
    rules::Bitboard b = all & ~pos.pieces(c, PieceType::King);
    if (!b) b = all;
    const int n = __builtin_popcountll(b);
    int k = rng.below(n);
    while (k--) b &= b - 1;
    return static_cast<Square>(__builtin_ctzll(b));
}

}  // namespace

bool attempt_legal(const Position& pos, const std::string& attempt, Move* played) {
    MoveList legal;
    rules::generate_legal(pos, legal);
    Move best = Move::none();
    for (Move m : legal) {
        if (m.pending_choice() != PieceType::None && m.pending_choice() != PieceType::Queen)
            continue;
        if (attempt_text(m) != attempt) continue;
        if (best.is_none() || m.place() < best.place()) best = m;
    }
    if (played) *played = best;
    return !best.is_none();
}

bool has_legal_pawn_capture(const Position& pos) {
    MoveList legal;
    rules::generate_legal(pos, legal);
    for (Move m : legal) {
        if (m.is_drop() || m.kind() == MoveKind::Castling) continue;
        if (rules::type_of(pos.piece_on(m.from())) != PieceType::Pawn) continue;
        if (rules::file_of(m.from()) != rules::file_of(m.to())) return true;
    }
    return false;
}

BeliefState::BeliefState(const referee::PlayerView& start, std::uint64_t seed, int size)
    : seed_(seed), size_(size) {
    variant_ = rules::find_variant(start.variant);
    if (!variant_) variant_ = rules::find_variant("chess");
    rules_ = start.rules;
    us_ = start.player;
    reset();
}

void BeliefState::reset() {
    positions_.assign(static_cast<std::size_t>(size_), Position::startpos(*variant_));
    last_good_.clear();
    applied_ = 0;
    lost_ = false;
}

void BeliefState::update(const referee::PlayerView& view) {
    if (view.heard.size() < applied_) reset();
    const auto& heard = view.heard;
    for (const Turn& t : split_turns(heard)) {
        if (static_cast<std::size_t>(t.end) <= applied_) continue;
        const int pre_end = t.complete() ? t.moved : t.end;
        for (int i = std::max<int>(t.first, static_cast<int>(applied_)); i < pre_end; ++i) {
            const Announcement& a = heard[i];
            if (lost_) break;
            if (a.type == AnnouncementType::Illegal && t.side == us_ && !a.attempt.empty() &&
                a.answer == "no")
                apply_own_refusal(a.attempt);
            else if (a.type == AnnouncementType::Any)
                apply_any(t.side, a.answer == "try");
            if (!lost_) refill(mix_seed(seed_, static_cast<std::uint64_t>(i), 1));
        }
        if (t.complete() && static_cast<std::size_t>(t.moved) >= applied_ && !lost_) {
            apply_move(view, t.moved, t.end, t.side, mix_seed(seed_, t.moved, 2));
            if (!lost_) refill(mix_seed(seed_, t.moved, 3));
        }
        applied_ = std::max<std::size_t>(applied_, static_cast<std::size_t>(t.end));
    }
    if (!lost_) {
        std::vector<Position> kept;
        for (auto& p : positions_)
            if (agrees_with_view(p, view)) kept.push_back(std::move(p));
        if (kept.empty()) {
            last_good_ = positions_;
            lost_ = true;
        }
        positions_ = std::move(kept);
    }
    if (lost_) {
        rebuild(view, mix_seed(seed_, heard.size(), 4));
        lost_ = false;
    } else {
        refill(mix_seed(seed_, heard.size(), 5));
    }
}

void BeliefState::apply_own_refusal(const std::string& attempt) {
    std::vector<Position> kept;
    for (auto& p : positions_)
        if (p.side_to_move() == us_ && !attempt_legal(p, attempt, nullptr))
            kept.push_back(std::move(p));
    if (kept.empty()) {
        last_good_ = positions_;
        lost_ = true;
    }
    positions_ = std::move(kept);
}

void BeliefState::apply_any(Color asker, bool try_answer) {
    std::vector<Position> kept;
    for (auto& p : positions_)
        if (p.side_to_move() == asker && has_legal_pawn_capture(p) == try_answer)
            kept.push_back(std::move(p));
    if (kept.empty()) {
        last_good_ = positions_;
        lost_ = true;
    }
    positions_ = std::move(kept);
}

void BeliefState::apply_move(const referee::PlayerView& view, int moved, int end, Color mover,
                             std::uint64_t seed) {
    const auto heard_block = move_block(view.heard, moved, end);
    Rng rng(seed);
    // What the heard block says of the move, to try only the moves that can fit.
    Square cap_sq = rules::NoSquare;
    std::string drop_piece;
    bool check = false;
    for (const Announcement& a : heard_block) {
        if (a.type == AnnouncementType::Capture)
            cap_sq = rules::parse_square(a.square).value_or(rules::NoSquare);
        if (a.type == AnnouncementType::Drop) drop_piece = a.piece;
        if (a.type == AnnouncementType::Check) check = true;
    }
    bool any_capture = false;
    std::vector<std::string> heard_checks;
    const Announcement* tries = nullptr;
    for (const Announcement& a : heard_block) {
        any_capture |= a.type == AnnouncementType::Capture;
        if (a.type == AnnouncementType::Check) heard_checks.push_back(a.direction);
        if (a.type == AnnouncementType::PawnTries) tries = &a;
    }
    std::sort(heard_checks.begin(), heard_checks.end());

    auto told = [&](const Position& pos, Move m) {
        referee::GameSetup setup;
        setup.variant = variant_;
        setup.hidden = true;
        setup.rules = rules_;
        setup.fen = pos.fen();
        auto game = referee::Game::create(setup);
        std::vector<Announcement> out;
        if (!game) return out;
        const referee::Ruling r = game->request(rules::to_uci(m));
        for (const Announcement& a : r.told[rules::index_of(us_)])
            if (a.type != AnnouncementType::GameOver) out.push_back(a);
        return out;
    };

    std::vector<Position> kept;
    for (auto& p : positions_) {
        if (p.side_to_move() != mover) continue;
        if (mover == us_) {
            const std::string& san = view.heard[moved].move;
            auto m = rules::parse_move(p, san);
            if (m && told(p, *m) == heard_block) {
                p.make_move(*m);
                kept.push_back(compact(p));
                continue;
            }
            // Repair: an enemy unit carried onto the square we took on, or out of our way.
            for (int k = 0; k < TeleportTries; ++k) {
                const Square from = random_unit(p, ~us_, rng);
                const Square to = cap_sq != rules::NoSquare && k < TeleportTries / 2
                                      ? cap_sq
                                      : static_cast<Square>(rng.below(64));
                if (rules::is_piece(p.piece_on(to)) && to != cap_sq) continue;
                auto q = teleport(p, from, to, us_);
                if (!q) continue;
                auto m2 = rules::parse_move(*q, san);
                if (!m2 || told(*q, *m2) != heard_block) continue;
                q->make_move(*m2);
                kept.push_back(compact(*q));
                break;
            }
            continue;
        }
        MoveList legal;
        rules::generate_legal(p, legal);
        std::vector<Move> fit;
        for (Move m : legal) {
            const bool cap = captures(p, m);
            if (cap != any_capture) continue;
            if (cap && cap_sq != rules::NoSquare && m.to() != cap_sq &&
                !(m.kind() == MoveKind::EnPassant && p.ep_victim(m.to(), mover) == cap_sq))
                continue;
            if (m.is_drop() != !drop_piece.empty()) continue;
            if (m.is_drop() && rules::type_word(m.piece()) != drop_piece) continue;
            if (p.gives_check(m) != check) continue;
            fit.push_back(m);
        }
        bool fitted = false;
        for (int k = 0; k < MaxMoveTries && !fit.empty(); ++k) {
            const int i = rng.below(static_cast<int>(fit.size()));
            const Move m = fit[i];
            fit[i] = fit.back();
            fit.pop_back();
            if (told(p, m) != heard_block) continue;
            p.make_move(m);
            kept.push_back(compact(p));
            fitted = true;
            break;
        }
        if (fitted || !drop_piece.empty()) continue;
        // Repair: no legal move explains it; carry one of the opponent's units onto the
        // announced capture square (or anywhere) and keep the result if the checks and pawn
        // tries heard agree.
        for (int k = 0; k < TeleportTries; ++k) {
            const Square from = random_unit(p, mover, rng);
            const Square to =
                cap_sq != rules::NoSquare ? cap_sq : static_cast<Square>(rng.below(64));
            if (cap_sq == rules::NoSquare && rules::is_piece(p.piece_on(to))) continue;
            auto q = teleport(p, from, to, us_);
            if (!q || check_directions(*q) != heard_checks) continue;
            if (tries && !pawn_tries_match(*q, *tries)) continue;
            kept.push_back(std::move(*q));
            break;
        }
    }
    if (kept.empty()) {
        last_good_ = positions_;
        lost_ = true;
    }
    positions_ = std::move(kept);
}

void BeliefState::refill(std::uint64_t seed) {
    if (positions_.empty()) return;
    Rng rng(seed);
    const int alive = static_cast<int>(positions_.size());
    while (static_cast<int>(positions_.size()) < size_)
        positions_.push_back(positions_[rng.below(alive)]);
}

bool BeliefState::agrees_with_view(const Position& pos, const referee::PlayerView& view) const {
    if (pos.side_to_move() != view.to_move) return false;
    for (Square s = 0; s < 64; ++s) {
        const Piece p = pos.piece_on(s);
        const Piece mine = rules::is_piece(p) && rules::color_of(p) == us_ ? p : Piece::NoPiece;
        if (mine != view.pieces.board[s]) return false;
    }
    return true;
}

// Rebuilding (see the header): the last survivors' opponent units, as many as the view says the
// opponent has on the board, moved to free squares with a chance that grows with the tries,
// until the position agrees with the view, the checks and pawn tries of the opponent's last move
// and this turn's refusals and `any?` answer; after many tries the last condition is dropped.
void BeliefState::rebuild(const referee::PlayerView& view, std::uint64_t seed) {
    ++rebuilds_;
    Rng rng(seed);
    std::vector<Position> parents = !last_good_.empty() ? last_good_ : positions_;
    if (parents.empty()) parents.push_back(Position::startpos(*variant_));
    const Color them = ~us_;
    const auto& heard = view.heard;
    const auto turns = split_turns(heard);

    // How many units the opponent has on the board.
    int ours = 0, pocketed = 0, our_captures = 0;
    for (Square s = 0; s < 64; ++s) ours += rules::is_piece(view.pieces.board[s]) ? 1 : 0;
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < rules::PocketTypes; ++t) pocketed += view.pieces.pockets[c][t];
    for (const Turn& t : turns)
        if (t.complete() && t.side == us_)
            for (int i = t.moved; i < t.end; ++i)
                our_captures += heard[i].type == AnnouncementType::Capture ? 1 : 0;
    const int target = rules::has_pockets(*variant_)     ? 32 - ours - pocketed
                       : rules::has_placement(*variant_) ? 16
                                                         : 16 - our_captures;

    // The opponent's last move and this turn so far.
    std::vector<std::string> directions;
    const Announcement* tries = nullptr;
    std::vector<const Announcement*> now;
    for (const Turn& t : turns) {
        if (t.complete() && t.side == them) {
            directions.clear();
            tries = nullptr;
            for (int i = t.moved; i < t.end; ++i) {
                if (heard[i].type == AnnouncementType::Check)
                    directions.push_back(heard[i].direction);
                if (heard[i].type == AnnouncementType::PawnTries) tries = &heard[i];
            }
        }
    }
    if (!turns.empty() && !turns.back().complete() && turns.back().side == us_)
        for (int i = turns.back().first; i < turns.back().end; ++i) now.push_back(&heard[i]);
    std::sort(directions.begin(), directions.end());

    auto fits = [&](const Position& pos) {
        std::vector<std::string> dirs;
        const Square king = pos.king_square(us_);
        for (rules::Bitboard c = pos.checkers(); c; c &= c - 1) {
            const Square s = static_cast<Square>(__builtin_ctzll(c));
            dirs.emplace_back(referee::check_direction(king, s, rules::type_of(pos.piece_on(s))));
        }
        std::sort(dirs.begin(), dirs.end());
        if (dirs != directions) return false;
        if (tries && tries->count && (*tries->count > 0) != has_legal_pawn_capture(pos))
            return false;
        if (tries && tries->available && *tries->available != has_legal_pawn_capture(pos))
            return false;
        for (const Announcement* a : now) {
            if (a->type == AnnouncementType::Any &&
                (a->answer == "try") != has_legal_pawn_capture(pos))
                return false;
            if (a->type == AnnouncementType::Illegal && a->answer == "no" && !a->attempt.empty() &&
                attempt_legal(pos, a->attempt, nullptr))
                return false;
        }
        return true;
    };

    std::string pockets = view.board_text();
    pockets = pockets.substr(pockets.find('['));
    const int max_tries = size_ * 40;
    std::vector<Position> built;
    for (int attempt = 0; attempt < max_tries && static_cast<int>(built.size()) < size_;
         ++attempt) {
        const Position& parent = parents[rng.below(static_cast<int>(parents.size()))];
        struct Unit {
            PieceType type;
            bool promoted;
            Square square;
        };
        std::vector<Unit> units;
        for (Square s = 0; s < 64; ++s) {
            const Piece p = parent.piece_on(s);
            if (rules::is_piece(p) && rules::color_of(p) == them)
                units.push_back({rules::type_of(p), parent.is_promoted(s), s});
        }
        std::sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) {
            return a.type == PieceType::King && b.type != PieceType::King;
        });
        while (static_cast<int>(units.size()) > std::max(1, target))
            units.erase(units.begin() + 1 + rng.below(static_cast<int>(units.size()) - 1));
        while (static_cast<int>(units.size()) < target)
            units.push_back({PieceType::Pawn, false, rules::NoSquare});
        const double move_chance = 0.25 + 0.75 * attempt / max_tries;
        Piece board[64];
        for (Square s = 0; s < 64; ++s) board[s] = view.pieces.board[s];
        rules::Bitboard promoted = view.pieces.promoted;
        bool ok = true;
        for (const Unit& u : units) {
            Square s = u.square;
            const bool pawn = u.type == PieceType::Pawn;
            auto free = [&](Square q) {
                return q < 64 && !rules::is_piece(board[q]) &&
                       !(pawn && (rules::rank_of(q) == 0 || rules::rank_of(q) == 7));
            };
            if (!free(s) || rng.unit() < move_chance) {
                s = rules::NoSquare;
                for (int k = 0; k < 64 && s == rules::NoSquare; ++k) {
                    const Square q = static_cast<Square>(rng.below(64));
                    if (free(q)) s = q;
                }
            }
            if (s == rules::NoSquare) {
                ok = false;
                break;
            }
            board[s] = rules::make_piece(them, u.type);
            if (u.promoted) promoted |= rules::bb(s);
        }
        if (!ok) continue;
        std::string rights;
        const std::uint8_t mine =
            parent.castling_rights() &
            (us_ == Color::White ? (rules::WhiteKingSide | rules::WhiteQueenSide)
                                 : (rules::BlackKingSide | rules::BlackQueenSide));
        if (mine & rules::WhiteKingSide) rights += 'K';
        if (mine & rules::WhiteQueenSide) rights += 'Q';
        if (mine & rules::BlackKingSide) rights += 'k';
        if (mine & rules::BlackQueenSide) rights += 'q';
        if (rights.empty()) rights = "-";
        const std::string fen = fen_board(board, promoted) + pockets + " " +
                                (view.to_move == Color::White ? "w " : "b ") + rights + " - 0 1";
        auto pos = Position::from_fen(fen, *variant_);
        if (!pos) continue;
        if (attempt < max_tries * 3 / 4 && !fits(*pos)) continue;
        built.push_back(std::move(*pos));
    }
    if (built.empty()) built = parents;  // keeps the engine playing; the view still rules
    positions_ = std::move(built);
    last_good_.clear();
    refill(mix_seed(seed, 7));
}

}  // namespace ck::bot
