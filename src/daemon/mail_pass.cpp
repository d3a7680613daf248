#include "daemon/mail_pass.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "core/sha256.hpp"
#include "daemon/auth.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_files.hpp"
#include "daemon/reply_address.hpp"
#include "daemon/time_control.hpp"
#include "mail/message.hpp"
#include "mail/outgoing.hpp"
#include "store/outbox.hpp"

namespace ck::daemon {
namespace {

using rules::Color;

constexpr const char* RefereeName = "Crazykrieg referee";

Color other(Color c) { return c == Color::White ? Color::Black : Color::White; }

store::GameId parse_id(const std::string& s) {
    try {
        return static_cast<store::GameId>(std::stoull(s));
    } catch (...) {
        return 0;
    }
}

struct LoadedGame {
    GameMeta meta;
    std::vector<RequestLine> lines;
};

core::Result<LoadedGame, std::string> load_files(const store::Store& store, store::GameId id) {
    auto ini = store.read_game_file(id, "game.ini");
    if (!ini) return core::unexpected("game " + std::to_string(id) + ": " + ini.error().message);
    auto meta = parse_game_ini(*ini);
    if (!meta) return core::unexpected(meta.error());
    auto log = store.read_game_file(id, "requests.log");
    if (!log) return core::unexpected("game " + std::to_string(id) + ": " + log.error().message);
    auto lines = parse_requests(*log);
    if (!lines) return core::unexpected(lines.error());
    return LoadedGame{std::move(*meta), std::move(*lines)};
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

// Builds envelopes and queues rendered mails into one transaction.
class Mailer {
public:
    Mailer(const Config& config, const Players& players, const std::string& secret,
           store::Transaction& tx)
        : config_(config), players_(players), secret_(secret), tx_(tx) {}

    core::Result<compose::Envelope, std::string> game_envelope(const std::string& game,
                                                               const GameMeta& meta, Color c,
                                                               std::string discriminator) const {
        compose::Envelope env = base(meta.address(c), std::move(discriminator));
        env.game_id = game;
        auto reply = build_reply_address(config_.referee_address, game, c, secret_);
        if (!reply) return core::unexpected(reply.error().message);
        env.reply_to = {RefereeName, *reply};
        const Player* opp = players_.find(meta.address(other(c)));
        env.opponent_name = opp ? opp->name : meta.address(other(c));
        return env;
    }

    compose::Envelope base(const std::string& address, std::string discriminator) const {
        compose::Envelope env;
        env.from = {RefereeName, config_.referee_address};
        const Player* p = players_.find(address);
        env.to = {p ? p->name : std::string(), address};
        env.player_name = p ? p->name : std::string();
        env.date = tx_.now();
        env.discriminator = std::move(discriminator);
        return env;
    }

    core::Result<void, std::string> queue(const compose::MailResult& mail,
                                          const std::string& address) {
        if (!mail) return core::unexpected(mail.error().message);
        tx_.queue_mail(
            store::SpooledMail{config_.referee_address, {address}, mail::render_mime(*mail)});
        return {};
    }

private:
    const Config& config_;
    const Players& players_;
    const std::string& secret_;
    store::Transaction& tx_;
};

#define CK_TRY(expr)                                              \
    do {                                                          \
        auto ck_try_r = (expr);                                   \
        if (!ck_try_r) return core::unexpected(ck_try_r.error()); \
    } while (0)

}  // namespace

core::Result<std::string, std::string> load_or_create_secret(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        unsigned char bytes[32];
        std::ifstream rnd("/dev/urandom", std::ios::binary);
        if (!rnd.read(reinterpret_cast<char*>(bytes), sizeof bytes))
            return core::unexpected(std::string("cannot read /dev/urandom"));
        const std::filesystem::path p(path);
        if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
        auto w = core::write_file_atomic(p, core::to_hex(bytes, sizeof bytes) + "\n", 0600);
        if (!w) return core::unexpected("cannot create " + path + ": " + w.error().message);
        core::operator_log().info("created the server secret " + path);
    }
    auto s = read_secret_file(path, 16);
    if (!s) return core::unexpected(s.error().message);
    return std::move(*s);
}

core::Result<Daemon, std::string> Daemon::open(const Config& config,
                                               const std::filesystem::path& templates_dir) {
    auto secret = load_or_create_secret(config.secret_file);
    if (!secret) return core::unexpected(secret.error());
    auto templates = compose::Templates::load(templates_dir);
    if (!templates) return core::unexpected("templates: " + templates.error().message);
    std::error_code ec;
    std::filesystem::create_directories(config.store_dir, ec);
    auto store = store::Store::open(config.store_dir);
    if (!store) return core::unexpected(store.error().message);
    auto players = Players::load(store->root() / "players");
    if (!players) return core::unexpected(players.error());
    return Daemon(config, std::move(*store), std::move(*players), std::move(*templates),
                  std::move(*secret));
}

void Daemon::flush(mail::MailSink& sink, const core::Clock& clock) {
    store::Outbox outbox(store_);
    auto r = outbox.flush(sink, clock);
    if (!r) core::operator_log().error("outbox flush: " + r.error().message);
}

core::Result<store::GameId, std::string> Daemon::new_game(const NewGame& spec,
                                                          const core::Clock& clock) {
    GameMeta meta;
    meta.hidden = spec.hidden;
    CK_TRY(resolve_variant(spec.variant, meta));
    meta.rules = spec.rules;
    const Player* w = players_.find(spec.white);
    const Player* b = players_.find(spec.black);
    if (!w) return core::unexpected("white " + spec.white + " is not a registered player");
    if (!b) return core::unexpected("black " + spec.black + " is not a registered player");
    if (w == b) return core::unexpected(std::string("white and black must differ"));
    meta.white = w->address;
    meta.black = b->address;
    meta.created = core::format_iso8601(clock.now());
    if (spec.time.empty()) {
        meta.time = format_time_control(config_.default_time);
    } else {
        auto tc = parse_time_control(spec.time);
        if (!tc) return core::unexpected(tc.error().message);
        meta.time = format_time_control(*tc);
    }
    auto game = replay_game(meta, {});
    if (!game) return core::unexpected(game.error());

    const store::GameId id = store_.new_game_id();
    const std::string gid = std::to_string(id);
    store::Transaction tx(clock.now());
    tx.write_game_file(id, "game.ini", format_game_ini(meta));
    tx.write_game_file(id, "requests.log", "");
    Mailer mailer(config_, players_, secret_, tx);
    for (Color c : {Color::White, Color::Black}) {
        auto env = mailer.game_envelope(gid, meta, c, "");
        if (!env) return core::unexpected(env.error());
        CK_TRY(mailer.queue(compose::game_start_mail(templates_, *env, game->view(c), std::nullopt),
                            meta.address(c)));
    }
    auto committed = store_.commit(tx);
    if (!committed) return core::unexpected(committed.error().message);
    core::operator_log().info("game " + gid + " created: " + meta.variant +
                              (meta.hidden ? " hidden" : "") + ", " + meta.white + " - " +
                              meta.black);
    return id;
}

StepReport Daemon::step(mail::MailSource& source, mail::MailSink& sink, const core::Clock& clock,
                        const std::function<bool()>& stop) {
    StepReport report;
    auto pending = source.list_pending();
    if (!pending) {
        core::operator_log().error("mail source: " + pending.error().message);
        return report;
    }
    for (const auto& id : *pending) {
        if (stop && stop()) break;
        auto raw = source.fetch(id);
        if (!raw) {
            core::operator_log().error("fetch " + id + ": " + raw.error().message);
            ++report.failed;
            continue;
        }
        auto handled = handle(*raw, clock);
        if (!handled) {
            core::operator_log().error("message " + id + " left pending: " + handled.error());
            ++report.failed;
            continue;
        }
        auto done = source.mark_done(id);
        if (!done) {
            core::operator_log().error("mark done " + id + ": " + done.error().message);
            ++report.failed;
            continue;
        }
        ++report.handled;
    }
    flush(sink, clock);
    return report;
}

core::Result<void, std::string> Daemon::handle(const std::string& raw, const core::Clock& clock) {
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
        const store::GameId gid = parse_id(game);
        if (gid == 0) return std::nullopt;
        auto ini = store_.read_game_file(gid, "game.ini");
        if (!ini) return std::nullopt;
        auto meta = parse_game_ini(*ini);
        if (!meta) return std::nullopt;
        return meta->address(c);
    };
    ctx.is_player = [this](const std::string& a) { return players_.find(a) != nullptr; };
    ctx.seen = [this](const std::string& mid) { return store_.seen(mid); };
    const AuthVerdict v = authorize(msg, raw, ctx);

    store::Transaction tx(clock.now());
    Mailer mailer(config_, players_, secret_, tx);
    const std::string disc = core::sha256_hex(v.message_id).substr(0, 10);

    switch (v.kind) {
        case AuthVerdict::Kind::DropAutomatic:
            log.info("automatic mail from " + msg.from_address + " dropped: " + v.detail);
            tx.mark_seen(v.message_id);
            break;
        case AuthVerdict::Kind::Replayed:
            log.info("replayed Message-ID " + v.message_id + " ignored");
            return {};
        case AuthVerdict::Kind::UnknownSender:
            // This slice never answers unknown senders (mail.md allows "or none").
            log.info("mail from unknown sender " + msg.from_address + " ignored: " + v.detail);
            tx.mark_seen(v.message_id);
            break;
        case AuthVerdict::Kind::ClubMail:
        case AuthVerdict::Kind::RefuseKnownPlayer: {
            // Only to the registered address; no game view (the mail did not prove a game).
            log.info("mail from " + msg.from_address + " not acted on: " + v.detail);
            tx.mark_seen(v.message_id);
            auto env = mailer.base(v.reply_to, disc);
            compose::HelpDetails help{config_.referee_address};
            CK_TRY(mailer.queue(compose::help_mail(templates_, env, nullptr, help), v.reply_to));
            break;
        }
        case AuthVerdict::Kind::Accept: {
            const store::GameId gid = parse_id(v.game);
            auto files = load_files(store_, gid);
            if (!files) return core::unexpected(files.error());
            auto game = replay_game(files->meta, files->lines);
            if (!game) return core::unexpected(game.error());
            const GameMeta& meta = files->meta;
            const Color me = v.colour;
            tx.mark_seen(v.message_id);

            const auto commands = parse_commands(msg.body_text);
            const auto env_for = [&](Color c, const std::string& d) {
                return mailer.game_envelope(v.game, meta, c, d);
            };
            const auto refuse =
                [&](compose::RefusalReason reason) -> core::Result<void, std::string> {
                auto env = env_for(me, disc);
                if (!env) return core::unexpected(env.error());
                compose::RefusalDetails d{reason, split_lines(msg.body_text)};
                return mailer.queue(compose::refusal_mail(templates_, *env, game->view(me), d),
                                    meta.address(me));
            };

            if (commands.empty()) {
                CK_TRY(refuse(compose::RefusalReason::NothingFound));
                break;
            }
            const auto view0 = game->view(me);
            if (auto stale = check_move_numbers(commands, view0.move_number, game->side_to_move());
                !stale) {
                log.info("game " + v.game + ": stale mail (move " +
                         std::to_string(stale.error().written) + ", now " +
                         std::to_string(stale.error().expected) + ")");
                CK_TRY(refuse(compose::RefusalReason::Stale));
                break;
            }

            std::vector<RequestLine> added;
            std::vector<std::string> unknown;
            bool not_turn = false, over_before = game->over(), game_cmd = false;
            bool want_board = false, want_help = false, turn_done = false;
            for (const auto& cmd : commands) {
                switch (cmd.kind) {
                    case Command::Kind::Move:
                    case Command::Kind::AnyQuery:
                    case Command::Kind::Resign: {
                        game_cmd = true;
                        if (game->over() || turn_done) break;  // later tries are not needed
                        if (game->side_to_move() != me) {
                            not_turn = true;
                            break;
                        }
                        const std::string text = cmd.kind == Command::Kind::Move       ? cmd.text
                                                 : cmd.kind == Command::Kind::AnyQuery ? "any?"
                                                                                       : "resign";
                        const auto r = game->request(text);
                        if (r.answer == referee::Answer::Error) {
                            log.info("game " + v.game + ": '" + text + "': " + r.error);
                            unknown.push_back(cmd.text);
                            break;
                        }
                        added.emplace_back(me, text);
                        if (game->over() || game->side_to_move() != me) turn_done = true;
                        break;
                    }
                    case Command::Kind::Board:
                        want_board = true;
                        break;
                    case Command::Kind::Help:
                        want_help = true;
                        break;
                    default:
                        unknown.push_back(cmd.kind == Command::Kind::Unknown ? cmd.text : cmd.text);
                        break;
                }
            }

            if (over_before && game_cmd)
                CK_TRY(refuse(compose::RefusalReason::GameOver));
            else if (not_turn && added.empty())
                CK_TRY(refuse(compose::RefusalReason::NotYourTurn));

            if (!added.empty()) {
                std::vector<RequestLine> all = files->lines;
                all.insert(all.end(), added.begin(), added.end());
                tx.write_game_file(gid, "requests.log", format_requests(all));
                const std::string d = "r" + std::to_string(all.size());
                for (Color c : {me, other(me)}) {
                    auto env = env_for(c, d);
                    if (!env) return core::unexpected(env.error());
                    if (game->over()) {
                        CK_TRY(mailer.queue(compose::game_end_mail(templates_, *env, game->view(c),
                                                                   compose::GameEndDetails{}),
                                            meta.address(c)));
                    } else {
                        CK_TRY(mailer.queue(compose::turn_mail(templates_, *env, game->view(c),
                                                               compose::TurnDetails{}),
                                            meta.address(c)));
                    }
                }
                log.info("game " + v.game + ": " + std::to_string(added.size()) +
                         " request(s) ruled" +
                         (game->over() ? ", game over " + *game->result() : std::string()));
            } else if (want_board) {
                auto env = env_for(me, disc);
                if (!env) return core::unexpected(env.error());
                CK_TRY(mailer.queue(
                    compose::turn_mail(templates_, *env, game->view(me), compose::TurnDetails{}),
                    meta.address(me)));
            }
            const auto view = game->view(me);
            compose::HelpDetails help{config_.referee_address};
            if (want_help) {
                auto env = env_for(me, disc + "h");
                if (!env) return core::unexpected(env.error());
                CK_TRY(mailer.queue(compose::help_mail(templates_, *env, &view, help),
                                    meta.address(me)));
            }
            for (std::size_t i = 0; i < unknown.size(); ++i) {
                auto env = env_for(me, disc + "u" + std::to_string(i));
                if (!env) return core::unexpected(env.error());
                CK_TRY(mailer.queue(
                    compose::unknown_command_mail(templates_, *env, &view,
                                                  compose::UnknownCommandDetails{unknown[i]}, help),
                    meta.address(me)));
            }
            break;
        }
    }
    auto committed = store_.commit(tx);
    if (!committed) return core::unexpected("commit: " + committed.error().message);
    return {};
}

core::Result<std::string, std::string> show_game(store::Store& store, store::GameId id,
                                                 const std::string& as) {
    auto files = load_files(store, id);
    if (!files) return core::unexpected(files.error());
    auto game = replay_game(files->meta, files->lines);
    if (!game) return core::unexpected(game.error());
    std::ostringstream out;
    const auto& m = files->meta;
    out << "game " << id << ": " << m.variant << (m.hidden ? " (hidden)" : "") << ", rules "
        << m.rules << ", time " << m.time << "\n";
    out << "white: " << m.white << "\nblack: " << m.black << "\ncreated: " << m.created << "\n";
    out << "result: " << (game->result() ? *game->result() : std::string("*")) << "\n";
    out << "to move: " << (game->side_to_move() == Color::White ? "white" : "black") << "\n";
    const auto print_view = [&](Color c) {
        const auto view = game->view(c);
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
    if (as == "white") {
        print_view(Color::White);
    } else if (as == "black") {
        print_view(Color::Black);
    } else if (as == "referee") {
        // The true FEN needs a referee::TruePositionKey, which the daemon cannot make yet; both
        // views together with the request log give the operator the whole game.
        print_view(Color::White);
        print_view(Color::Black);
        out << "requests:\n" << format_requests(files->lines);
    } else {
        return core::unexpected("--as must be white, black or referee");
    }
    return out.str();
}

}  // namespace ck::daemon
