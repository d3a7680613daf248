// The club store's opening and legacy migration (club_migration.hpp).
#include "league/club_migration.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/log.hpp"
#include "league/bot_registry.hpp"
#include "league/challenge_book.hpp"
#include "league/leave_book.hpp"
#include "league/players.hpp"
#include "league/rate_limits.hpp"
#include "league/store_advice.hpp"
#include "league/tournament_store.hpp"

namespace ck::league {

namespace {

namespace fs = std::filesystem;

constexpr const char* LegacyPlayers = "players";
constexpr const char* LegacyLeaves = "leaves";
constexpr const char* LegacyTournaments = "tournaments";
constexpr std::string_view LegacyLimitPrefix = "unknown-sender.";
constexpr std::string_view LegacyLimitDomain = "@ratelimit.crazykrieg.invalid";

// The lines of a legacy file; nullopt when there is no such file.
core::Result<std::optional<std::vector<std::string>>, core::Error> legacy_lines(
    const fs::path& file) {
    std::error_code ec;
    if (!fs::exists(file, ec)) return std::optional<std::vector<std::string>>();
    auto text = core::read_file(file);
    if (!text)
        return core::unexpected(core::from_io(
            text.error(), "cannot read " + file.string() + ": " + text.error().message));
    std::vector<std::string> lines;
    std::istringstream in(*text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) lines.push_back(line);
    return std::optional<std::vector<std::string>>(std::move(lines));
}

struct Legacy {
    std::vector<fs::path> files;  // removed after the commit
    bool any = false;
};

core::Result<void, core::Error> migrate_players(const store::Store& store, store::Transaction& tx,
                                                Legacy& legacy) {
    const fs::path file = store.root() / LegacyPlayers;
    auto lines = legacy_lines(file);
    if (!lines) return core::unexpected(lines.error());
    if (!*lines) return {};
    std::uint64_t order = 0;
    for (const std::string& line : **lines) {
        const auto tab = line.find('\t');
        if (tab == std::string::npos)
            return core::unexpected(core::corrupt_error("bad line in " + file.string()));
        const Player p{line.substr(tab + 1), line.substr(0, tab), order++, PlayerSettings{}};
        PlayerTable::put(tx, p.address, p);
    }
    legacy.files.push_back(file);
    legacy.any = true;
    return {};
}

core::Result<void, core::Error> migrate_leaves(const store::Store& store, store::Transaction& tx,
                                               Legacy& legacy) {
    const fs::path file = store.root() / LegacyLeaves;
    auto lines = legacy_lines(file);
    if (!lines) return core::unexpected(lines.error());
    if (!*lines) return {};
    for (const std::string& line : **lines) {
        auto leave = LeaveCodec::decode(line + "\n");
        if (!leave)
            return core::unexpected(
                core::corrupt_error("bad line in " + file.string() + ": " + leave.error()));
        LeaveTable::put(tx, LeaveCodec::key(*leave), *leave);
    }
    legacy.files.push_back(file);
    legacy.any = true;
    return {};
}

// The event directories tournaments/<id>/ of a legacy store, read as plain files: the store
// keeps no such files (an old journal's legacy file records may have written them at its open,
// store/journal.hpp).
core::Result<void, core::Error> migrate_tournaments(const store::Store& store,
                                                    store::Transaction& tx, Legacy& legacy) {
    const fs::path top = store.root() / LegacyTournaments;
    std::error_code ec;
    if (!fs::is_directory(top, ec)) return {};
    auto names = store::list_names(top);
    if (!names)
        return core::unexpected(
            core::from_io(names.error(), "tournaments: " + names.error().message));
    for (const std::string& id : *names) {
        if (!store::valid_game_file_name(id)) continue;  // a temp file, or not an event's
        const fs::path dir = top / id;
        if (id == ChallengesDir) {
            auto text = core::read_file(dir / ChallengesFile);
            if (!text)
                return core::unexpected(
                    core::from_io(text.error(), "challenges: " + text.error().message));
            auto book = parse_challenges(*text);
            if (!book) return core::unexpected(book.error());
            save_challenges(tx, *book);
        } else if (id.rfind('_', 0) != 0) {
            auto text = core::read_file(dir / TournamentFile);
            if (!text)
                return core::unexpected(
                    core::from_io(text.error(), "tournament " + id + ": " + text.error().message));
            auto t = TournamentCodec::decode(*text);
            if (!t)
                return core::unexpected(core::corrupt_error("tournament " + id + ": " + t.error()));
            TournamentTable::put(tx, t->id, *t);
        }
        legacy.files.push_back(dir);
        legacy.any = true;
    }
    return {};
}

// The rate-limit ids of the ledger: unknown-sender.DAY.HASH@... (one reply to HASH on DAY) and
// unknown-sender.DAY.total.N@... (the N-th reply of DAY, from 0).
core::Result<void, core::Error> migrate_rate_limits(const store::Store& store,
                                                    store::Transaction& tx) {
    auto lines = legacy_lines(store.root() / "ledger" / "seen");
    if (!lines) return core::unexpected(lines.error());
    if (!*lines) return {};
    std::map<std::string, std::uint64_t> totals;
    for (const std::string& id : **lines) {
        if (id.size() < LegacyLimitPrefix.size() + LegacyLimitDomain.size() + 12 ||
            id.compare(0, LegacyLimitPrefix.size(), LegacyLimitPrefix) != 0 ||
            id.compare(id.size() - LegacyLimitDomain.size(), LegacyLimitDomain.size(),
                       LegacyLimitDomain) != 0)
            continue;
        const std::string rest =
            id.substr(LegacyLimitPrefix.size(),
                      id.size() - LegacyLimitPrefix.size() - LegacyLimitDomain.size());
        const std::string day = rest.substr(0, 10);
        if (rest.size() < 12 || rest[10] != '.') continue;
        const std::string what = rest.substr(11);
        if (what.rfind("total.", 0) == 0) {
            const std::string n = what.substr(6);
            if (n.empty() || n.size() > 6 || n.find_first_not_of("0123456789") != std::string::npos)
                continue;
            auto& total = totals[day];
            total = std::max<std::uint64_t>(total, std::stoull(n) + 1);
        } else if (store::valid_record_key(day + "/" + what)) {
            RateLimitTable::put(tx, day + "/" + what, 1);
        }
    }
    for (const auto& [day, n] : totals) RateLimitTable::put(tx, unknown_sender_total_key(day), n);
    return {};
}

}  // namespace

core::Result<bool, core::Error> migrate_club_state(store::Store& store, core::TimePoint now) {
    store::Transaction tx(now);
    Legacy legacy;
    if (auto r = migrate_players(store, tx, legacy); !r) return core::unexpected(r.error());
    if (auto r = migrate_leaves(store, tx, legacy); !r) return core::unexpected(r.error());
    if (auto r = migrate_tournaments(store, tx, legacy); !r) return core::unexpected(r.error());
    if (!legacy.any) return false;  // a store of this build (or one without club state)
    // Rate limits move with the rest: once state/ holds club state they are never read from
    // the ledger again.
    if (auto r = migrate_rate_limits(store, tx); !r) return core::unexpected(r.error());
    if (auto c = store.commit(tx); !c)
        return core::unexpected(
            core::from_io(c.error(), "migrating the club state: " + c.error().describe()));
    if (auto c = store.checkpoint(); !c)
        return core::unexpected(
            core::from_io(c.error(), "migrating the club state: " + c.error().describe()));
    for (const fs::path& p : legacy.files) {
        std::error_code ec;
        fs::remove_all(p, ec);
        if (ec)
            return core::unexpected(
                core::transient_error("cannot remove " + p.string() + ": " + ec.message()));
    }
    // Durably gone before anything changes the records: a legacy file that came back after a
    // power loss would be migrated again over newer state.
    for (const fs::path& dir : {store.root(), store.root() / LegacyTournaments}) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) continue;  // a legacy store without events
        if (auto synced = core::sync_directory(dir); !synced)
            return core::unexpected(core::from_io(synced.error()));
    }
    core::operator_log().info("store " + store.root().string() +
                              ": club state moved into typed namespaces (state/)");
    return true;
}

core::Result<store::Store, core::Error> open_club_store(const std::filesystem::path& dir,
                                                        std::chrono::milliseconds wait,
                                                        store::Store::Sweep sweep) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    auto store = store::Store::open(dir, wait, sweep);
    if (!store)
        return core::unexpected(
            core::from_io(store.error(), describe_store_failure(store.error(), dir)));
    auto migrated = migrate_club_state(*store, std::chrono::system_clock::now());
    if (!migrated) return core::unexpected(migrated.error());
    store->set_silent_recipients(&is_bot_address);  // no mail to a bot (bot_registry.hpp)
    return std::move(*store);
}

}  // namespace ck::league
