#pragma once
// The event's PGN archive (README "Challenges and tournaments by mail") and the tags that tie each
// game to the event. This module does not read PGN: the daemon supplies each game's text and sets
// the tags when it starts the game, so the archive is the games as recorded, concatenated. Hidden
// information: for hidden games the daemon must hand out players' records only, or the referee's
// full records only once the event has finished (the same rule as for single games).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "club/tournament.hpp"
#include "core/result.hpp"

namespace ck::club {

// Seven-tag-roster values the tournament decides for one of its games.
struct EventTags {
    std::string event;  // the tournament's name
    std::string round;  // the Berger round, "1".."2(N-1)" (second cycle continues the count)
    std::string white;  // display names
    std::string black;
};
EventTags event_tags(const Tournament& t, const Pairing& p);

// PGN text of store game `id`; nullopt when it cannot be had.
using GamePgn = std::function<std::optional<std::string>(core::GameId id)>;

// Every started game's PGN in pairing order (round, then board), each ending in exactly one
// blank line. Games not started yet are left out; a started game whose text is missing is an
// UnknownGame error naming it.
core::Result<std::string, Error> pgn_archive(const Tournament& t, const GamePgn& game_pgn);

}  // namespace ck::club
