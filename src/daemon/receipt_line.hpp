#pragma once
// The fairness receipt a hidden game's mails show (README "Fairness receipts"): the record's
// latest commitment, i.e. the one of the current ply. Games without a salt (open games, older
// hidden games) show none.
#include "compose/compose.hpp"
#include "league/game_files.hpp"

namespace ck::daemon {

inline void add_receipt(compose::Envelope& env, const league::StoredGame& g) {
    const auto& commitments = g.record.commitments();
    if (commitments.empty()) return;
    env.receipt_ply = commitments.rbegin()->first;
    env.receipt = commitments.rbegin()->second;
}

}  // namespace ck::daemon
