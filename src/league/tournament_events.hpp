#pragma once
// The events of a club's tournament (docs/design.md "The game session and its events"): what the
// tournament's consequences of a game's end (tournament_effects.hpp) and the start of an event
// (tournament_rounds.hpp) did to the event, in the order it happened. Like the game's events
// (game_events.hpp) they name facts only, never a mail: the daemon composes every mail of an
// event from them (daemon/tournament_mail.hpp), after the mails of the game that ended.
#include <string>
#include <variant>
#include <vector>

#include "club/tournament.hpp"
#include "league/game_creation.hpp"
#include "store/store.hpp"

namespace ck::league {

// A game the event paired and created (its files, clock and index entries staged), with the
// record tags its start mails name.
struct PairedGame {
    CreatedGame created;
    std::string event;  // the Event tag (club::event_tags)
    std::string round;  // the Round tag
};

// The result of game `game` entered `tournament` (tournament.ini), as `outcome` by `ending`
// ("mate", "resign", "agreed", "forfeit", "adjudication", ...).
struct TournamentGameRecorded {
    std::string tournament;
    store::GameId game;
    club::Outcome outcome = club::Outcome::Pending;
    std::string ending;
};

// A Swiss event's round `round` was paired and its `games` created (docs/swiss.md); `event` is
// the event as it stood then, its new round's pairings included. A round in which nobody plays
// (every player has a bye) is complete at once: another RoundPaired follows.
struct RoundPaired {
    club::Tournament event;
    int round = 0;
    std::vector<PairedGame> games;
};

// A knockout or group stage made matches due (the first matches or every group game at the
// start, the next round's, a tie-break match; docs/knockout.md) and their `games` were created
// (never none); `event` is the event as it stood then.
struct MatchesPaired {
    club::Tournament event;
    std::vector<PairedGame> games;
};

// The event's last game ended (or a Swiss round could not be paired, which ends it):
// `event` as it stands finished.
struct EventFinished {
    club::Tournament event;
};

using TournamentEvent =
    std::variant<TournamentGameRecorded, RoundPaired, MatchesPaired, EventFinished>;
using TournamentEvents = std::vector<TournamentEvent>;

}  // namespace ck::league
