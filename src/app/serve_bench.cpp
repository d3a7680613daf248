// Bench section "serve" (README "Benchmarks"): move mails per second into games at ply 300
// against games at ply 10 through a real `serve` process (this binary, started as a child) with
// its store on disk (the system temp dir; TMPDIR chooses another). The goal is a ply-300 rate
// within 20% of the ply-10 rate: `serve` keeps its games (league/game_repository.hpp), so a move
// mail costs what its own ruling and files cost, not a replay of the game.
//
// Setup (not timed): a store with 16 players and 4 + 4 hidden crazykrieg games, each between its
// own two players. A shadow rules::Position per game picks random legal moves (mailed in
// coordinates) for a line that lasts its length without ending; the moves up to ply 300 (or 10)
// are played in-process through the daemon's mail path, and that daemon is closed. Then
// `serve --poll 1` starts; one move mail per game is handled first (serve's first touch of a game
// replays it once), then 8 plies of each game (so that serve's buffers have grown to a group of
// each length): neither is timed. The 64 timed plies of each game follow in blocks of 16 plies,
// each block's 64 mails delivered at once (one full group of a pass), in the order ply-300,
// ply-10, ply-10, ply-300 games, twice, so that a drift over the run weighs on both figures
// alike. The figure is the mails over the wall time
// of the passes that handled them, as serve's own pass summary reports it (`; T ms`), which also
// tells how many games those passes replayed (none is the goal), and serve's CPU time per mail
// (from /proc), steadier than the wall clock on a shared machine. CK_BENCH_SERVE=BINARY runs
// another build as serve (the store is set up by this one); CK_BENCH_SERVE_WAIT=SECONDS waits
// longer for a phase than 60 s (a serve under callgrind).
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/bench_section.hpp"
#include "app/bench_support.hpp"
#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "core/data_files.hpp"
#include "core/log.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/reply_address.hpp"
#include "league/config.hpp"
#include "mail/maildir.hpp"
#include "rules/game_status.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/variant.hpp"

namespace ck::app {
namespace {

namespace fs = std::filesystem;

constexpr int GamesPerLength = 4;
constexpr int WarmPlies = 8;    // per game, after serve's first touch: untimed (see the top)
constexpr int BlockPlies = 16;  // per game and timed block: 64 mails, one full group of a pass
constexpr int TimedPlies = 4 * BlockPlies;  // per game: 256 timed mails per figure
constexpr int LongPlies = 300;
constexpr int ShortPlies = 10;
constexpr const char* Secret = "serve-bench-secret-0123456789abcdef";

struct LineGame {
    std::optional<store::GameId> id;  // once created
    std::string white, black;
    // In coordinates (rules::to_uci), from the start: SAN from the true position can be
    // ambiguous to a hidden game's player ("several of your pieces can make that move"), which
    // refused the mail and left the game's later mails out of turn.
    std::vector<std::string> moves;
};

// A random line of `plies` legal crazyhouse moves that does not end the game, or empty.
std::vector<std::string> random_line(int plies, std::mt19937& rng) {
    for (int attempt = 0; attempt < 5000; ++attempt) {
        auto pos = rules::Position::startpos(*rules::find_variant("crazyhouse"));
        std::vector<std::string> line;
        for (int ply = 0; ply < plies; ++ply) {
            rules::MoveList legal;
            rules::generate_legal(pos, legal);
            if (legal.empty()) break;
            const rules::Move m =
                legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
            line.push_back(rules::to_uci(m));
            pos.make_move(m);
            if (rules::termination(pos) != rules::Termination::None) break;
        }
        if (static_cast<int>(line.size()) == plies &&
            rules::termination(pos) == rules::Termination::None)
            return line;
    }
    return {};
}

std::string move_mail(const LineGame& g, std::size_t ply, const std::string& tag) {
    const rules::Color side = ply % 2 == 0 ? rules::Color::White : rules::Color::Black;
    auto reply = daemon::build_reply_address("referee@club.example", *g.id, side, Secret);
    const std::string from = side == rules::Color::White ? g.white : g.black;
    return player_mail(from, reply ? *reply : std::string(), g.moves[ply],
                       tag + "-" + to_string(*g.id) + "-" + std::to_string(ply) + "@bench.example",
                       *g.id);
}

// Delivers the mails of plies [from, to) of every game, ply by ply across the games.
core::Result<std::size_t, std::string> deliver_plies(mail::MaildirSink& inbox,
                                                     const std::vector<LineGame>& games,
                                                     std::size_t from, std::size_t to,
                                                     const std::string& tag) {
    std::size_t n = 0;
    for (std::size_t ply = from; ply < to; ++ply)
        for (const LineGame& g : games) {
            if (auto put = inbox.deliver(move_mail(g, ply, tag)); !put)
                return core::unexpected(put.error().message);
            ++n;
        }
    return n;
}

// The CPU seconds (user + system) process `pid` used so far: from /proc/PID/schedstat, in
// nanoseconds, or else from /proc/PID/stat, in clock ticks (10 ms, 0.06 ms a mail over a
// phase); 0 if unknown. On a shared machine the CPU per mail is steadier than the wall time.
double cpu_seconds_of(pid_t pid) {
    const std::string proc = "/proc/" + std::to_string(pid);
    if (std::ifstream sched(proc + "/schedstat"); sched) {
        unsigned long long ns = 0;
        if (sched >> ns && ns > 0) return static_cast<double>(ns) / 1e9;
    }
    std::ifstream in(proc + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string f;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {  // fields 14 and 15: utime, stime
        if (i == 14) utime = std::stoull(f);
        if (i == 15) stime = std::stoull(f);
    }
    return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// serve's pass summaries so far: handled, replays, milliseconds.
struct Pass {
    long handled = 0, replays = 0, ms = 0;
    double cpu = 0;  // serve's CPU seconds over the phase (phase() fills it in)
};
std::vector<Pass> passes(const fs::path& log) {
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    static const std::regex line(
        R"(mail pass: (\d+) handled, \d+ left[^\n]*?, (\d+) game\(s\) replayed[^\n]*; (\d+) ms)");
    std::vector<Pass> out;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), line); it != std::sregex_iterator();
         ++it)
        out.push_back({std::stol((*it)[1]), std::stol((*it)[2]), std::stol((*it)[3])});
    return out;
}

// How long a phase may take: 60 s, or CK_BENCH_SERVE_WAIT seconds (a serve run under
// callgrind through CK_BENCH_SERVE takes minutes).
long wait_seconds() {
    const char* v = std::getenv("CK_BENCH_SERVE_WAIT");
    const long s = v ? std::atol(v) : 0;
    return s > 0 ? s : 60;
}

// The passes after the first `seen` until they have handled `mails` (wait_seconds at most).
core::Result<Pass, std::string> wait_handled(const fs::path& log, std::size_t seen, long mails,
                                             pid_t serve) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(wait_seconds());
    while (std::chrono::steady_clock::now() < deadline) {
        const auto all = passes(log);
        Pass sum;
        for (std::size_t i = seen; i < all.size(); ++i) {
            sum.handled += all[i].handled;
            sum.replays += all[i].replays;
            sum.ms += all[i].ms;
        }
        if (sum.handled >= mails) return sum;
        int status = 0;
        if (::waitpid(serve, &status, WNOHANG) == serve)
            return core::unexpected(std::string("serve exited (see its log)"));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return core::unexpected("serve did not handle " + std::to_string(mails) + " mails in " +
                            std::to_string(wait_seconds()) + " s");
}

void run_serve_bench(std::ostream& out) {
    const auto found = bench_templates(out, "serve");
    if (!found) return;
    const fs::path& templates = *found;
    std::error_code ec;
    // CK_BENCH_SERVE: another build's binary to run as serve (to compare builds in the same
    // minutes on a shared machine); this binary by default.
    const char* other = std::getenv("CK_BENCH_SERVE");
    const fs::path self =
        other && *other ? fs::path(other) : fs::read_symlink("/proc/self/exe", ec);
    if (ec) {
        out << "serve: skipped (cannot find this binary: " << ec.message() << ")\n";
        return;
    }
    const ScratchDir scratch("serve-bench");
    const fs::path& root = scratch.path();
    const auto fail = [&](const std::string& what) {
        out << "serve: bench failed: " << what << "\n";
    };

    fs::create_directories(root / "var", ec);
    const fs::path conf = root / "serve.conf";
    {
        std::ofstream c(conf);
        c << "[store]\ndir = " << (root / "var" / "games").string()
          << "\n[mail]\ninbox = " << (root / "var" / "inbox").string()
          << "\noutbox = " << (root / "var" / "outbox").string()
          << "\nsecret_file = " << (root / "var" / "secret").string()
          << "\nreferee_address = referee@club.example\n";
    }
    auto config = league::load_config_file(conf.string());
    if (!config) return fail(config.error().message);
    for (const auto& dir : {config->inbox, config->outbox})
        if (auto ok = mail::ensure_maildir(dir); !ok) return fail(ok.error().message);
    if (auto w = core::write_file_atomic(config->secret_file, std::string(Secret) + "\n", 0600); !w)
        return fail(w.error().message);

    // The lines (not timed): each long enough for the warm-up ply and the timed plies.
    std::mt19937 rng(20261127);
    std::vector<LineGame> long_games, short_games;
    for (int i = 0; i < 2 * GamesPerLength; ++i) {
        const bool is_long = i < GamesPerLength;
        LineGame g;
        g.white = "player" + std::to_string(2 * i) + "@bench.example";
        g.black = "player" + std::to_string(2 * i + 1) + "@bench.example";
        g.moves = random_line((is_long ? LongPlies : ShortPlies) + 1 + WarmPlies + TimedPlies, rng);
        if (g.moves.empty()) return fail("no random line lasted long enough");
        (is_long ? long_games : short_games).push_back(std::move(g));
    }

    // In-process: the players, the games, and their moves up to ply 300 or 10.
    {
        const QuietLog quiet;
        auto opened = daemon::Daemon::open(*config, templates);
        if (!opened) return fail(opened.error().detail);
        daemon::Daemon& d = *opened;
        core::SystemClock clock;
        for (auto* games : {&long_games, &short_games})
            for (LineGame& g : *games) {
                for (const auto& a : {g.white, g.black})
                    if (auto added = d.add_player("Player " + a.substr(0, a.find('@')), a); !added)
                        return fail(added.error().detail);
                daemon::NewGame spec;
                spec.variant = "crazykrieg";
                spec.hidden = true;
                spec.white = g.white;
                spec.black = g.black;
                auto id = d.new_game(spec, clock);
                if (!id) return fail(id.error().detail);
                g.id = *id;
            }
        mail::MaildirSink inbox(config->inbox);
        if (auto n = deliver_plies(inbox, long_games, 0, LongPlies, "setup"); !n)
            return fail(n.error());
        if (auto n = deliver_plies(inbox, short_games, 0, ShortPlies, "setup"); !n)
            return fail(n.error());
        mail::MaildirSource source(config->inbox);
        mail::MaildirSink outbox(config->outbox);
        for (;;) {
            const auto report = d.step(source, outbox, clock);
            if (!report.error.empty()) return fail(report.error);
            if (report.failed > 0) return fail("a setup mail was not handled");
            if (report.handled == 0) break;
        }
    }

    // The real serve, its log in a file.
    const fs::path log = root / "serve.log";
    const pid_t serve = ::fork();
    if (serve < 0) return fail("fork failed");
    if (serve == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            ::dup2(fd, 1);
            ::dup2(fd, 2);
        }
        ::execl(self.c_str(), "crazykrieg", "serve", "--config", conf.c_str(), "--templates",
                templates.c_str(), "--poll", "1", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    struct StopServe {
        pid_t pid;
        ~StopServe() {
            ::kill(pid, SIGTERM);
            int status = 0;
            ::waitpid(pid, &status, 0);
        }
    } stop_serve{serve};

    mail::MaildirSink inbox(config->inbox);
    const auto phase = [&](const std::vector<LineGame>& games, std::size_t from, std::size_t to,
                           const std::string& tag) -> core::Result<Pass, std::string> {
        const std::size_t seen = passes(log).size();
        const double cpu0 = cpu_seconds_of(serve);
        auto n = deliver_plies(inbox, games, from, to, tag);
        if (!n) return core::unexpected(n.error());
        auto done = wait_handled(log, seen, static_cast<long>(*n), serve);
        if (done) done->cpu = cpu_seconds_of(serve) - cpu0;
        return done;
    };
    // serve's first touch of each game: replayed once, not timed.
    auto warm_long = phase(long_games, LongPlies, LongPlies + 1, "warm");
    if (!warm_long) return fail(warm_long.error());
    auto warm_short = phase(short_games, ShortPlies, ShortPlies + 1, "warm");
    if (!warm_short) return fail(warm_short.error());
    // WarmPlies more of each length, not timed: serve's buffers grow to a group of each.
    constexpr int Timed0 = 1 + WarmPlies;
    for (auto* games : {&long_games, &short_games}) {
        const std::size_t at = games == &long_games ? LongPlies : ShortPlies;
        if (auto settled = phase(*games, at + 1, at + Timed0, "settle"); !settled)
            return fail(settled.error());
    }
    // The timed blocks in the order long, short, short, long, long, short, short, long: a drift
    // over the run (the disk's writeback of the setup's files; ext4 without a journal looks at
    // every inode freed in the last half minute when it makes a file; a shared machine's CPU)
    // weighs on both figures alike.
    Pass late, early;
    const auto block = [&](bool is_long, int which) -> core::Result<void, std::string> {
        const std::size_t at = (is_long ? LongPlies : ShortPlies) + Timed0 + which * BlockPlies;
        auto done = phase(is_long ? long_games : short_games, at, at + BlockPlies, "timed");
        if (!done) return core::unexpected(done.error());
        Pass& sum = is_long ? late : early;
        sum.handled += done->handled;
        sum.replays += done->replays;
        sum.ms += done->ms;
        sum.cpu += done->cpu;
        return {};
    };
    int long_blocks = 0, short_blocks = 0;
    for (int round = 0; round < 2; ++round)
        for (const bool is_long : {true, false, false, true})
            if (auto done = block(is_long, is_long ? long_blocks++ : short_blocks++); !done)
                return fail(done.error());
    const auto rate = [](const Pass& p) {
        return p.ms > 0 ? 1000.0 * static_cast<double>(p.handled) / static_cast<double>(p.ms) : 0.0;
    };
    out << "serve moves into a game: " << static_cast<long>(rate(late)) << " mails/s at ply "
        << LongPlies << ", " << static_cast<long>(rate(early)) << " mails/s at ply " << ShortPlies
        << " (" << (rate(early) > 0 ? rate(late) / rate(early) : 0.0) << "), "
        << late.replays + early.replays << " replays in " << late.handled + early.handled
        << " timed mails (" << warm_long->replays + warm_short->replays
        << " at serve's first touch of the " << 2 * GamesPerLength << " games)\n";
    const auto cpu_ms = [](const Pass& p) {
        return p.handled > 0 ? 1000.0 * p.cpu / static_cast<double>(p.handled) : 0.0;
    };
    out << "serve CPU per move mail: " << cpu_ms(late) << " ms at ply " << LongPlies << ", "
        << cpu_ms(early) << " ms at ply " << ShortPlies << " ("
        << (cpu_ms(late) > 0 ? cpu_ms(early) / cpu_ms(late) : 0.0)
        << " as a rate ratio; wall clock aside)\n";
}

const BenchRegistration breg{{"serve", 45, run_serve_bench}};

}  // namespace
}  // namespace ck::app
