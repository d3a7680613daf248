#pragma once
// A correspondence tournament as data (README "Challenges and tournaments by mail"): a round robin,
// single or double, between players in seeding order, with one set of game settings for every game.
// All games start at once, so "rounds" are labels (the Berger table's round numbers, PGN Round
// tags), not waits.
// Or a Swiss (system Swiss, docs/swiss.md "Swiss events by mail"): rounds paired one at a time by
// the FIDE Dutch system (swiss_round.hpp); round r+1 is paired when the last game of round r
// ends. Its pairings hold the rounds paired so far; byes (pairing-allocated and requested) and
// withdrawals are kept apart, as the TRF keeps them.
// Or a team match (system Teams, docs/teams.md "Team matches"; team_match.hpp): two teams'
// rosters, taking rosters while entries_open; at the start, board n against board n, all games
// at once; pairings' "round" is the game number of the board pair (1 or 2).
//
// Contracts:
// - Players are numbered by seeding order; code uses 0-based indices, files and crosstables
//   show 1-based numbers.
// - pairings come from the Berger tables (pairing.hpp), ordered by round then board; a player
//   with the bye in a round simply has no pairing in it (odd player count).
// - A bye scores NOTHING and is not a game: with an odd count everyone sits out exactly once per
//   cycle, so byes change no one's standing relative to the others (see standings.hpp).
// - The game settings are opaque strings here (the daemon resolves and checks them).
// - Every function is pure: no I/O, no clock. All but validate assume a valid tournament (as
//   create_tournament and parse_tournament return; keep it so, e.g. through record_result).
// This header holds the data and the queries that need no system's rules; tournament.hpp (above
// the systems: pairing.hpp, knockout.hpp, team_match.hpp) creates, validates and changes a
// tournament by its system.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "club/stage_settings.hpp"
#include "club/team.hpp"
#include "core/game_id.hpp"
#include "core/result.hpp"
#include "referee/rule_set.hpp"

namespace ck::club {

enum class Kind : std::uint8_t { Single, Double };  // single or double round robin
// Knockout and Groups: club/knockout.hpp (docs/knockout.md); Teams: club/team_match.hpp
// (docs/teams.md).
enum class System : std::uint8_t { RoundRobin, Swiss, Knockout, Groups, Teams };

// FIDE C.07 (2023) tie-breaks a Swiss event may rank by, in the order it chooses (tiebreaks.hpp).
enum class Tiebreak : std::uint8_t {
    Buchholz,
    BuchholzCut1,
    SonnebornBerger,
    DirectEncounter,
    Wins
};
// The short names of the command line and tournament.ini: bh, bh-c1, sb, de, win.
const char* tiebreak_name(Tiebreak t);
std::optional<Tiebreak> parse_tiebreak(std::string_view name);
// "bh-c1,bh,sb" -> the list; nullopt on an unknown or repeated name.
std::optional<std::vector<Tiebreak>> parse_tiebreaks(std::string_view list);
std::string tiebreaks_text(const std::vector<Tiebreak>& list);

// Settings of a Swiss event (docs/swiss.md "Swiss events by mail"). Points in tenths.
struct SwissSettings {
    int rounds = 0;                // the number of rounds (TRF XXR), 1..MaxSwissRounds
    int round_days = 0;            // days after a round's start when its open games are reported
    int pairing_bye_points = 10;   // the pairing-allocated bye (C.04.1: a win unless set)
    int requested_bye_points = 5;  // a bye asked for by mail: 0, 5 or 10 (TRF Z, H, F)
    // Each round a late entrant missed (docs/swiss.md "Late entries"): 0, 5 or 10 (TRF Z, H,
    // F). C.04.2 leaves it to the tournament's regulations; by default a zero-point bye.
    int late_bye_points = 0;
    std::vector<Tiebreak> tiebreaks = {Tiebreak::BuchholzCut1, Tiebreak::Buchholz,
                                       Tiebreak::SonnebornBerger, Tiebreak::DirectEncounter,
                                       Tiebreak::Wins};
};
inline constexpr int MaxSwissRounds = 30;

enum class ByeKind : std::uint8_t { Pairing, Requested };
struct Bye {
    int round = 0;   // 1-based
    int player = 0;  // 0-based seed
    ByeKind kind = ByeKind::Pairing;
};
// A player withdrawn from a Swiss: not paired in round `from_round` or after (games already
// paired are played out).
struct Withdrawal {
    int player = 0;
    int from_round = 0;
};
// A player who entered a Swiss under way (docs/swiss.md "Late entries"): seeded after everyone
// already in (the next pairing number, C.04.2's initial order being the order of entry), not
// paired before `from_round`; each round before it counts as a bye of swiss.late_bye_points.
struct LateEntry {
    int player = 0;
    // The first round paired after the entry: 2..swiss.rounds, or swiss.rounds + 1 when the
    // event ended before it (a round with no valid pairing shortens the event, docs/swiss.md).
    int from_round = 0;
};

// Result of one game; the texts are the PGN result tokens "*", "1-0", "0-1", "1/2-1/2".
enum class Outcome : std::uint8_t { Pending, WhiteWins, BlackWins, Draw };
const char* outcome_text(Outcome o);
std::optional<Outcome> parse_outcome(std::string_view text);

struct Player {
    std::string name;     // display name; may be empty (the address is shown instead)
    std::string address;  // registered mail address; unique in the event (ASCII case-insensitive)
};
const std::string& display_name(const Player& p);

// Settings every game of the event is created with (docs/cli.md `game new` options).
struct GameSettings {
    std::string variant;  // command-line variant name, e.g. "crazyhouse"
    bool hidden = false;  // Kriegspiel-style hidden game
    // The hidden games' Kriegspiel rule set; nullopt: the default (referee::RuleSet::CrazyKrieg).
    // tournament.ini "rules = NAME", empty for nullopt.
    std::optional<referee::RuleSet> rules;
    std::string time;  // time-control spec (docs/cli.md `--time`); empty: none
    // Rated or casual games (README "Ratings"); nullopt: the club's default. tournament.ini
    // "rated = yes|no", written only when set.
    std::optional<bool> rated;
};

struct Pairing {
    int round = 0;  // 1-based; the second cycle of a double round robin continues the count
    int white = 0;  // player index (seeding order, 0-based)
    int black = 0;
    std::optional<core::GameId> game;  // the store's game id once the game is started
    Outcome outcome = Outcome::Pending;
    // How the game ended, one lower-case word chosen by the daemon (e.g. "mate", "resign",
    // "agreed", "forfeit"); empty while pending. Only "forfeit" means anything here: the
    // crosstable marks it "+"/"-" (it still scores 1/0 like any other result).
    std::string ending;
};
inline constexpr std::string_view ForfeitEnding = "forfeit";

struct Tournament {
    std::string id;  // a file-name-safe token: tournaments/<id>/ in the store
    std::string name;
    Kind kind = Kind::Single;
    GameSettings settings;
    // Entries open (players join by mail, `join ID`): the player list is the entry list in
    // order of entry (0..MaxPlayers of them) and there are NO pairings yet; close_entries pairs
    // them. Closed (the default): a round robin as below.
    bool entries_open = false;
    std::vector<Player> players;    // seeding order
    std::vector<Pairing> pairings;  // by round, then board
    // Swiss events only (system == Swiss); empty or zero for a round robin.
    System system = System::RoundRobin;
    SwissSettings swiss;
    std::vector<Bye> byes;  // by round
    std::vector<Withdrawal> withdrawals;
    std::vector<LateEntry> late_entries;  // in order of entry
    std::string round_started;            // ISO-8601 start of the last round paired
    int overdue_reported = 0;  // the last round whose overdue games were reported (round_days)
    StageSettings stages;      // system Knockout or Groups (club/knockout.hpp)
    // A team match only (system == Teams, team_match.hpp): its teams and games per pair.
    TeamMatch match;
};

enum class ErrorCode : std::uint8_t {
    BadField,         // an id, name, address or setting with characters it may not hold
    BadPlayers,       // fewer than 2 or more than MaxPlayers, or a repeated address
    BadPairings,      // pairings that are not a round robin of the players
    BadLine,          // file: a line that is not `key = value`
    UnknownKey,       // file: a key this version does not know
    DuplicateKey,     // file: a single-valued key given twice
    MissingKey,       // file: a required key absent
    BadValue,         // file: a value that does not parse
    UnknownGame,      // record_result: no pairing has that game id
    BadRound,         // request_bye: a round already paired or past the last
    EntriesClosed,    // add/remove_entrant, close_entries: the event is not taking entries
    AlreadyEntered,   // add_entrant: the address is on the list
    NotEntered,       // remove_entrant: the address is not on the list
    NotSwiss,         // enter_late: the event is not a Swiss under way
    LastRoundPaired,  // enter_late: no round is left to pair
    WithdrawnBefore,  // enter_late: the address withdrew from the event
};
struct Error {
    ErrorCode code = ErrorCode::BadField;
    std::size_t line = 0;  // 1-based line of tournament.ini; 0 when not from a file
    std::string message;   // public text: names the field or line, never anything secret
};
// "line 7: ..." when the error has a line, else the message.
std::string error_text(const Error& e);

inline constexpr int MaxPlayers = 99;  // two-digit numbers in files and crosstables

// The checks of validate (tournament.hpp) that every system shares. check_fields: the id (a
// token of [A-Za-z0-9._-] starting with a letter or digit, at most 64), the name (one non-empty
// line) and the game settings (a one-word variant, a one-line time). check_players:
// at_least..MaxPlayers players (`what` names the event in that error: "a Swiss"), each name one
// line without '<' or '>', each address holding an '@' and no space, '<' or '>', no address twice
// (ASCII case-insensitive).
core::Result<void, Error> check_fields(const Tournament& t);
core::Result<void, Error> check_players(const std::vector<Player>& players, int at_least = 2,
                                        const char* what = "a round robin");

int cycles(const Tournament& t);  // 1 or 2
std::size_t finished_games(const Tournament& t);
// The first round player `p` is paired in: 1, or a late entrant's from_round.
int first_round(const Tournament& t, int p);
// The player with that address (ASCII case-insensitive).
std::optional<int> find_player(const Tournament& t, std::string_view address);
// The pairing played as store game `game`; nullptr when none.
const Pairing* find_game(const Tournament& t, core::GameId game);
Pairing* find_game(Tournament& t, core::GameId game);
// Records the end of store game `game`. `ending` must be a lower-case word (may be empty).
// Recording again overwrites (a corrected result); Pending reopens the game.
core::Result<void, Error> record_result(Tournament& t, core::GameId game, Outcome outcome,
                                        std::string ending);

// Swiss events. The last round paired (0 before round 1).
int rounds_paired(const Tournament& t);
// True when every game of the last round paired is over (and some round is paired).
bool round_complete(const Tournament& t);
// Whether player `p` is withdrawn before `round`.
bool withdrawn(const Tournament& t, int p, int round);

}  // namespace ck::club
