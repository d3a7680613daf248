#include "swiss/event.hpp"

#include <algorithm>

namespace ck::swiss {

int PointSystem::points(Outcome o) const {
    switch (o) {
        case Outcome::Win:
        case Outcome::ForfeitWin:
            return win;
        case Outcome::Draw:
            return draw;
        case Outcome::Loss:
            return loss;
        case Outcome::ForfeitLoss:
            return forfeit_loss;
        case Outcome::PairingBye:
            return pairing_bye;
        case Outcome::HalfBye:
            return half_bye;
        case Outcome::FullBye:
            return full_bye;
        case Outcome::ZeroBye:
            return zero_bye;
        case Outcome::Absent:
            return 0;
    }
    return 0;
}

const RoundEntry& Player::round(int r) const {
    static const RoundEntry absent{};
    if (r < 1 || static_cast<std::size_t>(r) > rounds.size()) return absent;
    return rounds[static_cast<std::size_t>(r - 1)];
}

int Event::rounds_paired() const {
    int last = 0;
    for (const auto& p : players) {
        for (std::size_t r = 0; r < p.rounds.size(); ++r) {
            const auto& e = p.rounds[r];
            if (e.opponent != 0 || e.outcome == Outcome::PairingBye)
                last = std::max(last, static_cast<int>(r) + 1);
        }
    }
    return last;
}

int Event::score(const Player& p, int rounds) const {
    const std::size_t n =
        rounds < 0 ? p.rounds.size() : std::min(p.rounds.size(), static_cast<std::size_t>(rounds));
    int total = 0;
    for (std::size_t r = 0; r < n; ++r) total += points.points(p.rounds[r].outcome);
    return total;
}

const Player* Event::find(int number) const {
    if (number < 1 || static_cast<std::size_t>(number) > players.size()) return nullptr;
    return &players[static_cast<std::size_t>(number - 1)];
}

namespace {
RoundEntry& entry(Event& event, int number, int round) {
    auto& rounds = event.players[static_cast<std::size_t>(number - 1)].rounds;
    if (rounds.size() < static_cast<std::size_t>(round))
        rounds.resize(static_cast<std::size_t>(round));
    return rounds[static_cast<std::size_t>(round - 1)];
}
}  // namespace

void add_round(Event& event, int round, const RoundPairing& pairing) {
    for (auto& p : event.players) {
        if (p.rounds.size() < static_cast<std::size_t>(round))
            p.rounds.resize(static_cast<std::size_t>(round));
    }
    for (const auto& b : pairing.boards) {
        entry(event, b.white, round) = RoundEntry{b.black, Colour::White, Outcome::Draw};
        entry(event, b.black, round) = RoundEntry{b.white, Colour::Black, Outcome::Draw};
    }
    if (pairing.bye != 0)
        entry(event, pairing.bye, round) = RoundEntry{0, Colour::None, Outcome::PairingBye};
}

void set_result(Event& event, int round, int white, Outcome white_outcome) {
    auto& w = entry(event, white, round);
    auto& b = entry(event, w.opponent, round);
    w.outcome = white_outcome;
    switch (white_outcome) {
        case Outcome::Win:
            b.outcome = Outcome::Loss;
            break;
        case Outcome::Loss:
            b.outcome = Outcome::Win;
            break;
        case Outcome::Draw:
            b.outcome = Outcome::Draw;
            break;
        case Outcome::ForfeitWin:
            b.outcome = Outcome::ForfeitLoss;
            break;
        case Outcome::ForfeitLoss:
            b.outcome = Outcome::ForfeitWin;
            break;
        default:
            b.outcome = Outcome::Loss;
            break;
    }
}

}  // namespace ck::swiss
