#pragma once
// The play-by-mail daemon's orchestrator (docs/mail-protocol.md; docs/design.md "Durable
// state"): the pass step() fetches each mail, parses it once, dispatches it through the command
// table, commits its effects, marks it done and sends. Every mail's effects (game files, club
// state, ledger entry, outgoing mails) commit in ONE store Transaction; only then is the mail
// marked done at the source; then the outbox is flushed to the sink. Mails to players are built
// only from referee::PlayerView through ck::compose (docs/design.md "Hidden information is a
// type"); operator details go to core::operator_log only.
//
// Where the work is done: the command table, daemon/commands.hpp; a player's mail to a game,
// daemon/game_turn.hpp; the games, league/game_repository.hpp and league/game_files.hpp; new
// games, game_creation.cpp; clocks, daemon/clock_pass.hpp (run after the mail in every step) with
// the deadline index, league/deadline_index.hpp; mail about no game (club commands, challenges,
// entries, unknown senders), daemon/club_mail.hpp, daemon/challenges.hpp,
// daemon/tournament_entries.hpp, daemon/unknown_sender.hpp; `leave`, daemon/leave_mail.hpp.
// This header stands above every service and handler of the daemon: only what defines the
// Daemon's members or takes a Daemon& (tournaments.hpp) includes it. What the services borrow
// from the Daemon is a desk of references (daemon/club_desk.hpp, daemon/game_desk.hpp).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compose/compose.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/log.hpp"
#include "core/result.hpp"
#include "daemon/bot_turns.hpp"
#include "daemon/clock_pass.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/game_desk.hpp"
#include "daemon/request_spool.hpp"
#include "daemon/swiss_rounds.hpp"
#include "league/config.hpp"
#include "league/game_creation.hpp"
#include "league/game_outcome.hpp"
#include "league/game_repository.hpp"
#include "league/players.hpp"
#include "mail/source.hpp"
#include "referee/rule_set.hpp"
#include "store/store.hpp"

namespace ck::daemon {

struct StepReport {
    std::size_t handled = 0;  // marked done at the source
    std::size_t failed = 0;   // left pending (retried on the next pass)
    // Of `failed`: mails whose failure was Corrupt or Invalid (core/error.hpp), which retrying
    // will not mend: they stay pending (nothing is lost) until the operator mends the store.
    std::size_t permanent = 0;
    std::size_t clock_events = 0;  // reminders and forfeits the clock pass committed
    std::size_t requests = 0;      // organiser requests answered (request_spool.hpp)
    std::size_t bot_turns = 0;     // bots' turns committed after the mail (bot_turns.hpp)
    // Games the pass read from the store: kept by the repository (no replay), and replayed
    // from their record (game_repository.hpp). A game touched by an earlier pass of the same
    // process is kept: a move mail for it replays nothing (README "Benchmarks").
    std::uint64_t kept_loads = 0;
    std::uint64_t replays = 0;
    // Why the pass could not do its whole job, for `serve --once`'s exit code: the source
    // could not be listed, or the outbox spool could not be read or written. Empty: no such
    // failure (mails an SMTP server refused for now wait in the outbox by design: not one).
    std::string error;
    // The source's TLS certificate failed verification (README "TLS"): `serve` stops.
    bool certificate_error = false;
};

// The server secret: the first line of config.secret_file. When that file does not exist it
// is created once (mode 0600) holding 32 random bytes as hex (core::random_hex). A file that
// cannot be read or written is Transient (core::from_io for the write); a secret that is too
// short is Invalid.
core::Result<std::string, core::Error> load_or_create_secret(const std::string& path);

class Daemon;
// Runs one organiser request (the command line of a `crazykrieg` command) against the daemon
// that serves the store and returns what the command printed (app/request_client.hpp).
using RequestRunner = std::function<RequestAnswer(const std::vector<std::string>& args, Daemon&)>;

class Daemon {
public:
    // Opens the store (waiting up to `store_wait` for its lock; `sweep`: store::Store::open) and
    // the player registry, loads the templates and the secret. A store from before the deadline
    // or the bot-games index gets it here, once, in one transaction (a store upgrade:
    // league/deadline_index.hpp, league/bot_games.hpp). Errors keep their kind (the store's,
    // the registry's, the secret's); templates that do not load are Invalid.
    static core::Result<Daemon, core::Error> open(
        const league::Config& config, const std::filesystem::path& templates_dir,
        std::chrono::milliseconds store_wait = std::chrono::milliseconds{0},
        store::Store::Sweep sweep = store::Store::Sweep::TopDirs);

    const league::Config& config() const { return config_; }
    store::Store& store() { return store_; }
    const league::Players& players() const { return players_; }
    const compose::Templates& templates() const { return templates_; }
    // The games as the passes load and save them (game_repository.hpp).
    const league::GameRepository& games() const { return games_; }
    league::GameRepository& game_repository() { return games_; }
    // Registers a player (Players::add) in a transaction of its own, committed.
    core::Result<void, core::Error> add_player(const std::string& name,
                                               const std::string& address) {
        return players_.add(name, address, store_, std::chrono::system_clock::now());
    }

    // Creates a game, commits its files (game_files.hpp) + both game-start mails in one
    // transaction, then flushes the outbox to the configured sink. Returns the game id.
    core::Result<store::GameId, core::Error> new_game(const NewGame& spec,
                                                      const core::Clock& clock);
    // The same, staged into the caller's transaction (created at tx.now()); nothing is
    // committed (challenges.hpp: a game accepted by mail commits with that mail).
    core::Result<store::GameId, core::Error> stage_game(const NewGame& spec,
                                                        store::Transaction& tx);
    // create_game with this club's defaults, players, store and repository, without mails: what
    // an event's next round is created with (league/tournament_rounds.hpp); stage_game uses it.
    league::GameCreator creator() {
        return league::GameCreator{
            league::GameDefaults{config_.rated, config_.default_time, config_.referee_address},
            players_, store_, games_};
    }
    // What a game's mails borrow from this daemon, games created by creator() (game_desk.hpp).
    GameDesk game_desk() {
        return GameDesk{config_, players_, store_, templates_, secret_, games_, creator()};
    }

    // Adjudicates game `id` (adjudication.hpp adjudicate_game) in a transaction of its own,
    // committed; the mails are left in the outbox (flush).
    core::Result<league::GameOutcome, core::Error> adjudicate(store::GameId id,
                                                              league::GameResult result,
                                                              const std::string& reason,
                                                              const core::Clock& clock);

    // From now on step() drains the organiser requests of the store's spool (request_spool.hpp)
    // with `run`: after the clock pass and before the mails, in the same group commit as the
    // mails, each request's effects staged together with its answer record.
    void serve_requests(RequestRunner run) { run_request_ = std::move(run); }

    // One pass over every pending message of `source`, then an outbox flush to `sink`, then the
    // bots' turns (bot_turns.hpp: within BotPassBudget) and a flush of their mails.
    // `stop` (may be empty) is asked before each message: true ends the pass early (the
    // message in hand is always finished).
    StepReport step(mail::MailSource& source, mail::MailSink& sink, const core::Clock& clock,
                    const std::function<bool()>& stop = {});

    // Handles one raw message: commit its effects. Ok means it may be marked done. Every
    // operator log line about the mail, its failure included, carries its Message-ID
    // ("[msg <id>]", core/log.hpp), and the game id when it is about a game. `arrived`: when
    // it reached the source (<= clock.now(); nullopt: now), the time its move counts at
    // (README "Time controls").
    core::Result<void, core::Error> handle(const std::string& raw, const core::Clock& clock,
                                           std::optional<core::TimePoint> arrived = {});

    // Sends the due mails of the outbox; an outbox I/O error is logged and returned with the
    // kind of that error (core::from_io: Transient for the disk or the spool; Corrupt for bytes
    // the store refused as malformed); the detail "outbox flush: ..." says what to do
    // (league/store_advice.hpp). A sink that refuses a mail for now is no error: the mail
    // waits in the outbox.
    core::Result<void, core::Error> flush(mail::MailSink& sink, const core::Clock& clock);

    // The clock pass (daemon/clock_pass.hpp): reminders and losses on time at clock.now(),
    // each committed on its own; step() runs it after the mail, with `hold` the earliest
    // arrival of a mail it left pending. Mails are left in the outbox (flush).
    ClockReport tick(const core::Clock& clock, std::optional<core::TimePoint> hold = {});

private:
    // Runs the requests of the spool into the running group; `answered` gets what to write to
    // done/ once the group is committed (request_spool.hpp).
    void drain_requests(const core::Clock& clock,
                        std::vector<std::pair<std::string, RequestAnswer>>& answered);
    // Reads the player registry again (after organiser requests, or a group that failed).
    void reload_players();
    // handle()'s work; sets `about` to the mail's Message-ID context once it is known.
    core::Result<void, core::Error> handle_mail(const std::string& raw, const core::Clock& clock,
                                                core::TimePoint arrived,
                                                std::optional<core::LogContext>& about);

    Daemon(league::Config c, store::Store s, league::Players p, compose::Templates t,
           std::string secret)
        : config_(std::move(c)),
          store_(std::move(s)),
          players_(std::move(p)),
          templates_(std::move(t)),
          secret_(std::move(secret)) {}

    league::Config config_;
    store::Store store_;
    league::Players players_;
    compose::Templates templates_;
    std::string secret_;
    league::GameRepository games_;
    RequestRunner run_request_;
    BotTurns bots_;         // the games where a bot plays (bot_turns.hpp)
    OverdueWatch overdue_;  // the Swiss rounds' deadlines (swiss_rounds.hpp)
};

}  // namespace ck::daemon
