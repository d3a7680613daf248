#include "club/swiss_round.hpp"

#include <algorithm>

#include "swiss/dutch.hpp"

namespace ck::club {
namespace {

// The TRF's letter for an unplayed round worth `points` tenths: F, H or Z.
swiss::Outcome bye_outcome(int points) {
    return points == 10  ? swiss::Outcome::FullBye
           : points == 5 ? swiss::Outcome::HalfBye
                         : swiss::Outcome::ZeroBye;
}

// The last round all of whose games are over.
int rounds_complete(const Tournament& t) {
    int done = rounds_paired(t);
    for (const Pairing& p : t.pairings)
        if (p.outcome == Outcome::Pending) done = std::min(done, p.round - 1);
    return done;
}

}  // namespace

swiss::Event to_swiss_event(const Tournament& t, int through) {
    if (through < 0) through = rounds_complete(t);
    swiss::Event e;
    e.name = t.name;
    e.total_rounds = t.swiss.rounds;
    e.points.pairing_bye = t.swiss.pairing_bye_points;
    const int n = static_cast<int>(t.players.size());
    const int width = std::min(through + 1, t.swiss.rounds);
    for (int i = 0; i < n; ++i) {
        swiss::Player p;
        p.number = i + 1;
        p.name = display_name(t.players[static_cast<std::size_t>(i)]);
        p.rounds.assign(static_cast<std::size_t>(std::max(width, 0)), swiss::RoundEntry{});
        e.players.push_back(std::move(p));
    }
    const auto at = [&](int player, int round) -> swiss::RoundEntry& {
        return e.players[static_cast<std::size_t>(player)]
            .rounds[static_cast<std::size_t>(round - 1)];
    };
    for (const Pairing& p : t.pairings) {
        if (p.round > through || p.outcome == Outcome::Pending) continue;
        const bool forfeit = p.ending == ForfeitEnding;
        swiss::Outcome w = swiss::Outcome::Draw, b = swiss::Outcome::Draw;
        if (p.outcome == Outcome::WhiteWins) {
            w = forfeit ? swiss::Outcome::ForfeitWin : swiss::Outcome::Win;
            b = forfeit ? swiss::Outcome::ForfeitLoss : swiss::Outcome::Loss;
        } else if (p.outcome == Outcome::BlackWins) {
            w = forfeit ? swiss::Outcome::ForfeitLoss : swiss::Outcome::Loss;
            b = forfeit ? swiss::Outcome::ForfeitWin : swiss::Outcome::Win;
        }
        at(p.white, p.round) = swiss::RoundEntry{p.black + 1, swiss::Colour::White, w};
        at(p.black, p.round) = swiss::RoundEntry{p.white + 1, swiss::Colour::Black, b};
    }
    for (const Bye& b : t.byes) {
        if (b.round > width || (b.kind == ByeKind::Pairing && b.round > through)) continue;
        at(b.player, b.round) = swiss::RoundEntry{0, swiss::Colour::None,
                                                  b.kind == ByeKind::Pairing
                                                      ? swiss::Outcome::PairingBye
                                                      : bye_outcome(t.swiss.requested_bye_points)};
    }
    for (const Withdrawal& w : t.withdrawals)
        for (int r = w.from_round; r <= width; ++r)
            if (at(w.player, r).outcome == swiss::Outcome::Absent)
                at(w.player, r) =
                    swiss::RoundEntry{0, swiss::Colour::None, swiss::Outcome::ZeroBye};
    for (const LateEntry& l : t.late_entries)
        for (int r = 1; r < l.from_round && r <= width; ++r)
            at(l.player, r) =
                swiss::RoundEntry{0, swiss::Colour::None, bye_outcome(t.swiss.late_bye_points)};
    // A round with nothing in it past the end is no entry (the engine pairs a player whose
    // rounds end before the round to pair: swiss/check.hpp players_to_pair).
    for (swiss::Player& p : e.players)
        while (!p.rounds.empty() && p.rounds.back().outcome == swiss::Outcome::Absent)
            p.rounds.pop_back();
    return e;
}

core::Result<int, Error> pair_next_round(Tournament& t) {
    const int round = rounds_paired(t) + 1;
    if (t.system != System::Swiss || t.entries_open || round > t.swiss.rounds ||
        (round > 1 && !round_complete(t)))
        return core::unexpected(Error{
            ErrorCode::BadRound, 0,
            "tournament " + t.id + ": round " + std::to_string(round) + " cannot be paired now"});
    const swiss::Event e = to_swiss_event(t, round - 1);
    auto pairing = swiss::pair_dutch(e);
    if (!pairing)
        return core::unexpected(Error{ErrorCode::BadPairings, 0,
                                      "tournament " + t.id + ": round " + std::to_string(round) +
                                          ": " + pairing.error().detail});
    for (const swiss::Board& b : pairing->boards) {
        Pairing p;
        p.round = round;
        p.white = b.white - 1;
        p.black = b.black - 1;
        t.pairings.push_back(std::move(p));
    }
    if (pairing->bye != 0) {
        auto at = std::find_if(t.byes.begin(), t.byes.end(),
                               [&](const Bye& b) { return b.round > round; });
        t.byes.insert(at, Bye{round, pairing->bye - 1, ByeKind::Pairing});
    }
    return round;
}

}  // namespace ck::club
