#pragma once
// Every mail the referee sends a player (docs/mail-protocol.md, "What the referee sends"), rendered
// through the templates/ folder into an OutgoingMail for mail::render_mime.
//
// THE GUARANTEE (docs/design.md: "Hidden information is a type"): a player's game mail is built
// only from that player's referee::PlayerView plus plain data the player may know (game id,
// addresses, deadlines, names). Nothing here accepts a Position or a Game.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "club/ratings.hpp"
#include "compose/deadline_text.hpp"
#include "compose/list_view.hpp"
#include "compose/template_engine.hpp"
#include "compose/template_set.hpp"
#include "core/game_id.hpp"
#include "core/result.hpp"
#include "mail/outgoing.hpp"
#include "referee/player_view.hpp"
#include "referee/spectator_view.hpp"

namespace ck::compose {

using TimePoint = std::chrono::system_clock::time_point;

// The kinds of mail; each is templates/<kind>.txt + templates/<kind>.html.
enum class MailKind : unsigned char {
    Turn,
    GameStart,
    Refusal,
    UnknownCommand,
    Help,
    GameEnd,
    Reminder,
    Forfeit,
    LeaveNotice,
    GamesList,
    UnknownSender,
    Draw,
    Record,
    Spectator,  // to a follower of a game: spectator_mail
    Standings,  // a tournament's crosstable(s): standings_mail
    Challenge,  // a challenge by mail and its answers: challenge_mail
    Entry,      // joining or withdrawing from a tournament: entry_mail
    Ratings,    // the club's rating lists (README "Ratings"): ratings_mail
    Settings,   // the answer to `set` / `settings` (README "Your settings"): settings_mail
    Digest,     // the daily digest of a player's games (README "Your settings"): digest_mail
};
// How many MailKinds there are: compose.cpp's name table has one name each (checked when it
// compiles; raise this with a new kind, and keep the assert there naming the last kind).
inline constexpr std::size_t MailKindCount = 20;
const char* kind_name(MailKind k);  // "turn", "game-start", ...
const std::vector<std::string>& kind_names();

// The templates/ folder with every kind, the partials and the words file.
class Templates {
public:
    // The daemon passes the configured folder; a missing kind or words file is an error
    // naming the file.
    static core::Result<Templates, ComposeError> load(const std::filesystem::path& dir);
    const TemplateSet& set() const { return set_; }

private:
    explicit Templates(TemplateSet s) : set_(std::move(s)) {}
    TemplateSet set_;
};

// Plain data about the mail itself.
struct Envelope {
    mail::MailAddress from;      // the referee address
    mail::MailAddress to;        // the player's registered address
    mail::MailAddress reply_to;  // the per-game, per-player address (the daemon makes the
                                 // token); empty address: no Reply-To
    // The game the mail is about (printed with to_string: "42"); none for mail about no
    // single game.
    std::optional<core::GameId> game_id;
    TimePoint date{};  // the Date header, and "now" for time left
    // Tells apart several mails of one kind at one ply (two refusals of one turn, say); only
    // [A-Za-z0-9-] is kept. May be empty.
    std::string discriminator;
    std::string player_name;    // may be empty
    std::string opponent_name;  // may be empty
    // Fairness receipt of a hidden game (README "Fairness receipts"): the referee's commitment
    // to the true position after `receipt_ply` moves, shown under the board (in upper case);
    // empty: none. It reveals nothing without the game's salt.
    std::string receipt;
    int receipt_ply = 0;
    // Rating lines of a rated game (README "Ratings"), shown by the game-start, game-end and
    // forfeit mails: "Rated game (crazyhouse): Ann (1623) vs Ben (1500?)", "Ann: 1623 -> 1638
    // (+15)". Empty: a casual game, nothing shown.
    std::vector<std::string> ratings;
    // The game-start mail of a tournament game names its event (README "Challenges and
    // tournaments by mail"): the tournament's name, its id (names may repeat, ids do not) and
    // the round. Empty: a game of no tournament.
    std::string event_name;
    std::string event_id;
    std::string event_round;
    // The game's time control as `--time` writes it ("3d", "10/50d"), shown by the game-start
    // mail; empty: none.
    std::string time_control;
    // The recipient's view setting (list_view.hpp TextView): how every position in the text
    // part is shown.
    TextView view = TextView::Board;
};

struct TurnDetails {
    // First index of view.heard not yet mailed to the player; nullopt: from the start of the
    // player's own last turn.
    std::optional<std::size_t> heard_from;
    std::optional<Deadline> deadline;
};

enum class RefusalReason : unsigned char {
    Stale,         // the move number in the mail is not the current one
    NotYourTurn,   // moves sent while the opponent is to move
    GameOver,      // the game has ended
    NothingFound,  // no command in the mail
    WrongSide      // the current move number, written for the side not to move ("3..." while
                   // White is to move 3)
};

struct RefusalDetails {
    RefusalReason reason = RefusalReason::Stale;
    std::vector<std::string> quoted;  // the player's own lines, as received
    std::string written;              // WrongSide: the number as written, "3..."
};

struct UnknownCommandDetails {
    std::string line;  // the player's line that is no command
    // What is wrong with it (daemon/command_problems.hpp), a sentence of its own under the
    // quoted line; empty: the line was not understood at all.
    std::string reason;
};

struct HelpDetails {
    std::string referee_address;
};

struct GameEndDetails {
    bool record_attached = false;  // the caller attaches the full referee record (hidden games)
    // An adjudicated game: the organiser's reason, quoted in the mail (README "Adjudication");
    // empty otherwise.
    std::string adjudication_reason{};
};

struct ForfeitDetails {
    rules::Color loser = rules::Color::White;
};

struct LeaveDetails {
    rules::Color on_leave = rules::Color::White;
    int days = 0;
    TimePoint until{};
    // The side to move's deadline with the leave counted (shown like the games list does, to
    // both players); nullopt: the game has no clock.
    std::optional<Deadline> deadline;
};

struct GamesListEntry {
    core::GameId game_id;
    std::string variant{};
    bool hidden = false;
    std::string opponent{};
    std::string colour{};  // "White" / "Black" as the caller words it
    bool your_turn = false;
    int move_number = 1;
    std::optional<Deadline> deadline{};
};

struct GamesListDetails {
    std::vector<GamesListEntry> games;
    // Game commands sent to the plain referee address (daemon/club_mail.hpp), as written: the
    // mail quotes them and says they belong in a reply to the game's mail. Empty: a plain list.
    std::vector<std::string> game_commands;
};

using MailResult = core::Result<mail::OutgoingMail, ComposeError>;

MailResult turn_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                     const TurnDetails& details);
MailResult game_start_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                           std::optional<Deadline> deadline);
MailResult refusal_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                        const RefusalDetails& details);
// `view` may be null for a mail about no game (then no thread and no board).
MailResult unknown_command_mail(const Templates& t, const Envelope& env,
                                const referee::PlayerView* view,
                                const UnknownCommandDetails& details, const HelpDetails& help);
MailResult help_mail(const Templates& t, const Envelope& env, const referee::PlayerView* view,
                     const HelpDetails& details);
MailResult game_end_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                         const GameEndDetails& details);
MailResult reminder_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                         const Deadline& deadline);
MailResult forfeit_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                        const ForfeitDetails& details);
MailResult leave_notice_mail(const Templates& t, const Envelope& env,
                             const referee::PlayerView& view, const LeaveDetails& details);
MailResult games_list_mail(const Templates& t, const Envelope& env,
                           const GamesListDetails& details);

// docs/mail-protocol.md "Unknown senders get at most one short rate-limited reply ... and never a
// view of any game": the short reply to a sender who is not a registered player. Takes no game
// data.
struct UnknownSenderDetails {
    std::string sender;        // the address the mail came from, as the reply quotes it
    std::string club_contact;  // whom to ask to be registered (the referee address)
};
MailResult unknown_sender_mail(const Templates& t, const Envelope& env,
                               const UnknownSenderDetails& details);

// Draw offers (docs/mail-protocol.md `draw` / `decline`): one short mail per event, to one player.
struct DrawDetails {
    enum class Event : unsigned char {
        Offered,      // to the opponent: a draw is offered; answer `draw` or `decline`
        OfferSent,    // to the offerer: the offer stands
        Declined,     // to the offerer: the opponent declined
        DeclineSent,  // to the decliner: done
        Lapsed,       // to the offerer: the opponent moved instead of answering
        NoOffer       // to a player who declined when no offer was pending
    };
    Event event = Event::Offered;
};
MailResult draw_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                     const DrawDetails& details);

// The answer to `pgn` (docs/mail-protocol.md): the caller attaches the player's own record, or the
// referee's full record once the game is over (`full`), as `file_name`.
struct RecordDetails {
    bool full = false;
    std::string file_name;  // "crazykrieg-42-white.pgn"
};
MailResult record_mail(const Templates& t, const Envelope& env, const referee::PlayerView& view,
                       const RecordDetails& details);

// To a follower of a game (docs/mail-protocol.md "an address may follow a game"): built ONLY from
// the SpectatorView, the meet of both players' views (referee/spectator_view.hpp). `news_from`:
// first index of view.events not mailed yet. Open games show the whole board; hidden games no
// board, only the pockets and what both players heard. Message-ID
// ck.club.spectator.<disc>@domain: the discriminator must tell mails and followers apart.
struct SpectatorDetails {
    enum class Occasion : unsigned char {
        Following,   // confirmation: the address now follows the game
        Turn,        // after a turn
        End,         // the game is over; the caller attaches the referee's full record
        Unfollowed,  // confirmation: the address no longer follows the game
        Refused      // a `follow` mail that could not be done (`refusal` says why)
    };
    enum class Refusal : unsigned char { NoSuchGame, OwnGame, GameOver };
    Occasion occasion = Occasion::Turn;
    Refusal refusal = Refusal::NoSuchGame;
    std::size_t news_from = 0;
    std::string white_name;  // the players as the club knows them (public)
    std::string black_name;
    std::string file_name;  // End: the attachment's name
    // End of an adjudicated game: the organiser's reason, quoted in the mail (README
    // "Adjudication"); empty otherwise.
    std::string adjudication_reason{};
};
MailResult spectator_mail(const Templates& t, const Envelope& env,
                          const referee::SpectatorView& view, const SpectatorDetails& details);

// Tournament standings (README "Challenges and tournaments by mail"): the answer to `standings`,
// and the final standings every player of an event gets when its last game ends (the caller
// attaches the PGN archive). Crosstables come ready-made as plain strings (ck_club renders them):
// the text one goes into the text part as is, the HTML fragment into the HTML part unescaped (it
// escapes its names).
struct StandingsEvent {
    std::string name;  // the tournament's name (for the subject when it is the only one)
    std::string crosstable_text;
    std::string crosstable_html;
    std::string id;  // shown with the name in the subject (names may repeat); empty: not shown
};
struct StandingsDetails {
    bool final = false;                  // the event just ended; `archive_name` is attached
    std::vector<StandingsEvent> events;  // empty: the player is in no tournament
    std::string archive_name;            // final: "tournament-spring.pgn"
};
MailResult standings_mail(const Templates& t, const Envelope& env, const StandingsDetails& details);

// The answer to `ratings [POOL]` (README "Ratings"): the club's ranked lists
// (club/ratings.hpp, filled by league::ratings_details).
using RatingsPool = club::RatingsPool;
using RatingsDetails = club::RatingsDetails;
MailResult ratings_mail(const Templates& t, const Envelope& env, const RatingsDetails& details);

// Challenges by mail (README "Challenges and tournaments by mail", daemon/challenges.hpp): about no
// game, to one player.
struct ChallengeDetails {
    enum class Event : unsigned char {
        Invited,   // to the challenged: who challenges them to what; answer accept/decline ID
        Sent,      // to the challenger: the challenge was passed on
        NoPlayer,  // to the challenger: `opponent` is no registered player (or is the sender)
        Declined,  // to the challenger: the challenged declined
        NoSuchId,  // to the answerer: no open challenge `id` addressed to them
    };
    Event event = Event::Invited;
    std::string id;        // "7"
    std::string opponent;  // the other player: registered name, else the address as written
    std::string variant;   // "crazyhouse"
    bool hidden = false;
    std::string time;   // "3d"
    int days = 14;      // Invited: days left to answer
    std::string rules;  // a rule set other than the default (docs/rulesets.md); empty: none
    bool rated = true;  // the game it makes is rated (README "Ratings"); false: casual
    // Declined: why, in words for the player (a removed bot's); empty: no reason given (a
    // player's `decline N` gives none).
    std::string reason;
};
MailResult challenge_mail(const Templates& t, const Envelope& env, const ChallengeDetails& details);

// Tournament entries by mail (daemon/tournament_entries.hpp): about no game, to one player.
struct EntryDetails {
    enum class Event : unsigned char {
        Joined,         // the player is on the entry list
        Withdrawn,      // the player is off the entry list
        NoSuchEvent,    // no tournament `tournament_id`
        Closed,         // the event is not taking entries (started, or created with its players)
        AlreadyIn,      // join: already on the list (or a player of the event)
        NotIn,          // withdraw: not on the list
        Full,           // join: the list holds the most players an event may have
        Retired,        // withdraw from a Swiss under way: not paired from `round` on
        ByeGranted,     // bye: the player is not paired in `round` and scores `bye_points`
        BadRound,       // bye: `round` is paired already or past the last round
        NoByes,         // bye: the event is not a Swiss (a knockout's byes are its bracket's)
        RosterSet,      // roster (docs/teams.md): `team`'s roster is now `roster`
        NotCaptain,     // roster: the sender captains no team of the match
        RosterRefused,  // roster: nothing changed, for `reason`
        LateJoined,     // join a Swiss under way: paired from `round` on, the rounds before
                        // scoring `bye_points` each (docs/swiss.md "Late entries")
        TooLate,        // join a Swiss whose last round is paired already
        Rejoin,         // join a Swiss the player withdrew from
    };
    Event event = Event::Joined;
    std::string tournament_id;    // as the player wrote it for NoSuchEvent, else the event's id
    std::string tournament_name;  // empty for NoSuchEvent
    std::string settings;         // "double round robin; crazyhouse, hidden, time 3d"
    std::size_t entrants = 0;     // entries after the change
    bool swiss = false;           // a Swiss event: rounds paired one at a time
    bool knockout = false;        // a knockout or a group stage (docs/knockout.md)
    int round = 0;                // Retired, ByeGranted, BadRound, LateJoined
    std::string bye_points = {};  // ByeGranted, LateJoined: "1/2", "1", "0"
    std::string team = {};        // RosterSet: the captain's team
    std::vector<std::string> roster = {};  // RosterSet: "1. Ann Smith", by board
    std::string reason = {};               // RosterRefused: why, naming the address or team
};
MailResult entry_mail(const Templates& t, const Envelope& env, const EntryDetails& details);

// The answer to `set ...` and `settings` (README "Your settings"): every setting with its
// value, and what the mail changed or why a line changed nothing.
struct SettingsDetails {
    struct Line {
        std::string key;    // "mail"
        std::string value;  // "digest 07:00: one digest a day at 07:00 UTC, ..."
    };
    std::vector<Line> settings;
    std::vector<std::string> changed;  // the keys set by this mail, in order
    struct Refused {
        std::string line;    // the player's `set` line, as read
        std::string reason;  // what is wrong with it
    };
    std::vector<Refused> refused;
};
MailResult settings_mail(const Templates& t, const Envelope& env, const SettingsDetails& details);

// The daily digest (README "Your settings", daemon/digest.hpp): every game in progress of the
// player, the ones on their move first (least time left first), then the ones waiting for the
// opponent; each from the player's own view, with what they heard since the last digest.
struct DigestGame {
    core::GameId game_id;
    std::string opponent{};
    referee::PlayerView view{};          // the player's own view, nothing else
    std::size_t news_from = 0;           // first index of view.heard not in an earlier digest
    std::optional<Deadline> deadline{};  // of the side to move
    std::vector<std::string> notes{};    // the opponent's notes since the last digest
};
struct DigestDetails {
    std::vector<DigestGame> your_turn;  // in this order
    std::vector<DigestGame> waiting;
    std::optional<TimePoint> since;  // the last digest; nullopt: none yet
};
MailResult digest_mail(const Templates& t, const Envelope& env, const DigestDetails& details);

// Message-IDs (docs/mail-protocol.md, "Addresses and threads"):
// ck.<game>.<ply>.<w|b>.<kind>[.<disc>]@<domain>, the domain being the referee address's; every
// game mail to a player refers to that player's game-start mail,
// ck.<game>.0.<w|b>.game-start@<domain>.
std::string message_id(const Envelope& env, MailKind kind, int ply, rules::Color player);
std::string thread_root_id(const Envelope& env, rules::Color player);

}  // namespace ck::compose
