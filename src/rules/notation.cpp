// Move notation against a position: resolution of MoveText to a legal move, canonical SAN and
// UCI (docs/pgn.md "Moves", docs/referee-protocol.md "Details" 2 and 6).
//
// Canonical SAN written here:
//   [a8=Q:] core [=Q] [/d6] [+|#]
// - core: O-O / O-O-O; N@f5 and P@d5 for drops; piece letter, disambiguation (file, else rank,
//   else both) among legal moves of the same moving type to the same square, 'x' on captures
//   (en passant included), destination; pawn captures always carry their file.
// - "/d6": Replacement/Putback, where the captured unit is put back (always written).
// - "a8=Q:": Putback, the mover's pawn waiting on a8 is first made a queen (always written
//   when the move carries a pending choice); replacement-putback.md Q1 reading (a).
#include <algorithm>
#include <string>
#include <vector>

#include "rules/move_diagnosis.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/notation_text.hpp"
#include "rules/san_resolver.hpp"

namespace ck::rules {
namespace {

std::string sq_name(Square s) {
    return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}
char upper_letter(PieceType t) { return "PNBRQK??"[index_of(t)]; }
char lower_letter(PieceType t) { return "pnbrqk??"[index_of(t)]; }

// The type that moves: the dropped type, the chosen type for Putback's waiting pawn, else the
// type standing on the origin square.
PieceType moving_type(const Position& pos, Move m) {
    if (m.is_drop()) return m.piece();
    if (m.pending_choice() != PieceType::None && m.from() == pos.pending_promotion())
        return m.pending_choice();
    return type_of(pos.piece_on(m.from()));
}

bool is_capture(const Position& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant) return true;
    if (m.is_drop() || m.kind() == MoveKind::Castling) return false;
    Piece p = pos.piece_on(m.to());
    return is_piece(p) && color_of(p) != pos.side_to_move();
}

bool matches_core(const Position& pos, const MoveText& mt, Move m) {
    using Form = MoveText::Form;
    switch (mt.form) {
        case Form::Castle:
            return m.kind() == MoveKind::Castling &&
                   (file_of(m.to()) < file_of(m.from())) == mt.castle_long;
        case Form::Drop:
            return m.is_drop() && m.piece() == mt.piece && m.to() == *mt.to;
        case Form::Piece:
            // "Kg1" is never castling; "Ke1g1" (long algebraic with its letter) may be.
            if (m.kind() == MoveKind::Castling && !(mt.from_file && mt.from_rank)) return false;
            return !m.is_drop() && m.to() == *mt.to && moving_type(pos, m) == mt.piece &&
                   (!mt.from_file || file_of(m.from()) == *mt.from_file) &&
                   (!mt.from_rank || rank_of(m.from()) == *mt.from_rank);
        case Form::Pawn: {
            if (m.is_drop() || m.to() != *mt.to || moving_type(pos, m) != PieceType::Pawn)
                return false;
            // Without a file, or with the destination's own file, the text is a push: a
            // Kriegspiel attempt "d5" must never become the capture exd5.
            bool diagonal = mt.from_file && *mt.from_file != file_of(*mt.to);
            if (diagonal != (file_of(m.from()) != file_of(m.to()))) return false;
            if (diagonal && file_of(m.from()) != *mt.from_file) return false;
            return !mt.from_rank || rank_of(m.from()) == *mt.from_rank;
        }
        case Form::LongAlgebraic:
            return !m.is_drop() && m.from() == make_square(*mt.from_file, *mt.from_rank) &&
                   m.to() == *mt.to &&
                   (mt.piece == PieceType::None || moving_type(pos, m) == mt.piece);
    }
    return false;
}

// A promotion written matches only that promotion; one not written leaves all four (and the
// caller reports the missing piece as an ambiguity).
bool matches_promotion(const MoveText& mt, Move m) {
    if (m.kind() == MoveKind::Promotion)
        return mt.promotion == PieceType::None || mt.promotion == m.piece();
    return mt.promotion == PieceType::None;
}

bool matches(const Position& pos, const MoveText& mt, Move m) {
    return matches_core(pos, mt, m) && matches_promotion(mt, m) &&
           (!mt.place || m.place() == *mt.place) &&
           (mt.pending_choice == PieceType::None || m.pending_choice() == mt.pending_choice);
}

// SAN of m without the choice prefix, placement and check marks.
std::string san_core(const Position& pos, const MoveList& legal, Move m) {
    if (m.kind() == MoveKind::Castling)
        return file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
    if (m.is_drop()) return std::string{upper_letter(m.piece()), '@'} + sq_name(m.to());

    PieceType type = moving_type(pos, m);
    bool capture = is_capture(pos, m);
    bool clash = false, file_clash = false, rank_clash = false;
    for (Move x : legal) {
        if (x.is_drop() || x.kind() == MoveKind::Castling || x.to() != m.to() ||
            x.from() == m.from() || x.pending_choice() != m.pending_choice() ||
            moving_type(pos, x) != type)
            continue;
        if (type == PieceType::Pawn &&
            (file_of(x.from()) != file_of(x.to())) != (file_of(m.from()) != file_of(m.to())))
            continue;
        clash = true;
        file_clash |= file_of(x.from()) == file_of(m.from());
        rank_clash |= rank_of(x.from()) == rank_of(m.from());
    }
    std::string out;
    char file = static_cast<char>('a' + file_of(m.from()));
    char rank = static_cast<char>('1' + rank_of(m.from()));
    if (type == PieceType::Pawn) {
        if (capture || (clash && file_clash)) out += file;
        if (clash && file_clash) out += rank;  // never in practice; "a1a3" still parses
    } else {
        out += upper_letter(type);
        if (clash && (!file_clash || rank_clash)) out += file;
        if (clash && file_clash) out += rank;
    }
    if (capture) out += 'x';
    out += sq_name(m.to());
    if (m.kind() == MoveKind::Promotion) out += std::string{'=', upper_letter(m.piece())};
    return out;
}

std::string pending_prefix(const Position& pos, Move m) {
    if (m.pending_choice() == PieceType::None) return {};
    Square s = pos.pending_promotion();
    return (s < NoSquare ? sq_name(s) : std::string()) + '=' + upper_letter(m.pending_choice()) +
           ':';
}

std::string san_with(const Position& pos, const MoveList& legal, Move m) {
    std::string out = pending_prefix(pos, m) + san_core(pos, legal, m);
    if (m.place() < NoSquare) out += '/' + sq_name(m.place());
    Position after = pos;
    after.make_move(m);
    if (after.in_check()) {
        MoveList replies;
        generate_legal(after, replies);
        out += replies.empty() ? '#' : '+';
    }
    return out;
}

core::Unexpected<NotationError> error(NotationError::Code code, std::string message) {
    return core::unexpected(NotationError{code, std::move(message), MoveDefect::None, {}});
}

// "Nd2 is ambiguous: Nbd2, Nfd2". When every candidate is the same piece going from the same
// square to the same square, names what is missing instead: the promotion piece, the
// placement square and/or the waiting pawn's choice, with a complete example.
std::string ambiguity_message(const Position& pos, const MoveList& legal, std::string_view text,
                              const std::vector<Move>& cands) {
    std::string out = notation::printable(text) + " is ambiguous: ";
    Move first = cands.front();
    auto differ = [&](auto key) {
        return std::any_of(cands.begin(), cands.end(),
                           [&](Move m) { return key(m) != key(first); });
    };
    if (!differ([](Move m) { return m.from() * 64 + m.to(); })) {
        std::vector<std::string> missing;
        if (differ([](Move m) { return m.pending_choice(); }))
            missing.push_back("choose a piece for the pawn waiting on " +
                              sq_name(pos.pending_promotion()));
        if (differ([](Move m) { return m.piece(); })) missing.push_back("name the promotion piece");
        if (differ([](Move m) { return m.place(); })) {
            std::vector<Square> places;
            for (Move m : cands)
                if (std::find(places.begin(), places.end(), m.place()) == places.end())
                    places.push_back(m.place());
            missing.push_back("name where the captured unit goes (" +
                              std::to_string(places.size()) + " squares are legal)");
        }
        for (std::size_t i = 0; i < missing.size(); ++i)
            out += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + missing[i];
        out += ", as in " + pending_prefix(pos, first) + san_core(pos, legal, first);
        if (first.place() < NoSquare) out += '/' + sq_name(first.place());
        return out;
    }
    std::vector<std::string> names;
    for (Move m : cands) {
        std::string n = san_core(pos, legal, m);
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    for (std::size_t i = 0; i < names.size() && i < 8; ++i) out += (i ? ", " : "") + names[i];
    if (names.size() > 8) out += ", ...";
    return out;
}

}  // namespace

namespace detail {

core::Result<Move, NotationError> parse_move_by_generation(const Position& pos,
                                                           std::string_view text,
                                                           const MoveText& mt) {
    std::string shown = notation::printable(text);

    if (mt.pending_square && *mt.pending_square != pos.pending_promotion())
        return error(NotationError::Code::Illegal, "no legal move matches " + shown +
                                                       ": no pawn waits for promotion on " +
                                                       sq_name(*mt.pending_square));

    MoveList legal;
    generate_legal(pos, legal);
    std::vector<Move> cands;
    for (Move m : legal)
        if (matches(pos, mt, m)) cands.push_back(m);
    if (cands.empty()) return error(NotationError::Code::Illegal, "no legal move matches " + shown);
    if (cands.size() > 1)
        return error(NotationError::Code::Ambiguous, ambiguity_message(pos, legal, text, cands));
    return cands.front();
}

}  // namespace detail

core::Result<Move, NotationError> parse_move(const Position& pos, std::string_view text) {
    // Real files are made of the strict forms: read without allocating, resolved without
    // generating every legal move.
    if (auto plain = detail::parse_plain_san(text)) {
        if (auto m = detail::fast_resolve(pos, *plain)) return *m;
        return detail::parse_move_by_generation(pos, text, *plain);
    }
    auto parsed = parse_move_text(text);
    if (!parsed) return core::unexpected(parsed.error());
    if (auto m = detail::fast_resolve(pos, *parsed)) return *m;
    return detail::parse_move_by_generation(pos, text, *parsed);
}

NotationError diagnose_move(const Position& pos, std::string_view text, NotationError err,
                            const std::array<int, PocketTypes>& captured_promoted) {
    auto d = detail::diagnose(pos, text, err, captured_promoted);
    err.defect = d.kind;
    err.detail = std::move(d.detail);
    return err;
}

std::string to_san(const Position& pos, Move m) {
    MoveList legal;
    generate_legal(pos, legal);
    // Contract: m is legal in pos. Fall back to UCI rather than make an illegal move.
    if (!legal.contains(m)) return to_uci(m);
    return san_with(pos, legal, m);
}

std::string to_uci(Move m) {
    std::string out;
    if (m.pending_choice() != PieceType::None)
        out += std::string{lower_letter(m.pending_choice()), ':'};
    if (m.is_drop()) {
        out += std::string{upper_letter(m.piece()), '@'} + sq_name(m.to());
    } else {
        out += sq_name(m.from()) + sq_name(m.to());
        if (m.kind() == MoveKind::Promotion) out += lower_letter(m.piece());
    }
    if (m.place() < NoSquare) out += '/' + sq_name(m.place());
    return out;
}

}  // namespace ck::rules
