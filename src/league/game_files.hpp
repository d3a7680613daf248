#pragma once
// How a game is persisted in the store (games/<id>.<file>), all written in ONE transaction:
//   record.pgn   the referee's full record (pgn/referee_record.hpp): THE source of truth for the
//                game's start (Variant, Kriegspiel, SetUp/FEN tags), every request, every
//                announcement and the result, ends by agreement or on time included
//                (`[%end ...]`). Loading a game = pgn::open_referee_record, which replays and
//                verifies it through a fresh referee::Game.
//   white.pgn    White's player record, black.pgn Black's: rewritten on every write, from the
//                rulings in memory (the same bytes as deriving them from record.pgn); never read
//                back by the daemon (`pgn` mails and `game pgn --as` use them)
//   game.ini     what a PGN cannot hold, as key = value lines: version (first; "1"; a file
//                without the line, written before it existed, reads as version 1; a version
//                this binary does not know is refused as corrupt), white, black (registered
//                addresses), created (ISO 8601), time (the exact time-control spec), draw_offer
//                ("white"/"black": the side whose draw offer is pending; empty: none), salt
//                (hidden games: the secret of the fairness receipts, game_salt.hpp; absent in
//                older games, which then have no receipts), followers (spectators.hpp; the line
//                is written only when there are any), followers_told (spectators.hpp: how many
//                of the spectators' events the followers were told, which is every one of the
//                game as saved; written with the followers line, set by game_files), rated
//                (league/ratings.hpp: "yes" for a rated game, the line absent for a casual one),
//                conditional (moves played by conditional moves, GameMeta::conditional_plies); plus
//                a copy of variant, hidden, rules, fen written at creation so that listings need no
//                replay (record.pgn wins if they ever disagree).
// Draw offers (docs/mail-protocol.md `draw`/`decline`): an offer stands until the opponent accepts
// (`draw`) or declines (`decline`), the game ends, or the offerer's opponent has a move played (a
// legal move, not a refused try): moving instead of answering lets the offer lapse.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "pgn/referee_record.hpp"
#include "referee/game.hpp"
#include "referee/rule_set.hpp"
#include "rules/types.hpp"
#include "store/store.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// A player's note to the opponent (`say`, `message:`; README "Notes to the opponent"), written
// after `ply` moves. game.ini "note = PLY white|black TEXT" with '\\' and line breaks escaped
// ("\\\\", "\\n"); the record carries it as a comment of that ply (load_game puts it back).
struct GameNote {
    int ply = 0;
    rules::Color by = rules::Color::White;
    std::string text;
};

// The version line format_game_ini writes first ("version = 1").
inline constexpr int GameIniVersion = 1;

struct GameMeta {
    std::string variant;  // command-line name of the rules::Variant
    bool hidden = false;
    // The Kriegspiel rule set: game.ini "rules = NAME" (referee/rule_set.hpp names).
    referee::RuleSet rules = referee::RuleSet::CrazyKrieg;
    std::string fen;  // empty: the standard start
    std::string white;
    std::string black;
    std::string created;
    std::string time;                        // time-control spec (docs/cli.md `--time`)
    std::optional<rules::Color> draw_offer;  // the side whose draw offer is pending
    std::string salt;                        // fairness receipts' secret; empty: none
    // Spectators (daemon/spectators.hpp): lower-case addresses, in the order they began to
    // follow; game.ini "followers = a@x, b@y", written only when there are any.
    std::vector<std::string> followers;
    // What the followers were told (spectators.hpp): the number of spectators' events
    // (referee::SpectatorView::events) of the game as saved, so that the next turn's mail
    // starts after them without replaying the previous state. game.ini "followers_told = N",
    // written (by game_files and set_following) only with the followers line. nullopt: a file
    // from before the line existed (queue_spectator_mails then replays the saved state once).
    std::optional<std::size_t> followers_told;
    std::vector<GameNote> notes;  // in the order written
    // Moves played by a player's conditional moves (docs/conditionals.md): ply (1 = the first
    // move), side and the line that fired, for the referee record's comments after the game
    // (pgn::RecordBuilder::add_conditional_comment). game.ini "conditional = PLY white|black
    // TEXT", escaped as a note; written only when there are any.
    std::vector<GameNote> conditional_plies;
    // A rated game (README "Ratings"): game.ini "rated = yes", written only then; absent: a
    // casual game (games from before ratings existed are casual).
    bool rated = false;
    const std::string& address(rules::Color c) const {
        return c == rules::Color::White ? white : black;
    }
};

std::string format_game_ini(const GameMeta& meta);
// A text that is not format_game_ini's (or of a version this binary does not know) is Corrupt;
// the detail starts "game.ini: " (callers put the game before it).
core::Result<GameMeta, core::Error> parse_game_ini(const std::string& text);

// Variant names as the umpire accepts them ("kriegspiel" = hidden chess, "crazykrieg" =
// hidden crazyhouse, else rules::find_variant); fills meta.variant / meta.hidden. An unknown
// name is Invalid (a request's word, not stored state).
core::Result<void, core::Error> resolve_variant(const std::string& name, GameMeta& meta);
// The rule set named `name` (case-insensitive; docs/rulesets.md); Invalid for an unknown one.
core::Result<referee::RuleSet, core::Error> parse_rule_set(const std::string& name);
// Invalid: a rule set other than the default in a game that is not hidden.
core::Result<void, core::Error> check_rule_set(referee::RuleSet rules, bool hidden);
// parse_rule_set, then check_rule_set.
core::Result<referee::RuleSet, core::Error> resolve_rule_set(const std::string& name, bool hidden);

// The referee setup `meta` names (variant, hidden, rule set, FEN); an unknown variant is
// Invalid (the caller that read `meta` from the store says Corrupt).
core::Result<referee::GameSetup, core::Error> setup_of(const GameMeta& meta);

// One game in memory: its meta, the referee's Game and the record of every ruling so far.
struct StoredGame {
    GameMeta meta;
    referee::Game game;
    pgn::RecordBuilder record;
    // What this process knows of the game's conditional books (conditional_book.hpp), by
    // colour index: true when the side's file is known to be absent from the store (staged
    // writes included). Set by a read that found no file, cleared by every write of one
    // (ConditionalBook::load and save); a game replayed knows nothing, so what makes the
    // repository replay (a failed commit, a reopened store) forgets it with the game.
    std::array<bool, 2> no_conditionals{};
};

// Names and places for a new game's record tags.
struct RecordTags {
    std::string event;       // "Crazykrieg game 7"
    std::string round;       // PGN Round (a tournament's round); empty: no tag ("?")
    std::string site;        // the referee address
    std::string white_name;  // registered names (the address when a name is empty)
    std::string black_name;
    std::string time_control;  // PGN TimeControl value; empty: no tag
};

// A fresh game: the setup from `meta`, the record with the roster tags (Date from
// meta.created), `[Mode "EM"]` and TimeControl.
core::Result<StoredGame, core::Error> start_game(const GameMeta& meta, const RecordTags& tags);
// Reads game.ini and record.pgn and replays (and so verifies) the record. The daemon's pass
// loads through its GameRepository (game_repository.hpp), which replays only when it must.
core::Result<StoredGame, core::Error> load_game(const store::Store& store, store::GameId id);
// The two files a game is loaded from (errors name game `id`).
struct GameTexts {
    std::string ini, record;
};
core::Result<GameTexts, core::Error> read_game_texts(const store::Store& store, store::GameId id);
// load_game from the two files' texts (errors name game `id`).
core::Result<StoredGame, core::Error> load_game_from(const std::string& ini,
                                                     const std::string& record, store::GameId id);

// How many events the spectators' view of `game` holds (referee/spectator_view.hpp): what a
// follower has been told once a mail about this state went out.
std::size_t spectator_events(const referee::Game& game);
// g.meta as it is saved: followers_told set to spectator_events(g.game) when the game has
// followers (every save of a game with followers follows their mails), else nullopt.
GameMeta saved_meta(const StoredGame& g);

// The four files of a game, written from memory: the player records come from the rulings
// (pgn::RecordBuilder::player_record), byte-identical to deriving them from record.pgn.
// game.ini is format_game_ini(saved_meta(g)); `meta` is that meta.
struct GameFileTexts {
    std::string ini, record, white, black;
    GameMeta meta;
};
core::Result<GameFileTexts, core::Error> game_files(const StoredGame& g);
// Queues game.ini, record.pgn, white.pgn and black.pgn in `tx`.
core::Result<void, core::Error> save_game(store::Transaction& tx, store::GameId id,
                                          const StoredGame& g);

// One request to the referee, recorded unless the answer is Error (not an attempt: nothing is
// recorded and nothing changes). A move played by the side facing a draw offer lets it lapse;
// the end of the game clears any offer.
referee::Ruling play_request(StoredGame& g, const std::string& text);
// An end outside the requests: game_session.hpp end_game (a typed GameOutcome).

// Which record `as` names: "referee" -> record.pgn text, "white"/"black" -> that player's.
core::Result<std::string, core::Error> record_text(const StoredGame& g, const std::string& as);

// The true position's FEN (operator only: `game show ID --as referee`), read from the referee's
// game through its TruePositionKey (referee/game.hpp); players never see it.
core::Result<std::string, core::Error> true_fen(const StoredGame& g);

}  // namespace ck::league
