#pragma once
// A reply to the daily digest (README "Your settings"; digest.hpp): its reply address
// (reply_address.hpp build_digest_address) verifies only for the player it was sent to, so it
// authenticates them for the games that digest listed, as a game's reply address does for one
// game (auth.hpp DigestReply). Lines prefixed by a game, "#42 Nf3", "#57 any?", "#42 say
// thanks", act in that game: each game's lines are that game's commands, run as a reply to its
// own mail would run them (game_turn.hpp), each game's effects in its own part of the mail's one
// transaction; the lines without a prefix are club commands and settings. One answer covers
// them all (the answers to the player merged, compose/reply_sections.hpp).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/types.hpp"
#include "store/store.hpp"

namespace ck::daemon {

struct GameLines {
    std::vector<std::pair<std::string, std::string>> games;  // game id, its lines; first-seen order
    std::string rest;                                        // the lines without a prefix
};

// Splits the new text of a mail by the "#GAME " prefixes of its lines ("#42 Nf3", "# 42 Nf3",
// "#42: Nf3"). A `message:` block stays with the lines it starts in.
GameLines split_game_lines(std::string_view text);

// The colour of `address` in game `game` when the player's last digest listed it; nullopt
// otherwise (no digest, not listed, no such game).
std::optional<rules::Color> digest_game_colour(const store::Store& store,
                                               const std::string& address, store::GameId game);

}  // namespace ck::daemon
