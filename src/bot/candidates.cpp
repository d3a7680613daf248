#include "bot/candidates.hpp"

#include <algorithm>

#include "bot/own_position.hpp"
#include "bot/view_turns.hpp"
#include "referee/own_board.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace ck::bot {

referee::AnyRule any_rule(const referee::PlayerView& view) {
    if (!view.hidden) return referee::AnyRule::None;
    return referee::kriegspiel_rules(view.rules).any;
}

bool under_duty(const referee::PlayerView& view) {
    const TurnSoFar s = turn_so_far(view.heard, view.player);
    if (!s.any_try) return false;
    return any_rule(view) == referee::AnyRule::KeptUntilMove || !s.failed_try;
}

std::vector<Candidate> candidates(const referee::PlayerView& view) {
    std::vector<Candidate> out;
    const TurnSoFar s = turn_so_far(view.heard, view.player);
    auto add = [&](rules::Move m, bool pawn_capture, bool capture) {
        // Open play names the placement and choice too (the whole board decides ambiguity).
        Candidate c{m, view.hidden ? attempt_text(m) : rules::to_uci(m), pawn_capture, capture};
        if (std::find(s.refused.begin(), s.refused.end(), c.text) != s.refused.end()) return;
        for (const Candidate& o : out)
            if (o.text == c.text) return;
        out.push_back(std::move(c));
    };
    rules::MoveList list;
    if (!view.hidden) {
        auto pos = replay_open(view);
        if (!pos) return out;
        rules::generate_legal(*pos, list);
        for (rules::Move m : list) {
            const bool cap = !m.is_drop() && (rules::is_piece(pos->piece_on(m.to())) ||
                                              m.kind() == rules::MoveKind::EnPassant);
            const bool pawn = !m.is_drop() &&
                              rules::type_of(pos->piece_on(m.from())) == rules::PieceType::Pawn &&
                              rules::file_of(m.from()) != rules::file_of(m.to());
            add(m, pawn, cap);
        }
        return out;
    }
    auto pos = own_side_position(view);
    if (!pos) return out;
    const auto own = referee::OwnBoard::of(*pos, view.player);
    own.generate(list);
    for (rules::Move m : list) add(m, referee::is_pawn_capture(own, m), false);
    return out;
}

}  // namespace ck::bot
