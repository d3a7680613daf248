#pragma once
// What a follower of a game may see (docs/mail-protocol.md: "an address may follow a game; during a
// hidden game it gets only the announcements both players heard"; docs/design.md: "Hidden
// information is a type"). A SpectatorView is the MEET of the two players' PlayerViews: a fact is
// in it only when White's view and Black's view both hold it, so it is built from nothing either
// player may not know and never from the position:
//   - events: both `heard` lists paired in order; two announcements pair when they have the same
//     type and agree on every field both of them fill; the event keeps only the fields that are
//     equal in both (a hidden "White has moved" keeps no move, a hidden drop keeps no square, a
//     refused "no" keeps no attempt); an announcement only one player heard (`impossible`,
//     open play's `illegal`) pairs with nothing and is left out;
//   - pieces: a square shows a piece only when both views show that same piece there: every
//     piece in open play (both players see the whole board), none in hidden play; pockets are
//     public (both views hold the same counts) and kept;
//   - move number, side to move and result (identical in both views).
#include <optional>
#include <string>
#include <vector>

#include "referee/player_view.hpp"

namespace ck::referee {

struct SpectatorEvent {
    rules::Color side = rules::Color::White;  // whose turn the announcement was made in
    Announcement said;                        // only the fields both players heard
};

struct SpectatorView {
    std::string variant;
    bool hidden = true;
    OwnPieces pieces;  // the meet of both boards (see above) and both pockets
    std::vector<SpectatorEvent> events;
    int move_number = 1;
    rules::Color to_move = rules::Color::White;
    std::optional<GameResult> result;
};

// The meet of White's and Black's views of one game (`white.player` must be White, `black.player`
// Black).
SpectatorView spectator_view(const PlayerView& white, const PlayerView& black);

}  // namespace ck::referee
