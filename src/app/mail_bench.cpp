// Bench section "mail": player move mails per second through the whole Maildir path of the
// daemon (docs/mail-protocol.md: "Speed"): parse, authenticate, referee, commit with fsync, mark
// done, render and deliver every outgoing mail into the outbox Maildir, with every durability step
// real.
//
// Setup (not timed), in a fresh directory under the system temp dir: a store and Maildir inbox
// and outbox as the embedded default lays them out, 8 registered players, 20 hidden crazykrieg
// games and 4 open crazyhouse games. A shadow rules::Position per game picks a random legal move
// for the side to move (in SAN); the bench's players write one mail per turn to their per-game
// reply address, one mail in five leading with an illegal try. The whole queue is delivered into
// the inbox first (after the first 24, which are handled one per pass for the sync figures).
// Timed: Daemon::step until the inbox has nothing pending. Templates come from
// $CK_TEMPLATES_DIR, else where every command finds them (core/data_files.hpp); without them the
// section says so and prints no figure.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include "app/bench_section.hpp"
#include "app/bench_support.hpp"
#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "core/data_files.hpp"
#include "core/log.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/reply_address.hpp"
#include "daemon/tournaments.hpp"
#include "mail/maildir.hpp"
#include "rules/game_status.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/variant.hpp"
#include "site/site.hpp"

namespace ck::app {
namespace {

namespace fs = std::filesystem;

constexpr int HiddenGames = 20;
constexpr int OpenGames = 4;
constexpr int PliesPerGame = 17;  // (20 + 4) * 17 = 408 mails, fewer when a game ends early
constexpr const char* Secret = "bench-secret-0123456789abcdef";

struct BenchGame {
    store::GameId id;
    std::string white, black;
    rules::Position pos;
    bool over = false;
};

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
    const auto found = bench_templates(out, "mail");
    if (!found) return;
    const fs::path& templates = *found;
    std::error_code ec;
    const ScratchDir scratch("mail-bench");
    const fs::path& root = scratch.path();

    auto fail = [&](const std::string& what) {
        out << "mail: bench setup failed: " << what << "\n";
    };
    league::Config config = league::default_config();
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

    const QuietLog quiet;

    auto opened = daemon::Daemon::open(config, templates);
    if (!opened) return fail(opened.error().detail);
    daemon::Daemon& d = *opened;
    core::SystemClock clock;
    std::vector<std::string> players;
    for (int i = 0; i < 8; ++i) {
        players.push_back("player" + std::to_string(i) + "@bench.example");
        if (auto added = d.add_player("Player " + std::to_string(i), players.back()); !added)
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
        if (!id) return fail(id.error().detail);
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
    std::vector<std::string> queue;
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
            auto reply = daemon::build_reply_address(config.referee_address, g.id, side, Secret);
            if (!reply) return fail(reply.error().message);
            const std::string from = side == rules::Color::White ? g.white : g.black;
            const std::string mid = "bench-" + std::to_string(queued) + "@bench.example";
            queue.push_back(player_mail(from, *reply, body, mid, g.id));
            g.pos.make_move(m);
            ++queued;
        }
    }

    // Syncs as `serve` makes them with one mail per pass (untimed): the first turn of every
    // game, each mail delivered alone and handled by a pass of its own (README "Store: sync
    // budget"). The rest of the queue is delivered at once for the timed figure.
    const std::size_t single = std::min<std::size_t>(games.size(), queue.size());
    const core::SyncCounts single0 = core::sync_counts();
    for (std::size_t i = 0; i < single; ++i) {
        if (auto r = inbox.deliver(queue[i]); !r) return fail(r.error().message);
        const auto report = d.step(source, outbox, clock);
        if (report.handled != 1) return fail("a single-mail pass did not handle its mail");
    }
    const core::SyncCounts single1 = core::sync_counts();
    for (std::size_t i = single; i < queue.size(); ++i) {
        if (auto r = inbox.deliver(queue[i]); !r) return fail(r.error().message);
    }

    const auto cpu_seconds = [] {
        rusage u{};
        ::getrusage(RUSAGE_SELF, &u);
        return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
               (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    };
    const double cpu0 = cpu_seconds();
    const core::SyncCounts syncs0 = core::sync_counts();
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
    const core::SyncCounts syncs1 = core::sync_counts();
    const std::size_t sent =
        std::distance(fs::directory_iterator(root / "outbox" / "new"), fs::directory_iterator()) -
        start_mails;
    out << "mail moves: " << static_cast<long>(handled / s) << " mails/s\n";
    out << "mail bench: " << handled << " mails (" << tries << " with an illegal try, " << failed
        << " failed) in " << s << " s (" << cpu << " s CPU), " << sent
        << " mails delivered to the outbox\n";
    const auto per_mail = [](std::uint64_t n, std::size_t mails) {
        return mails == 0 ? 0.0 : static_cast<double>(n) / static_cast<double>(mails);
    };
    out << "mail syncs, one mail per pass: " << per_mail(single1.fsync - single0.fsync, single)
        << " fsync + " << per_mail(single1.syncfs - single0.syncfs, single) << " syncfs per mail ("
        << single << " passes)\n";
    out << "mail syncs, queued mails: " << per_mail(syncs1.fsync - syncs0.fsync, handled)
        << " fsync + " << per_mail(syncs1.syncfs - syncs0.syncfs, handled) << " syncfs per mail ("
        << handled << " mails in " << passes << " passes)\n";
}

// --- the cost of the store's size (README "Benchmarks") ---

// A daemon on a fresh directory under the temp dir, as the embedded default lays it out.
struct BenchClub {
    fs::path root;
    league::Config config;
    std::optional<daemon::Daemon> d;
    ~BenchClub() {
        d.reset();
        std::error_code e;
        fs::remove_all(root, e);
    }
};

core::Result<void, std::string> open_club(BenchClub& c, const std::string& name,
                                          const fs::path& templates) {
    c.root = fs::temp_directory_path() / ("ck-" + name + "-" + std::to_string(::getpid()));
    std::error_code ec;
    fs::remove_all(c.root, ec);
    c.config = league::default_config();
    c.config.store_dir = (c.root / "games").string();
    c.config.inbox = (c.root / "inbox").string();
    c.config.outbox = (c.root / "outbox").string();
    c.config.secret_file = (c.root / "secret").string();
    fs::create_directories(c.root, ec);
    for (const auto& dir : {c.config.inbox, c.config.outbox})
        if (auto ok = mail::ensure_maildir(dir); !ok) return core::unexpected(ok.error().message);
    if (auto w = core::write_file_atomic(c.config.secret_file, std::string(Secret) + "\n", 0600);
        !w)
        return core::unexpected(w.error().message);
    auto opened = daemon::Daemon::open(c.config, templates);
    if (!opened) return core::unexpected(opened.error().detail);
    c.d.emplace(std::move(*opened));
    return {};
}

// Seconds of the fastest of `runs` idle passes as a running `serve` makes them: one step of its
// long-lived daemon over an empty inbox (the first, untimed, warms it as serve's first pass).
core::Result<double, std::string> idle_pass(BenchClub& c, int runs) {
    double best = 1e9;
    mail::MaildirSource source(c.config.inbox);
    mail::MaildirSink outbox(c.config.outbox);
    core::SystemClock clock;
    for (int i = 0; i <= runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const auto report = c.d->step(source, outbox, clock);
        if (!report.error.empty()) return core::unexpected(report.error);
        if (i > 0)
            best = std::min(
                best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

// The fastest of `runs` passes with one move mail without the site, of `runs` passes with
// one move mail followed by the site update (serve's order: the pass, then write_site with its
// cache, warmed first by a full build, as serve's first pass does), and of those site updates
// alone; in seconds. Each move is White's first move, "e4", in a game no pass touched before
// (games 1, 2, ...). The passes with and without the site alternate, so both meet the same load
// from other processes; a pass without the site leaves its game out of the site's cache (the
// update after the next pass renders one game, as serve's after one move mail).
struct MovePassTimes {
    double without_site = 1e9, with_site = 1e9, site_alone = 1e9;
};
core::Result<MovePassTimes, std::string> move_passes(BenchClub& c, int runs, const fs::path& site) {
    mail::MaildirSource source(c.config.inbox);
    mail::MaildirSink outbox(c.config.outbox);
    mail::MaildirSink inbox(c.config.inbox);
    core::SystemClock clock;
    site::SiteCache cache;
    cache.load_through(&c.d->game_repository());  // as serve does
    (void)c.d->store().take_written_games();      // the first write_site renders every game
    if (auto w =
            site::write_site(c.d->store(), c.d->players(), c.d->templates().set(), site, &cache);
        !w)
        return core::unexpected("site: " + w.error().detail);
    MovePassTimes best;
    const auto since = [](std::chrono::steady_clock::time_point t) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    };
    for (int i = 0; i < 2 * runs; ++i) {
        const bool with_site = i % 2 == 1;
        const store::GameId id(1 + static_cast<std::uint64_t>(i));
        auto g = league::load_game(c.d->store(), id);
        if (!g) return core::unexpected(g.error().detail);
        auto reply =
            daemon::build_reply_address(c.config.referee_address, id, rules::Color::White, Secret);
        if (!reply) return core::unexpected(reply.error().message);
        if (auto put = inbox.deliver(player_mail(g->meta.white, *reply, "e4",
                                                 "site-" + to_string(id) + "@bench.example", id));
            !put)
            return core::unexpected(put.error().message);
        const auto t0 = std::chrono::steady_clock::now();
        const auto report = c.d->step(source, outbox, clock);
        if (!report.error.empty() || report.handled != 1)
            return core::unexpected("the move mail of game " + to_string(id) + " was not handled");
        if (!with_site) {
            best.without_site = std::min(best.without_site, since(t0));
            (void)c.d->store().take_written_games();
            continue;
        }
        const auto s0 = std::chrono::steady_clock::now();
        cache.changed(c.d->store().take_written_games());
        if (auto w = site::write_site(c.d->store(), c.d->players(), c.d->templates().set(), site,
                                      &cache);
            !w)
            return core::unexpected("site: " + w.error().detail);
        best.site_alone = std::min(best.site_alone, since(s0));
        best.with_site = std::min(best.with_site, since(t0));
    }
    return best;
}

// Plays random legal moves by mail into game `id` until it is at `plies` (false: the game ended
// first). `pos` is the shadow position, `n` numbers the Message-IDs.
core::Result<bool, std::string> play_to(BenchClub& c, store::GameId id, const std::string& white,
                                        const std::string& black, rules::Position& pos, int plies,
                                        int& ply, std::mt19937& rng, std::size_t& n) {
    core::SystemClock clock;
    while (ply < plies) {
        rules::MoveList legal;
        rules::generate_legal(pos, legal);
        if (legal.empty() || rules::termination(pos) != rules::Termination::None) return false;
        const rules::Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
        const rules::Color side = pos.side_to_move();
        auto reply = daemon::build_reply_address(c.config.referee_address, id, side, Secret);
        if (!reply) return core::unexpected(reply.error().message);
        const std::string mid = "ply-" + std::to_string(n++) + "@bench.example";
        const std::string raw = player_mail(side == rules::Color::White ? white : black, *reply,
                                            rules::to_san(pos, m), mid, id);
        if (auto h = c.d->handle(raw, clock); !h) return core::unexpected(h.error().detail);
        pos.make_move(m);
        ++ply;
    }
    return true;
}

// A game of the club at `plies` plies (new games until one lasts that long); its move mails per
// second over `timed` more plies.
core::Result<double, std::string> moves_at(BenchClub& c, int plies, int timed, std::mt19937& rng,
                                           std::size_t& n) {
    const std::string white = "player0@bench.example", black = "player1@bench.example";
    core::SystemClock clock;
    for (int attempt = 0; attempt < 50; ++attempt) {
        daemon::NewGame spec;
        spec.variant = "crazykrieg";
        spec.hidden = true;
        spec.white = white;
        spec.black = black;
        auto id = c.d->new_game(spec, clock);
        if (!id) return core::unexpected(id.error().detail);
        auto pos = rules::Position::startpos(*rules::find_variant("crazyhouse"));
        int ply = 0;
        auto reached = play_to(c, *id, white, black, pos, plies, ply, rng, n);
        if (!reached) return core::unexpected(reached.error());
        if (!*reached) continue;
        const auto t0 = std::chrono::steady_clock::now();
        auto more = play_to(c, *id, white, black, pos, plies + timed, ply, rng, n);
        if (!more) return core::unexpected(more.error());
        if (!*more) continue;
        return timed / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return core::unexpected("no random game lasted " + std::to_string(plies + timed) + " plies");
}

long max_rss_mb() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

void run_store_size_bench(std::ostream& out) {
    // The same lookup as the mail figures above; without templates it says so, as they do.
    const auto found = bench_templates(out, "mail store");
    if (!found) return;
    const fs::path& templates = *found;
    auto fail = [&](const std::string& what) {
        out << "mail: store bench failed: " << what << "\n";
    };
    const QuietLog quiet;

    // One game.
    BenchClub small;
    if (auto ok = open_club(small, "bench-one-game", templates); !ok) return fail(ok.error());
    core::SystemClock clock;
    for (int i = 0; i < 2; ++i)
        if (auto a = small.d->add_player("Player " + std::to_string(i),
                                         "player" + std::to_string(i) + "@bench.example");
            !a)
            return fail(a.error().detail);
    {
        daemon::NewGame spec;
        spec.variant = "crazykrieg";
        spec.hidden = true;
        spec.white = "player0@bench.example";
        spec.black = "player1@bench.example";
        if (auto id = small.d->new_game(spec, clock); !id) return fail(id.error().detail);
    }
    const core::SyncCounts idle0 = core::sync_counts();
    auto one = idle_pass(small, 5);
    if (!one) return fail(one.error());
    const core::SyncCounts idle1 = core::sync_counts();
    out << "mail idle pass syncs: " << idle1.fsync - idle0.fsync << " fsync + "
        << idle1.syncfs - idle0.syncfs << " syncfs over 5 passes of the long-lived daemon\n";

    // A 64-player double round robin: 4,032 timed games.
    BenchClub big;
    if (auto ok = open_club(big, "bench-64-players", templates); !ok) return fail(ok.error());
    daemon::TournamentSpec spec;
    spec.name = "Bench Open";
    spec.double_round = true;
    spec.variant = "crazykrieg";
    spec.hidden = true;
    for (int i = 0; i < 64; ++i) {
        spec.players.push_back("player" + std::to_string(i) + "@bench.example");
        if (auto a = big.d->add_player("Player " + std::to_string(i), spec.players.back()); !a)
            return fail(a.error().detail);
    }
    const long rss0 = max_rss_mb();
    // CPU (user + system) beside the wall clock: on a shared machine the wall clock swings with
    // the load and with the file system's inode allocation; the CPU is this process's own.
    // The system part is mostly the file system's (ext4's inode allocation).
    const auto cpu_now = [] {
        rusage u{};
        ::getrusage(RUSAGE_SELF, &u);
        const auto s = [](const timeval& t) {
            return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
        };
        return std::pair{s(u.ru_utime), s(u.ru_stime)};
    };
    const auto create_cpu0 = cpu_now();
    const auto t0 = std::chrono::steady_clock::now();
    auto event = daemon::create_tournament(*big.d, spec, clock);
    if (!event) return fail(event.error().detail);
    const double create_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto create_cpu1 = cpu_now();
    const double create_user = create_cpu1.first - create_cpu0.first;
    const double create_system = create_cpu1.second - create_cpu0.second;
    const long rss1 = max_rss_mb();
    auto many = idle_pass(big, 3);
    if (!many) return fail(many.error());
    out << "mail 64-player double round robin created: " << create_s << " s (CPU " << create_user
        << " s user + " << create_system << " s system), peak RSS " << rss1 << " MB (" << rss0
        << " MB before)\n";
    out << "mail idle pass: " << *many * 1000 << " ms over 4032 games, " << *one * 1000
        << " ms over 1 game (" << *many / *one << "x)\n";
    // The site after one move mail (README "The club's web pages"): the same pass with and
    // without [site] dir, each into games no pass touched before.
    const fs::path site_dir = big.root / "site";
    // Seven passes each way (the fastest counts): one pass's time swings with the disk's fsync.
    auto times = move_passes(big, 7, site_dir);
    if (!times) return fail(times.error());
    out << "mail pass with one move mail over 4032 games: " << times->with_site * 1000
        << " ms with the site, " << times->without_site * 1000 << " ms without ("
        << times->with_site / times->without_site
        << "x; the site update alone: " << times->site_alone * 1000 << " ms)\n";

    std::mt19937 rng(20261124);
    std::size_t n = 0;
    auto early = moves_at(small, 10, 20, rng, n);
    if (!early) return fail(early.error());
    auto late = moves_at(small, 300, 20, rng, n);
    if (!late) return fail(late.error());
    out << "mail moves into a game: " << static_cast<long>(*late) << " mails/s at ply 300, "
        << static_cast<long>(*early) << " mails/s at ply 10 (" << *late / *early << ")\n";
}

const BenchRegistration breg{{"mail", 40, run_mail_bench}};
const BenchRegistration breg_size{{"mail", 41, run_store_size_bench}};

}  // namespace
}  // namespace ck::app
