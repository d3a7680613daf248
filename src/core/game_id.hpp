#pragma once
// GameId: the number of a game as a value type. Games are numbered 1, 2, 3, ... in creation
// order (store::Store::new_game_id); the number begins its files' names in the store's games/, the
// "#42" of mail subjects, the <game> of reply addresses (docs/mail-protocol.md "Addresses and
// threads") and the name of its site pages.
//
// Its text is decimal digits without a sign, spaces or leading zeros, and never "0". Text
// becomes a GameId only through parse_game_id and a GameId becomes text only through
// to_string, at the edges (command line, mail, file names, site pages); inside, functions take
// and return GameId. There is no conversion to or from integers or strings but these.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace ck::core {

class GameId {
public:
    // `number` must be at least 1 (asserted): game 0 does not exist.
    explicit GameId(std::uint64_t number);

    std::uint64_t number() const { return number_; }
    // The id the game created after this one gets (Store::new_game_id's counter).
    GameId next() const { return GameId(number_ + 1); }

    friend bool operator==(GameId a, GameId b) { return a.number_ == b.number_; }
    friend bool operator!=(GameId a, GameId b) { return a.number_ != b.number_; }
    friend bool operator<(GameId a, GameId b) { return a.number_ < b.number_; }
    friend bool operator>(GameId a, GameId b) { return a.number_ > b.number_; }
    friend bool operator<=(GameId a, GameId b) { return a.number_ <= b.number_; }
    friend bool operator>=(GameId a, GameId b) { return a.number_ >= b.number_; }

private:
    std::uint64_t number_;
};

// Why a text is not a game id; `text` is the text as given.
struct GameIdError {
    enum class Problem : std::uint8_t {
        Empty,        // ""
        NotDigits,    // a byte other than 0-9 ("4x", "-1", " 7", "#7")
        LeadingZero,  // "07": every id has one spelling
        Zero,         // "0": no game has it
        TooLarge,     // more than 2^64 - 1
    };
    Problem problem;
    std::string text;

    // "not a game id: \"4x\" (digits only)"
    std::string describe() const;
};

// The one way from text to a GameId.
Result<GameId, GameIdError> parse_game_id(std::string_view text);

// parse_game_id without the reason: none when `text` is not a game id (record keys and
// directory names, where any other name is simply not a game's).
std::optional<GameId> game_id_in(std::string_view text);

// The one way back: "42". parse_game_id(to_string(id)) == id.
std::string to_string(GameId id);

// Writes to_string(id) (for logs and test messages).
std::ostream& operator<<(std::ostream& out, GameId id);

}  // namespace ck::core

namespace std {
template <>
struct hash<ck::core::GameId> {
    size_t operator()(ck::core::GameId id) const noexcept {
        return hash<std::uint64_t>()(id.number());
    }
};
}  // namespace std
