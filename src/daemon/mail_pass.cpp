#include "daemon/mail_pass.hpp"
#include "daemon/swiss_rounds.hpp"
#include "league/bot_games.hpp"
#include "league/deadline_index.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "compose/reply_sections.hpp"
#include "core/atomic_file.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "daemon/auth.hpp"
#include "daemon/bots.hpp"
#include "daemon/club_mail.hpp"
#include "daemon/command_problems.hpp"
#include "daemon/commands.hpp"
#include "daemon/digest.hpp"
#include "daemon/digest_reply.hpp"
#include "daemon/game_turn.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/settings_mail.hpp"
#include "daemon/unknown_sender.hpp"
#include "league/club_migration.hpp"
#include "league/game_files.hpp"
#include "league/store_advice.hpp"
#include "mail/message.hpp"
#include "store/outbox.hpp"

namespace ck::daemon {

using league::Config;
using league::describe_store_failure;
using league::ensure_bot_game_index;
using league::ensure_deadline_index;
using league::open_club_store;
using league::parse_game_ini;
using league::Players;
using league::read_secret_file;
using league::secret_error_kind;

namespace {

using rules::Color;

}  // namespace

core::Result<std::string, core::Error> load_or_create_secret(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        const std::filesystem::path p(path);
        if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
        auto w = core::write_file_atomic(p, core::random_hex(32) + "\n", 0600);
        if (!w)
            return core::unexpected(
                core::from_io(w.error(), "cannot create " + path + ": " + w.error().message));
        core::operator_log().info("created the server secret " + path);
    }
    auto s = read_secret_file(path, 16);
    if (!s) return core::unexpected(core::Error{secret_error_kind(s.error()), s.error().message});
    return std::move(*s);
}

core::Result<Daemon, core::Error> Daemon::open(const Config& config,
                                               const std::filesystem::path& templates_dir,
                                               std::chrono::milliseconds store_wait,
                                               store::Store::Sweep sweep) {
    auto secret = load_or_create_secret(config.secret_file);
    if (!secret) return core::unexpected(secret.error());
    auto templates = compose::Templates::load(templates_dir);
    if (!templates)
        return core::unexpected(core::invalid_error("templates: " + templates.error().message));
    auto store = open_club_store(config.store_dir, store_wait, sweep);
    if (!store) return core::unexpected(store.error());
    auto players = Players::load(*store);
    if (!players) return core::unexpected(players.error());
    Daemon d(config, std::move(*store), std::move(*players), std::move(*templates),
             std::move(*secret));
    // A store from before the store's indexes gets them here, once, as one upgrade committed in
    // the open's transaction: the deadline index (the games it loads stay in the repository for
    // the first passes) and the bot-games index (league/bot_games.hpp), so that every pass, a
    // `deliver` and `bot remove` read the indexes, not every game.
    store::Transaction upgrade(std::chrono::system_clock::now());
    auto deadlines = ensure_deadline_index(d.store_, d.games_, upgrade);
    if (!deadlines) return core::unexpected(deadlines.error());
    auto bots = ensure_bot_game_index(d.store_, upgrade);
    if (!bots) return core::unexpected(bots.error());
    if (*deadlines || *bots) {
        if (auto c = d.store_.commit(upgrade); !c)
            return core::unexpected(core::from_io(
                c.error(),
                "store upgrade (deadline and bot-games indexes): " + c.error().describe()));
        core::operator_log().info(
            "store " + d.store_.root().string() +
            " upgraded at its open:" + (*deadlines ? " deadline index built" : "") +
            (*deadlines && *bots ? "," : "") + (*bots ? " bot-games index built" : ""));
    }
    return d;
}

core::Result<void, core::Error> Daemon::flush(mail::MailSink& sink, const core::Clock& clock) {
    store::Outbox outbox(store_);
    auto r = outbox.flush(sink, clock);
    if (r) return {};
    const std::string why = describe_store_failure(r.error(), store_.root());
    core::operator_log().error("outbox flush: " + why);
    return core::unexpected(core::from_io(r.error(), "outbox flush: " + why));
}

StepReport Daemon::step(mail::MailSource& source, mail::MailSink& sink, const core::Clock& clock,
                        const std::function<bool()>& stop) {
    StepReport report;
    if (const core::IoError* stopped = store_.stopped()) {
        // A failed sync stopped the store (store.hpp, "Fail-stop"): nothing more is done in
        // this process; reopening the store replays its journals.
        report.error = stopped->describe();
        return report;
    }
    const std::uint64_t replays_before = games_.replays();
    const std::uint64_t kept_before = games_.kept_loads();
    const auto count_loads = [&] {
        report.replays = games_.replays() - replays_before;
        report.kept_loads = games_.kept_loads() - kept_before;
    };
    // The mail first, then the clocks (clock_pass.hpp): a move whose mail reached the source
    // before its deadline is ruled, however late this pass runs; a mail that came after the
    // deadline finds the game lost (forfeit_before_mail). While the source cannot be listed
    // nobody can tell whether a move arrived in time: no clock pass then.
    // The earliest arrival among the mails this pass leaves pending for a later one (stopped
    // early, or a failure that may mend): the clock pass holds back the forfeits it could avert.
    std::optional<core::TimePoint> hold;
    const auto arrived_at = [&](const mail::SourceId& id) {
        const auto a = source.arrival(id);
        return a && *a < clock.now() ? *a : clock.now();
    };
    const auto keep_pending = [&](const mail::SourceId& id) {
        const core::TimePoint a = arrived_at(id);
        if (!hold || a < *hold) hold = a;
    };
    // Group commit (store.hpp): the organiser requests, then up to GroupMails mails, are
    // handled against staged transactions, which end_group commits together (one journal, 2
    // fsyncs); only then are those mails marked done, as one batch of the source, and the
    // requests answered. A failed group leaves all its mails and requests pending.
    constexpr std::size_t GroupMails = 64;
    std::vector<mail::SourceId> staged;
    std::vector<std::pair<std::string, RequestAnswer>> answered;
    const auto commit_group = [&] {
        auto committed = store_.end_group();
        if (!committed) {
            core::operator_log().error("commit of " + std::to_string(staged.size()) +
                                       " message(s) and " + std::to_string(answered.size()) +
                                       " request(s) failed, left pending: " +
                                       describe_store_failure(committed.error(), store_.root()));
            report.failed += staged.size();
            for (const auto& id : staged) keep_pending(id);
            staged.clear();
            reload_players();  // what the requests added or the mails set is gone
            answered.clear();
            return;
        }
        const RequestSpool spool(config_.store_dir);
        for (const auto& [id, answer] : answered) {
            if (auto done = spool.finish(id, answer); !done)
                core::operator_log().error("request " + id + ": " + done.error().detail);
            ++report.requests;
        }
        answered.clear();
        source.begin_batch();
        for (const auto& id : staged) {
            auto done = source.mark_done(id);
            if (!done) {
                core::operator_log().error("mark done " + id + ": " + done.error().message);
                ++report.failed;
                continue;
            }
            ++report.handled;
        }
        // A mark lost here only re-lists a mail the store has seen: it is then marked again.
        if (auto synced = source.end_batch(); !synced)
            core::operator_log().error("mark done: " + synced.error().message);
        staged.clear();
    };
    store_.begin_group();
    drain_requests(clock, answered);
    auto pending = source.list_pending();
    if (!pending) {
        commit_group();  // the requests
        core::operator_log().error("mail source: " + pending.error().message +
                                   " (no clock pass until the source answers)");
        report.error = "mail source: " + pending.error().message;
        report.certificate_error = pending.error().code == mail::MailErrorCode::Certificate;
        if (auto flushed = flush(sink, clock); !flushed)
            report.error += "; " + flushed.error().detail;
        count_loads();
        return report;
    }
    std::size_t next = 0;
    for (; next < pending->size(); ++next) {
        const auto& id = (*pending)[next];
        if (stop && stop()) break;
        const core::LogContext about_mail("mail " + id);  // handle() adds the Message-ID
        auto raw = source.fetch(id);
        if (!raw) {
            core::operator_log().error("fetch " + id + ": " + raw.error().message);
            ++report.failed;
            keep_pending(id);
            continue;
        }
        // a failure is logged there, with its Message-ID
        auto handled = handle(*raw, clock, arrived_at(id));
        if (!handled) {
            ++report.failed;
            // A permanent failure stays pending until the operator mends the store: it holds
            // back no clock, or one broken mail would stop every forfeit.
            if (!handled.error().transient())
                ++report.permanent;
            else
                keep_pending(id);
            continue;
        }
        staged.push_back(id);
        if (staged.size() >= GroupMails) {
            commit_group();
            store_.begin_group();
        }
    }
    commit_group();
    for (; next < pending->size(); ++next) keep_pending((*pending)[next]);  // after a stop
    const ClockReport ticked = tick(clock, hold);
    report.clock_events = ticked.reminders + ticked.forfeits + ticked.digests;
    if (auto flushed = flush(sink, clock); !flushed) report.error = flushed.error().detail;
    // The bots' turns (bot_turns.hpp): only now, when the pass's mail is committed and sent,
    // each turn committed on its own, within the pass's budget for them.
    const auto until = std::chrono::steady_clock::now() + BotPassBudget;
    const BotTurns::Report bots = bots_.play(
        game_desk(), store_, clock, [until] { return std::chrono::steady_clock::now() >= until; },
        stop);
    report.bot_turns = bots.turns;
    if (bots.turns > 0)
        if (auto flushed = flush(sink, clock); !flushed) report.error = flushed.error().detail;
    count_loads();
    return report;
}

void Daemon::reload_players() {
    auto players = Players::load(store_);
    if (!players) {
        core::operator_log().error("player registry: " + players.error().detail);
        return;
    }
    players_ = std::move(*players);
}

void Daemon::drain_requests(const core::Clock& clock,
                            std::vector<std::pair<std::string, RequestAnswer>>& answered) {
    if (!run_request_) return;
    const RequestSpool spool(config_.store_dir);
    std::vector<std::pair<std::string, RequestAnswer>> broken;
    const std::vector<Request> requests = spool.pick_up(broken);
    for (auto& b : broken) {
        core::operator_log().error("request " + b.first + ": " + b.second.err);
        answered.push_back(std::move(b));
    }
    // A record whose request file is gone has served its purpose (request_spool.hpp).
    store::Transaction tidy(clock.now());
    const std::vector<std::string> pending = spool.pending_ids();
    for (const auto& key : store_.record_keys(RequestAnswerCodec::ns))
        if (std::find(pending.begin(), pending.end(), key) == pending.end())
            RequestAnswerTable::erase(tidy, key);
    if (!tidy.empty())
        if (auto c = store_.commit(tidy); !c)
            core::operator_log().error("requests: " + c.error().message);
    for (const Request& r : requests) {
        const core::LogContext about("request " + r.id);
        std::string line = "crazykrieg";
        for (const auto& a : r.args) line += " " + a;
        if (store_.record(RequestAnswerCodec::ns, r.id) != nullptr) {
            // Committed before a crash: answer it from its record, never run it again.
            auto kept = RequestAnswerTable::get(store_, r.id);
            if (kept && *kept) {
                core::operator_log().info(line + ": answered from the store (committed before)");
                answered.emplace_back(r.id, std::move(**kept));
                continue;
            }
            core::operator_log().error(line + ": " +
                                       (kept ? std::string("no record") : kept.error().describe()));
            continue;  // left in cur/ for the operator
        }
        // The request's effects and its answer are staged together or not at all.
        store::GroupCommit whole(store_);
        RequestAnswer answer;
        {
            // A command that fails keeps nothing of what it staged.
            store::GroupCommit savepoint(store_);
            answer = run_request_(r.args, *this);
            if (answer.exit_code == 0)
                if (auto kept = savepoint.commit(); !kept)
                    answer = RequestAnswer{1, "",
                                           "crazykrieg: the daemon could not stage the command: " +
                                               kept.error().message + "\n"};
        }
        // The next request (and the mails) see the players this one registered, and none that
        // a failed one added in memory only.
        reload_players();
        store::Transaction tx(clock.now());
        RequestAnswerTable::put(tx, r.id, answer);
        if (auto c = store_.commit(tx); !c) {
            // `whole` drops the request's effects with it: the next pass runs it again.
            core::operator_log().error(line + ": cannot stage its answer: " + c.error().message);
            continue;  // (the players are read again before the mails: below)
        }
        if (auto c = whole.commit(); !c) {
            core::operator_log().error(line + ": " + c.error().message);
            continue;
        }
        core::operator_log().info(line + ": exit " + std::to_string(answer.exit_code));
        answered.emplace_back(r.id, std::move(answer));
    }
    if (!requests.empty()) reload_players();
}

ClockReport Daemon::tick(const core::Clock& clock, std::optional<core::TimePoint> hold) {
    const GameDesk desk{config_, players_, store_, templates_, secret_, games_, creator()};
    ClockReport report = run_clock_pass(desk, store_, clock.now(), hold);
    // The daily digests (digest.hpp), after the reminders and forfeits of this instant.
    const DigestReport digests = run_digests(desk, store_, clock.now());
    report.digests = digests.sent;
    report.failed += digests.failed;
    // Swiss rounds past their deadline: the organiser is told in the operator log
    // (swiss_rounds.hpp).
    if (auto overdue = overdue_.report(store_, clock.now()); !overdue)
        core::operator_log().error("round deadlines: " + overdue.error().detail);
    return report;
}

core::Result<void, core::Error> Daemon::handle(const std::string& raw, const core::Clock& clock,
                                               std::optional<core::TimePoint> arrived) {
    std::optional<core::LogContext> about;  // the Message-ID, once known (handle_mail)
    auto handled = handle_mail(raw, clock, arrived ? *arrived : clock.now(), about);
    if (!handled) {
        const core::Error& e = handled.error();
        core::operator_log().error(
            e.transient()
                ? "left pending, retried on the next pass: " + e.detail
                : "left pending: " + e.detail + " (" + std::string(core::to_string(e.kind)) +
                      ": retrying will not help; the operator must mend it)");
    }
    return handled;
}

core::Result<void, core::Error> Daemon::handle_mail(const std::string& raw,
                                                    const core::Clock& clock,
                                                    core::TimePoint arrived,
                                                    std::optional<core::LogContext>& about) {
    auto& log = core::operator_log();
    auto parsed = mail::parse_message(raw);
    if (!parsed) {
        log.warn("unparsable message dropped: " + parsed.error().message);
        return {};
    }
    const mail::MailMessage& msg = *parsed;

    AuthContext ctx;
    ctx.referee_address = config_.referee_address;
    ctx.secret = secret_;
    ctx.player_address = [this](store::GameId game, rules::Color c) -> std::optional<std::string> {
        auto ini = store_.read_game_file(game, "game.ini");
        if (!ini) return std::nullopt;
        auto meta = parse_game_ini(*ini);
        if (!meta) return std::nullopt;
        return meta->address(c);
    };
    ctx.is_player = [this](const std::string& a) { return players_.find(a) != nullptr; };
    ctx.seen = [this](const std::string& mid) { return store_.seen(mid); };
    ctx.trusted_authserv_id = config_.trusted_authserv_id;
    const AuthVerdict v = authorize(msg, raw, ctx);
    about.emplace("msg <" + v.message_id + ">");

    store::Transaction tx(clock.now());
    const std::string disc = core::sha256_hex(v.message_id).substr(0, 10);
    const auto club_desk = [this] {
        return ClubDesk{config_, players_, store_, templates_, &games_};
    };
    const GameStarter new_game = [this](const NewGame& g, store::Transaction& t) {
        return stage_game(g, t);
    };

    // Each mail is parsed once (commands.hpp); its verdict says where it came (Where). A bot's
    // NAME where a challenge's address goes is read as its address (bots.hpp).
    const std::vector<Command> commands =
        with_bot_names(parse_commands(msg.body_text), store_, config_);
    switch (v.kind) {
        case AuthVerdict::Kind::DropAutomatic:
            log.info("automatic mail from " + msg.from_address + " dropped: " + v.detail);
            tx.mark_seen(v.message_id);
            break;
        case AuthVerdict::Kind::Replayed:
            log.info("replayed Message-ID " + v.message_id + " ignored");
            return {};
        case AuthVerdict::Kind::UnknownSender:  // daemon/unknown_sender.hpp
            tx.mark_seen(v.message_id);
            CK_TRY(answer_unknown_sender(club_desk(), msg, v, tx));
            break;
        case AuthVerdict::Kind::ClubMail:  // daemon/club_mail.hpp: games, help; no game view
        case AuthVerdict::Kind::RefuseKnownPlayer: {
            log.info("mail from " + msg.from_address + " not acted on a game: " + v.detail);
            tx.mark_seen(v.message_id);
            // The mail's commands in the order written, through the command table (mail_run.hpp).
            const ClubDesk desk = club_desk();
            MailRun run(Where::Club, desk, v.reply_to, disc, tx);
            run.acts = v.kind == AuthVerdict::Kind::ClubMail;
            if (run.acts) {
                run.players = &players_;
                run.new_game = new_game;
            }
            for (const Command& c : commands) CK_TRY(run_command(run, c));
            CK_TRY(finish_mail(run, commands));
            tx.merge_outgoing(v.reply_to, compose::merge_replies);  // one answer per mail
            break;
        }
        case AuthVerdict::Kind::DigestReply: {  // daemon/digest_reply.hpp
            tx.mark_seen(v.message_id);
            const GameDesk desk{config_, players_, store_, templates_, secret_, games_, creator()};
            const GameLines split = split_game_lines(msg.body_text);
            std::vector<Command> rest = parse_commands(split.rest);
            for (const auto& [game, text] : split.games) {
                const auto id = core::game_id_in(game);  // the "#42" of the line
                const auto colour = id ? digest_game_colour(store_, v.reply_to, *id) : std::nullopt;
                if (!colour) {  // no game of the digest: quoted back as not understood
                    Command unknown;
                    unknown.text = "#" + game + " " + text.substr(0, text.find('\n'));
                    rest.push_back(std::move(unknown));
                    continue;
                }
                AuthVerdict in_game = v;
                in_game.kind = AuthVerdict::Kind::Accept;
                in_game.game = *id;
                in_game.colour = *colour;
                auto late = forfeit_before_mail(desk, store_, *id, clock.now(), arrived);
                if (!late) return core::unexpected(late.error());
                // Each game's effects and answers are built apart, so that its notes and
                // explanations stay in its own part of the one answer.
                store::Transaction part(tx.now());
                CK_TRY(answer_game_mail(desk, msg, in_game, parse_commands(text), disc + "g" + game,
                                        part, arrived));
                tx.append(std::move(part));
            }
            withhold_per_move_mails(players_, tx, v.reply_to);
            // The lines outside the games: a club mail's run (mail_run.hpp).
            const ClubDesk club = club_desk();
            MailRun run(Where::Club, club, v.reply_to, disc, tx);
            run.players = &players_;
            run.new_game = new_game;
            std::vector<std::string> not_understood;  // belongs to no game: after their sections
            run.unknown_after_merge = &not_understood;
            for (const Command& c : rest) CK_TRY(run_command(run, c));
            if (!rest.empty() || split.games.empty()) CK_TRY(finish_mail(run, rest));
            tx.merge_outgoing(v.reply_to, compose::merge_replies);  // one answer
            if (!not_understood.empty())
                if (mail::OutgoingMail* answer = tx.first_outgoing_to(v.reply_to))
                    append_unknown_lines(*answer, not_understood);
            break;
        }
        case AuthVerdict::Kind::Accept: {  // daemon/game_turn.hpp
            const GameDesk desk{config_, players_, store_, templates_, secret_, games_, creator()};
            // A deadline that passed before this mail arrived ends the game first, in a
            // transaction of its own (clock_pass.hpp).
            auto late = forfeit_before_mail(desk, store_, *v.game, clock.now(), arrived);
            if (!late) return core::unexpected(late.error());
            tx.mark_seen(v.message_id);
            // The player's own settings (settings_mail.hpp) are answered in the one answer when
            // the player is known; the turn mail of an opponent who reads the digest only is
            // withheld (digest.hpp).
            const auto me = ctx.player_address(*v.game, v.colour);
            const ClubDesk club = club_desk();
            MailRun run(Where::Game, club, me ? *me : std::string(), disc, tx);
            if (me) run.players = &players_;
            CK_TRY(answer_game_mail(desk, msg, v, commands, disc, tx, arrived, &run));
            if (me) {
                CK_TRY(finish_mail(run, commands));
                withhold_per_move_mails(players_, tx, *me);
                tx.merge_outgoing(*me, compose::merge_replies);
            }
            break;
        }
    }
    auto committed = store_.commit(tx);
    if (!committed && (asks_settings(commands) || v.kind == AuthVerdict::Kind::DigestReply))
        reload_players();  // the settings set in memory
    if (!committed)
        return core::unexpected(
            core::from_io(committed.error(), "commit: " + committed.error().message));
    return {};
}

}  // namespace ck::daemon
