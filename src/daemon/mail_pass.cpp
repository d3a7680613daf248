#include "daemon/mail_pass.hpp"
#include "daemon/club_migration.hpp"
#include "daemon/deadline_index.hpp"

#include <optional>
#include <vector>

#include "compose/reply_sections.hpp"
#include "core/atomic_file.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "daemon/auth.hpp"
#include "daemon/challenges.hpp"
#include "daemon/club_mail.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_files.hpp"
#include "daemon/game_turn.hpp"
#include "daemon/tournament_entries.hpp"
#include "daemon/unknown_sender.hpp"
#include "mail/message.hpp"
#include "store/outbox.hpp"

namespace ck::daemon {
namespace {

using rules::Color;

}  // namespace

core::Result<std::string, std::string> load_or_create_secret(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        const std::filesystem::path p(path);
        if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
        auto w = core::write_file_atomic(p, core::random_hex(32) + "\n", 0600);
        if (!w) return core::unexpected("cannot create " + path + ": " + w.error().message);
        core::operator_log().info("created the server secret " + path);
    }
    auto s = read_secret_file(path, 16);
    if (!s) return core::unexpected(s.error().message);
    return std::move(*s);
}

core::Result<Daemon, std::string> Daemon::open(const Config& config,
                                               const std::filesystem::path& templates_dir,
                                               std::chrono::milliseconds store_wait,
                                               store::Store::Sweep sweep) {
    auto secret = load_or_create_secret(config.secret_file);
    if (!secret) return core::unexpected(secret.error());
    auto templates = compose::Templates::load(templates_dir);
    if (!templates) return core::unexpected("templates: " + templates.error().message);
    auto store = open_club_store(config.store_dir, store_wait, sweep);
    if (!store) return core::unexpected(store.error());
    if (auto indexed = ensure_deadline_index(*store, std::chrono::system_clock::now()); !indexed)
        return core::unexpected(indexed.error());
    auto players = Players::load(*store);
    if (!players) return core::unexpected(players.error());
    return Daemon(config, std::move(*store), std::move(*players), std::move(*templates),
                  std::move(*secret));
}

core::Result<void, std::string> Daemon::flush(mail::MailSink& sink, const core::Clock& clock) {
    store::Outbox outbox(store_);
    auto r = outbox.flush(sink, clock);
    if (r) return {};
    core::operator_log().error("outbox flush: " + r.error().message);
    return core::unexpected("outbox flush: " + r.error().message);
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
    const ClockReport ticked =
        tick(clock);  // clocks first: a move handled past its deadline finds the game lost
    report.clock_events = ticked.reminders + ticked.forfeits;
    auto pending = source.list_pending();
    if (!pending) {
        core::operator_log().error("mail source: " + pending.error().message);
        report.error = "mail source: " + pending.error().message;
        report.certificate_error = pending.error().code == mail::MailErrorCode::Certificate;
        if (auto flushed = flush(sink, clock); !flushed) report.error += "; " + flushed.error();
        return report;
    }
    // Group commit (store.hpp): up to GroupMails mails are handled against staged transactions,
    // which end_group commits together (one journal, 2 fsyncs); only then are those mails
    // marked done, as one batch of the source. A failed group leaves all its mails pending.
    constexpr std::size_t GroupMails = 64;
    std::vector<mail::SourceId> staged;
    const auto commit_group = [&] {
        auto committed = store_.end_group();
        if (!committed) {
            core::operator_log().error(
                "commit of " + std::to_string(staged.size()) +
                " message(s) failed, left pending: " + committed.error().message);
            report.failed += staged.size();
            staged.clear();
            return;
        }
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
    for (const auto& id : *pending) {
        if (stop && stop()) break;
        const core::LogContext about_mail("mail " + id);  // handle() adds the Message-ID
        auto raw = source.fetch(id);
        if (!raw) {
            core::operator_log().error("fetch " + id + ": " + raw.error().message);
            ++report.failed;
            continue;
        }
        auto handled = handle(*raw, clock);  // a failure is logged there, with its Message-ID
        if (!handled) {
            ++report.failed;
            if (!handled.error().transient()) ++report.permanent;
            continue;
        }
        staged.push_back(id);
        if (staged.size() >= GroupMails) {
            commit_group();
            store_.begin_group();
        }
    }
    commit_group();
    if (auto flushed = flush(sink, clock); !flushed) report.error = flushed.error();
    return report;
}

ClockReport Daemon::tick(const core::Clock& clock) {
    return run_clock_pass(GameDesk{config_, players_, store_, templates_, secret_, games_}, store_,
                          clock.now());
}

core::Result<void, core::Error> Daemon::handle(const std::string& raw, const core::Clock& clock) {
    std::optional<core::LogContext> about;  // the Message-ID, once known (handle_mail)
    auto handled = handle_mail(raw, clock, about);
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
    ctx.player_address = [this](const std::string& game,
                                rules::Color c) -> std::optional<std::string> {
        const store::GameId gid = game_id_of(game);
        if (gid == 0) return std::nullopt;
        auto ini = store_.read_game_file(gid, "game.ini");
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
    const auto club_desk = [this] { return ClubDesk{config_, players_, store_, templates_}; };

    // Each mail is parsed once (commands.hpp); its verdict says where it came (Where).
    const std::vector<Command> commands = parse_commands(msg.body_text);
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
        case AuthVerdict::Kind::RefuseKnownPlayer:
            log.info("mail from " + msg.from_address + " not acted on a game: " + v.detail);
            tx.mark_seen(v.message_id);
            if (v.kind == AuthVerdict::Kind::ClubMail) {
                CK_TRY(answer_challenges(  // daemon/challenges.hpp
                    club_desk(),
                    [this](const NewGame& g, store::Transaction& t) { return stage_game(g, t); },
                    commands, v.reply_to, disc, tx));
                CK_TRY(answer_entries(club_desk(), commands, v.reply_to, disc, tx));  // entries
            }
            CK_TRY(answer_club_mail(club_desk(), commands, v, disc, tx));
            tx.merge_outgoing(v.reply_to, compose::merge_replies);  // one answer per mail
            break;
        case AuthVerdict::Kind::Accept:  // daemon/game_turn.hpp
            tx.mark_seen(v.message_id);
            CK_TRY(
                answer_game_mail(GameDesk{config_, players_, store_, templates_, secret_, games_},
                                 msg, v, commands, disc, tx));
            break;
    }
    auto committed = store_.commit(tx);
    if (!committed)
        return core::unexpected(
            core::from_io(committed.error(), "commit: " + committed.error().message));
    return {};
}

}  // namespace ck::daemon
