#pragma once
// A Swiss event as the pairing engine sees it: players with their pairing numbers and, round by
// round, whom they met, with which colour and what came of it (docs/swiss.md). It is the content
// of a FIDE tournament report file (trf.hpp) and nothing more: names and ratings travel along so
// that a written file is a whole report, but pairing uses only numbers, colours and results.
//
// Scores are kept in tenths of a point (a win is 10) as in the TRF's fixed-point columns.
#include <cstdint>
#include <string>
#include <vector>

namespace ck::swiss {

enum class Colour : std::uint8_t { None, White, Black };

constexpr Colour opposite(Colour c) {
    return c == Colour::White ? Colour::Black : c == Colour::Black ? Colour::White : Colour::None;
}

// What a round brought a player. Played games count for colours and for "have met"
// (C.04.1: an unplayed game is no meeting and gives no colour); the rest are unplayed.
enum class Outcome : std::uint8_t {
    Win,          // TRF '1' (or 'W'): a played game won
    Draw,         // '=' ('D')
    Loss,         // '0' ('L')
    ForfeitWin,   // '+': paired, the opponent did not play
    ForfeitLoss,  // '-': paired, did not play
    PairingBye,  // 'U': the pairing-allocated bye (C.04.1, points as the event sets, default a win)
    HalfBye,     // 'H': a requested bye worth a draw
    FullBye,     // 'F': a bye worth a win given by the organiser
    ZeroBye,     // 'Z': a requested bye worth nothing, or a round missed after withdrawing
    Absent,      // ' ': not in that round at all (entered later, or withdrawn)
};

// True for the outcomes of a game that was played over the board (or by mail).
constexpr bool is_played(Outcome o) {
    return o == Outcome::Win || o == Outcome::Draw || o == Outcome::Loss;
}

struct RoundEntry {
    int opponent = 0;  // the opponent's pairing number; 0 for a bye or an absence
    Colour colour = Colour::None;
    Outcome outcome = Outcome::Absent;
};

// Points per outcome, in tenths. The TRF-2026 record 162 and bbpPairings' BBx lines carry them.
struct PointSystem {
    int win = 10;
    int draw = 5;
    int loss = 0;
    int forfeit_loss = 0;
    int pairing_bye = 10;  // C.04.1: as many points as a win unless the event says otherwise
    int half_bye = 5;
    int full_bye = 10;
    int zero_bye = 0;

    int points(Outcome o) const;
};

struct Player {
    int number = 0;  // pairing number (TRF start number), 1-based
    std::string name;
    int rating = 0;
    std::string title;               // TRF columns 11-13
    std::string sex;                 // column 10
    std::string federation;          // columns 54-56
    std::string fide_id;             // columns 58-68
    std::string birth;               // columns 70-79
    std::vector<RoundEntry> rounds;  // rounds[0] is round 1

    const RoundEntry& round(int r) const;  // 1-based; an Absent entry past the end
};

struct Event {
    std::string name;
    int total_rounds = 0;                   // XXR: the number of rounds the event will have
    Colour initial_colour = Colour::White;  // XXC: white1 / black1
    PointSystem points;
    std::vector<Player> players;  // by pairing number: players[i].number == i + 1

    // Rounds already paired: the last round in which some player has an opponent or the
    // pairing-allocated bye. A player with an entry past it (a requested bye, a withdrawal) is
    // not paired in the next round.
    int rounds_paired() const;
    // A player's score after `rounds` rounds (all of them when rounds < 0), in tenths.
    int score(const Player& p, int rounds = -1) const;
    const Player* find(int number) const;
};

// The pairing of one round: boards as white/black pairing numbers, and the player (if any)
// given the pairing-allocated bye.
struct Board {
    int white = 0;
    int black = 0;
};
struct RoundPairing {
    std::vector<Board> boards;
    int bye = 0;
};

// Writes a round's pairing into the event as round `round`: each board as a draw until
// set_result says otherwise, the bye as Outcome::PairingBye. Players neither paired nor given
// the bye keep whatever entry they had (a requested bye) or get Absent.
void add_round(Event& event, int round, const RoundPairing& pairing);
// Sets the outcome of the game of `white` in round `round` (and the mirrored one of black).
void set_result(Event& event, int round, int white, Outcome white_outcome);

}  // namespace ck::swiss
