#include "referee/spectator_view.hpp"

#include <cassert>

namespace ck::referee {
namespace {

using rules::Color;

// The string fields of an announcement, for the field-wise meet (the result is met apart).
constexpr std::string Announcement::*Fields[] = {
    &Announcement::move,   &Announcement::answer, &Announcement::attempt,   &Announcement::piece,
    &Announcement::square, &Announcement::placed, &Announcement::direction, &Announcement::reason};

// Same type, and no field that both fill differs: the two players heard of one event. The
// pawn-tries fields are told to both alike (docs/rulesets.md), so they must be equal.
bool pairs(const Announcement& a, const Announcement& b) {
    if (a.type != b.type) return false;
    for (auto f : Fields)
        if (!(a.*f).empty() && !(b.*f).empty() && a.*f != b.*f) return false;
    if (a.result && b.result && a.result != b.result) return false;
    return a.count == b.count && a.available == b.available && a.squares == b.squares;
}

Announcement meet(const Announcement& a, const Announcement& b) {
    Announcement m;
    m.type = a.type;
    for (auto f : Fields)
        if (a.*f == b.*f) m.*f = a.*f;
    if (a.result == b.result) m.result = a.result;
    m.count = a.count;
    m.available = a.available;
    m.squares = a.squares;
    return m;
}

}  // namespace

SpectatorView spectator_view(const PlayerView& white, const PlayerView& black) {
    assert(white.player == Color::White && black.player == Color::Black);
    SpectatorView s;
    s.variant = white.variant == black.variant ? white.variant : std::string();
    s.hidden = white.hidden || black.hidden;
    for (int sq = 0; sq < 64; ++sq) {
        const rules::Piece p = white.pieces.board[sq];
        const bool shown = p == black.pieces.board[sq];
        s.pieces.board[sq] = shown ? p : rules::Piece::NoPiece;
        const rules::Bitboard bit = rules::Bitboard{1} << sq;
        if (shown && (white.pieces.promoted & bit) && (black.pieces.promoted & bit))
            s.pieces.promoted |= bit;
    }
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < rules::PocketTypes; ++t)
            s.pieces.pockets[c][t] = white.pieces.pockets[c][t] == black.pieces.pockets[c][t]
                                         ? white.pieces.pockets[c][t]
                                         : 0;
    if (white.move_number == black.move_number) s.move_number = white.move_number;
    s.to_move = white.to_move;
    if (white.result == black.result) s.result = white.result;

    // Both lists are the same rulings in order (Game::request tells both players of every
    // ruling) except the refusals that may be told to the mover alone (Game::refuse:
    // `impossible` in most rule sets, open play's `illegal`). Such a refusal that does not
    // pair with the other list's next announcement is skipped; the rest pair one to one, in
    // order. Should a pair not fit, the rest is dropped: the view fails closed.
    const auto mover_only = [](const Announcement& a) {
        return a.type == AnnouncementType::Illegal && a.answer != "no";
    };
    std::vector<Announcement> common;
    std::size_t i = 0, j = 0;
    while (i < white.heard.size() || j < black.heard.size()) {
        const bool wi = i < white.heard.size(), bj = j < black.heard.size();
        if (wi && bj && pairs(white.heard[i], black.heard[j])) {
            common.push_back(meet(white.heard[i++], black.heard[j++]));
        } else if (wi && mover_only(white.heard[i])) {
            ++i;
        } else if (bj && mover_only(black.heard[j])) {
            ++j;
        } else {
            break;
        }
    }
    // Whose turn each event belongs to, counted back from the side to move as the players
    // count it (compose/view_model.hpp ply_groups): a move hands the turn over, and what
    // follows a move (capture, drop, check, game over) belongs to the mover.
    int moves = 0;
    for (const auto& a : common)
        if (a.type == AnnouncementType::Moved) ++moves;
    Color turn = moves % 2 == 0 ? s.to_move : ~s.to_move;
    Color mover = turn;
    bool after_move = false;
    for (auto& a : common) {
        SpectatorEvent e;
        if (a.type == AnnouncementType::Moved) {
            e.side = mover = turn;
            turn = ~turn;
            after_move = true;
        } else if (after_move && follows_move(a.type)) {
            e.side = mover;
        } else {
            after_move = false;
            e.side = turn;
        }
        e.said = std::move(a);
        s.events.push_back(std::move(e));
    }
    return s;
}

}  // namespace ck::referee
