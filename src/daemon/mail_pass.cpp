#include "daemon/mail_pass.hpp"
#include "daemon/club_migration.hpp"
#include "daemon/deadline_index.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "compose/reply_sections.hpp"
#include "core/atomic_file.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "daemon/auth.hpp"
#include "daemon/challenges.hpp"
#include "daemon/club_mail.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_clock.hpp"
#include "daemon/game_files.hpp"
#include "daemon/game_turn.hpp"
#include "daemon/ratings.hpp"
#include "daemon/receipt_line.hpp"
#include "daemon/reply_address.hpp"
#include "daemon/time_control.hpp"
#include "daemon/tournament_entries.hpp"
#include "daemon/unknown_sender.hpp"
#include "mail/message.hpp"
#include "mail/outgoing.hpp"
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

core::Result<store::GameId, core::Error> Daemon::new_game(const NewGame& spec,
                                                          const core::Clock& clock) {
    store::Transaction tx(clock.now());
    auto id = stage_game(spec, tx);
    if (!id) return id;
    auto committed = store_.commit(tx);
    if (!committed)
        return core::unexpected(core::from_io(committed.error(), committed.error().message));
    return id;
}

core::Result<store::GameId, core::Error> Daemon::stage_game(const NewGame& spec,
                                                            store::Transaction& tx) {
    GameMeta meta;
    meta.hidden = spec.hidden;
    if (auto v = resolve_variant(spec.variant, meta); !v)
        return core::unexpected(core::invalid_error(v.error()));
    auto rules = resolve_rule_set(spec.rules, meta.hidden);
    if (!rules) return core::unexpected(core::invalid_error(rules.error()));
    meta.rules = *rules;
    const Player* w = players_.find(spec.white);
    const Player* b = players_.find(spec.black);
    if (!w)
        return core::unexpected(
            core::invalid_error("white " + spec.white + " is not a registered player"));
    if (!b)
        return core::unexpected(
            core::invalid_error("black " + spec.black + " is not a registered player"));
    if (w == b) return core::unexpected(core::invalid_error("white and black must differ"));
    meta.white = w->address;
    meta.black = b->address;
    meta.created = core::format_iso8601(tx.now());
    meta.rated = spec.rated.value_or(config_.rated);
    if (spec.time.empty()) {
        meta.time = format_time_control(config_.default_time);
    } else {
        auto tc = parse_time_control(spec.time);
        if (!tc) return core::unexpected(core::invalid_error(tc.error().message));
        meta.time = format_time_control(*tc);
    }
    const store::GameId id = store_.new_game_id();
    const std::string gid = std::to_string(id);
    RecordTags tags;
    tags.event = spec.event.empty() ? "Crazykrieg game " + gid : spec.event;
    tags.round = spec.round;
    tags.site = config_.referee_address;
    tags.white_name = w->name;
    tags.black_name = b->name;
    if (auto tc = parse_time_control(meta.time)) tags.time_control = pgn_time_control(*tc);
    auto game = start_game(meta, tags);
    if (!game) return core::unexpected(game.error());

    CK_TRY(games_.save(tx, id, *game));
    // White's clock starts with the game-start mail (game_clock.hpp).
    std::optional<compose::Deadline> first_deadline;
    if (auto tc = clock_control(meta); tc) {
        save_clock(tx, id, initial_clock(*tc, *core::parse_iso8601(meta.created)));
        auto at = game_deadline(store_, id, *game, &tx);
        if (at && *at) {
            first_deadline = compose::Deadline{**at};
            index_deadline(store_, tx, id, **at);  // daemon/deadline_index.hpp
        }
    }
    const GameDesk desk{config_, players_, store_, templates_, secret_, games_};
    auto rating_lines = start_rating_lines(store_, players_, meta, &tx);
    if (!rating_lines) return core::unexpected(rating_lines.error());
    for (Color c : {Color::White, Color::Black}) {
        auto env = game_envelope(desk, gid, meta, c, "", tx);
        if (!env) return core::unexpected(env.error());
        env->ratings = *rating_lines;
        add_receipt(*env, *game);  // receipt_line.hpp
        auto mail = compose::game_start_mail(templates_, *env, game->game.view(c),
                                             c == Color::White ? first_deadline : std::nullopt);
        if (!mail) return core::unexpected(core::invalid_error(mail.error().message));
        tx.queue_outgoing(config_.referee_address, meta.address(c), std::move(*mail));
    }
    core::operator_log().info("game " + gid + " created: " + meta.variant +
                              (meta.hidden ? " hidden" : "") + ", " + meta.white + " - " +
                              meta.black);
    return id;
}

StepReport Daemon::step(mail::MailSource& source, mail::MailSink& sink, const core::Clock& clock,
                        const std::function<bool()>& stop) {
    StepReport report;
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

core::Result<std::string, std::string> show_game(store::Store& store, store::GameId id,
                                                 const std::string& as) {
    if (as != "white" && as != "black" && as != "referee")
        return core::unexpected(std::string("--as must be white, black or referee"));
    auto loaded = load_game(store, id);
    if (!loaded) return core::unexpected(loaded.error().detail);
    const referee::Game& game = loaded->game;
    std::ostringstream out;
    const auto& m = loaded->meta;
    out << "game " << id << ": " << m.variant << (m.hidden ? " (hidden)" : "") << ", rules "
        << m.rules << ", time " << m.time << "\n";
    out << "white: " << m.white << "\nblack: " << m.black << "\ncreated: " << m.created << "\n";
    out << "result: " << game.result().value_or("*") << "\n";
    out << "to move: " << (game.side_to_move() == Color::White ? "white" : "black") << "\n";
    if (m.draw_offer)
        out << "draw offered by: " << (*m.draw_offer == Color::White ? "white" : "black") << "\n";
    const auto print_view = [&](Color c) {
        const auto view = game.view(c);
        out << (c == Color::White ? "white" : "black") << " view: " << view.board_text() << "\n";
        out << "heard:\n";
        for (const auto& a : view.heard) {
            out << "  " << referee::announcement_type_name(a.type);
            for (const auto* f : {&a.move, &a.answer, &a.attempt, &a.piece, &a.square, &a.placed,
                                  &a.direction, &a.result, &a.reason})
                if (!f->empty()) out << " " << *f;
            out << "\n";
        }
    };
    if (as == "referee") {
        // The operator sees everything: the true position (from the record's moves) and both
        // views; `game pgn ID` prints the whole record.
        auto fen = true_fen(*loaded);
        if (!fen) return core::unexpected(fen.error());
        out << "fen: " << *fen << "\n";
        print_view(Color::White);
        print_view(Color::Black);
    } else {
        print_view(as == "white" ? Color::White : Color::Black);
    }
    return out.str();
}

}  // namespace ck::daemon
