// Bench section "mail": player move mails per second through the whole Maildir path of the
// daemon (issue 5 "Speed"): parse, authenticate, referee, commit with fsync, mark done, render and
// deliver every outgoing mail into the outbox Maildir, with every durability step real.
//
// Setup (not timed), in a fresh directory under the system temp dir: a store and Maildir inbox
// and outbox as the embedded default lays them out, 8 registered players, 20 hidden crazykrieg
// games and 4 open crazyhouse games. A shadow rules::Position per game picks a random legal move
// for the side to move (in SAN); the bench's players write one mail per turn to their per-game
// reply address, one mail in five leading with an illegal try. The whole queue is delivered into
// the inbox first. Timed: Daemon::step until the inbox has nothing pending. Templates come from
// $CK_TEMPLATES_DIR, else where every command finds them (core/data_files.hpp); without them the
// section says so and prints no figure.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <random>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "core/data_files.hpp"
#include "core/log.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/reply_address.hpp"
#include "mail/maildir.hpp"
#include "rules/game_status.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/variant.hpp"

namespace ck::cli {
namespace {

namespace fs = std::filesystem;

constexpr int HiddenGames = 20;
constexpr int OpenGames = 4;
constexpr int PliesPerGame = 17;  // (20 + 4) * 17 = 408 mails, fewer when a game ends early
constexpr const char* Secret = "bench-secret-0123456789abcdef";

// The operator log of the timed part is formatted as usual but thrown away.
class NullBuf : public std::streambuf {
protected:
    int overflow(int c) override { return c; }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

struct BenchGame {
    store::GameId id = 0;
    std::string white, black;
    rules::Position pos;
    bool over = false;
};

std::string player_mail(const std::string& from, const std::string& to, const std::string& body,
                        const std::string& message_id, store::GameId game) {
    return "From: Bench Player <" + from + ">\r\nTo: Crazykrieg referee <" + to +
           ">\r\nSubject: Re: [crazykrieg #" + std::to_string(game) +
           "] Your move\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" + message_id +
           ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
           "\r\n\r\nOn Sat, 21 Nov 2026 at 12:00, Crazykrieg referee wrote:\r\n> Your move.\r\n";
}

// A move of the side to move's own piece (not a pawn) in long algebraic that is not legal: a
// try the referee must refuse. "" when none turns up quickly.
std::string illegal_try(const rules::Position& pos, std::mt19937& rng) {
    std::uniform_int_distribution<int> sq(0, 63);
    for (int i = 0; i < 200; ++i) {
        const auto from = static_cast<rules::Square>(sq(rng));
        const auto to = static_cast<rules::Square>(sq(rng));
        const rules::Piece p = pos.piece_on(from);
        if (from == to || !rules::is_piece(p) || rules::color_of(p) != pos.side_to_move() ||
            rules::type_of(p) == rules::PieceType::Pawn)
            continue;
        const std::string text = rules::square_name(from) + rules::square_name(to);
        if (!rules::parse_move(pos, text)) return text;
    }
    return "";
}

void run_mail_bench(std::ostream& out) {
    using Clock = std::chrono::steady_clock;
    const char* env = std::getenv("CK_TEMPLATES_DIR");
    const fs::path templates = core::locate_templates(env ? env : "", "").dir;
    std::error_code ec;
    if (!fs::is_directory(templates, ec)) {
        out << "mail: skipped (no templates directory " << templates.string()
            << "; set CK_TEMPLATES_DIR)\n";
        return;
    }
    const fs::path root =
        fs::temp_directory_path() / ("ck-mail-bench-" + std::to_string(::getpid()));
    fs::remove_all(root, ec);
    struct Cleanup {
        fs::path p;
        ~Cleanup() {
            std::error_code e;
            fs::remove_all(p, e);
        }
    } cleanup{root};

    auto fail = [&](const std::string& what) {
        out << "mail: bench setup failed: " << what << "\n";
    };
    daemon::Config config = daemon::default_config();
    config.store_dir = (root / "games").string();
    config.inbox = (root / "inbox").string();
    config.outbox = (root / "outbox").string();
    config.secret_file = (root / "secret").string();
    fs::create_directories(root, ec);
    for (const auto& dir : {config.inbox, config.outbox}) {
        if (auto ok = mail::ensure_maildir(dir); !ok) return fail(ok.error().message);
    }
    if (auto w = core::write_file_atomic(config.secret_file, std::string(Secret) + "\n", 0600); !w)
        return fail(w.error().message);

    NullBuf null_buf;
    std::ostream null_out(&null_buf);
    core::operator_log().set_stream(null_out);
    struct RestoreLog {
        ~RestoreLog() { core::operator_log().set_stream(std::cerr); }
    } restore_log;

    auto opened = daemon::Daemon::open(config, templates);
    if (!opened) return fail(opened.error());
    daemon::Daemon& d = *opened;
    core::SystemClock clock;
    std::vector<std::string> players;
    for (int i = 0; i < 8; ++i) {
        players.push_back("player" + std::to_string(i) + "@bench.example");
        if (auto added = d.players().add("Player " + std::to_string(i), players.back()); !added)
            return fail("player add");
    }
    std::vector<BenchGame> games;
    for (int g = 0; g < HiddenGames + OpenGames; ++g) {
        const bool hidden = g < HiddenGames;
        daemon::NewGame spec;
        spec.variant = hidden ? "crazykrieg" : "crazyhouse";
        spec.hidden = hidden;
        spec.white = players[g % 8];
        spec.black = players[(g + 1 + g / 8) % 8];
        auto id = d.new_game(spec, clock);
        if (!id) return fail(id.error());
        games.push_back({*id, spec.white, spec.black,
                         rules::Position::startpos(*rules::find_variant("crazyhouse")), false});
    }
    mail::MaildirSource source(config.inbox);
    mail::MaildirSink outbox(config.outbox);
    (void)d.flush(outbox, clock);  // the game-start mails are not part of the figure
    const std::size_t start_mails =
        std::distance(fs::directory_iterator(root / "outbox" / "new"), fs::directory_iterator());

    // The queue: round-robin over the games, one turn each, as players would answer.
    std::mt19937 rng(20261121);
    mail::MaildirSink inbox(config.inbox);
    std::size_t queued = 0, tries = 0;
    for (int ply = 0; ply < PliesPerGame; ++ply) {
        for (auto& g : games) {
            if (g.over) continue;
            rules::MoveList legal;
            rules::generate_legal(g.pos, legal);
            if (legal.empty() || rules::termination(g.pos) != rules::Termination::None) {
                g.over = true;
                continue;
            }
            const rules::Move m =
                legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
            std::string body = rules::to_san(g.pos, m);
            if (queued % 5 == 4) {
                const std::string t = illegal_try(g.pos, rng);
                if (!t.empty()) {
                    body = t + "\r\n" + body;
                    ++tries;
                }
            }
            const rules::Color side = g.pos.side_to_move();
            auto reply = daemon::build_reply_address(config.referee_address, std::to_string(g.id),
                                                     side, Secret);
            if (!reply) return fail(reply.error().message);
            const std::string from = side == rules::Color::White ? g.white : g.black;
            const std::string mid = "bench-" + std::to_string(queued) + "@bench.example";
            if (auto r = inbox.deliver(player_mail(from, *reply, body, mid, g.id)); !r)
                return fail(r.error().message);
            g.pos.make_move(m);
            ++queued;
        }
    }

    const auto cpu_seconds = [] {
        rusage u{};
        ::getrusage(RUSAGE_SELF, &u);
        return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
               (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    };
    const double cpu0 = cpu_seconds();
    const auto t0 = Clock::now();
    std::size_t handled = 0, failed = 0, passes = 0;
    for (;;) {
        auto left = source.list_pending();
        if (!left) return fail(left.error().message);
        if (left->empty()) break;
        if (++passes > 5) return fail("mails left pending after 5 passes");
        const auto report = d.step(source, outbox, clock);
        handled += report.handled;
        failed += report.failed;
    }
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    const double cpu = cpu_seconds() - cpu0;
    const std::size_t sent =
        std::distance(fs::directory_iterator(root / "outbox" / "new"), fs::directory_iterator()) -
        start_mails;
    out << "mail moves: " << static_cast<long>(handled / s) << " mails/s\n";
    out << "mail bench: " << handled << " mails (" << tries << " with an illegal try, " << failed
        << " failed) in " << s << " s (" << cpu << " s CPU), " << sent
        << " mails delivered to the outbox\n";
}

const BenchRegistration breg{{"mail", 40, run_mail_bench}};

}  // namespace
}  // namespace ck::cli
