// The incremental site (site/site.hpp SiteCache, README "The club's web pages"): after each pass
// of a club's life (moves, a game's end with its rating change, a new Swiss event, its next
// round, a new player, a renamed player), serve's update of the site folder gives the same files
// with the same bytes as a full build from scratch of the same store; an update with nothing
// changed writes nothing; a move renders only its game.
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "../daemon/daemon_fixture.hpp"
#include "daemon/tournaments.hpp"
#include "league/players.hpp"
#include "league/tournament_store.hpp"
#include "site/site.hpp"

namespace {

namespace fs = std::filesystem;
using ck::rules::Color;
using ck::site::SiteReport;

const std::vector<std::pair<std::string, std::string>> Roster = {{"Ada White", "ada@example.org"},
                                                                 {"Bob Black", "bob@example.net"},
                                                                 {"Cy Young", "cy@example.com"},
                                                                 {"Di Prince", "di@example.org"}};

// Every file under `root` by its path below it, with its bytes.
std::map<std::string, std::string> files_of(const fs::path& root) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file()) continue;
        auto bytes = ck::core::read_file(e.path());
        REQUIRE(bytes);
        out[fs::relative(e.path(), root).string()] = std::move(*bytes);
    }
    return out;
}

// The files that differ between two folders (missing on one side, or other bytes), one a line.
std::string differences(const fs::path& a, const fs::path& b) {
    const auto fa = files_of(a), fb = files_of(b);
    std::string out;
    for (const auto& [name, bytes] : fa)
        if (auto it = fb.find(name); it == fb.end() || it->second != bytes) out += name + "\n";
    for (const auto& [name, bytes] : fb)
        if (!fa.count(name)) out += name + " (only in the full build)\n";
    return out;
}

class SiteClub : public ck::daemon::test::DaemonFixture {
public:
    SiteClub() : DaemonFixture("site-incremental") {
        for (const auto& [name, address] : Roster) add_player(name, address);
        cache_.load_through(&daemon().game_repository());  // as serve does
    }

    // Player `c` of game `game` writes `body` to the game's reply address; one pass.
    void play(ck::store::GameId game, Color c, const std::string& body) {
        auto ini = daemon().store().read_game_file(game, "game.ini");
        REQUIRE(ini);
        auto meta = ck::league::parse_game_ini(*ini);
        REQUIRE(meta);
        reply_pass(meta->address(c), reply_address(to_string(game), c), body,
                   "m" + std::to_string(++sent_) + "@example.org");
    }

    // serve's update after a pass (the games the store wrote, then write_site with the cache);
    // then a full build into a fresh folder, which must hold the same files with the same bytes.
    SiteReport update_and_compare() {
        cache_.changed(daemon().store().take_written_games());
        auto players = ck::league::Players::load(daemon().store());
        REQUIRE(players);
        auto inc = ck::site::write_site(daemon().store(), *players, daemon().templates().set(),
                                        root_ / "site", &cache_);
        REQUIRE(inc);
        fs::remove_all(root_ / "full");
        auto full = ck::site::write_site(daemon().store(), *players, daemon().templates().set(),
                                         root_ / "full");
        REQUIRE(full);
        CHECK(differences(root_ / "site", root_ / "full") == "");
        // Nothing changed since: the next update writes nothing and renders no game.
        auto again = ck::site::write_site(daemon().store(), *players, daemon().templates().set(),
                                          root_ / "site", &cache_);
        REQUIRE(again);
        CHECK(again->written == 0);
        CHECK(again->rendered == 0);
        return *inc;
    }

private:
    ck::site::SiteCache cache_;
    int sent_ = 0;
};

ck::daemon::NewGame game_of(const std::string& variant, bool hidden, bool rated,
                            const std::string& white, const std::string& black) {
    ck::daemon::NewGame g;
    g.variant = variant;
    g.hidden = hidden;
    g.white = white;
    g.black = black;
    g.rated = rated;
    return g;
}

}  // namespace

TEST_CASE("the incremental site after each pass equals a full build from scratch") {
    SiteClub club;
    // Game 1: open crazyhouse, rated; game 2: hidden crazykrieg, casual.
    club.start_game(game_of("crazyhouse", false, true, "ada@example.org", "bob@example.net"));
    club.start_game(game_of("crazyhouse", true, false, "cy@example.com", "di@example.org"));
    const SiteReport first = club.update_and_compare();
    CHECK(first.rendered == 2);

    std::string event;  // the Swiss event's id
    struct Step {
        std::string what;
        std::function<void()> run;
        int rendered;  // games the update renders; -1: not checked
    };
    const auto swiss_game = [&](std::size_t k) {
        auto t = ck::league::load_tournament(club.daemon().store(), event);
        REQUIRE(t);
        REQUIRE(t->pairings.size() > k);
        REQUIRE(t->pairings[k].game);
        return *t->pairings[k].game;
    };
    const std::vector<Step> steps = {
        {"an idle pass", [&] { CHECK(club.step().failed == 0); }, 0},
        {"a move in the open game", [&] { club.play(ck::core::GameId(1), Color::White, "e4"); }, 1},
        {"a move in the hidden game", [&] { club.play(ck::core::GameId(2), Color::White, "e4"); },
         1},
        {"a refused move in the hidden game",
         [&] { club.play(ck::core::GameId(2), Color::Black, "e2e4"); }, 1},
        {"a rated game ends (its pool changes)",
         [&] { club.play(ck::core::GameId(1), Color::Black, "resign"); }, 1},
        {"a rated Swiss event starts",
         [&] {
             ck::daemon::TournamentSpec spec;
             spec.name = "Swiss by mail";
             spec.variant = "crazyhouse";
             spec.rated = true;
             spec.system = ck::club::System::Swiss;
             spec.swiss.rounds = 2;
             for (const auto& [name, address] : Roster) spec.players.push_back(address);
             auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
             REQUIRE(id);
             event = *id;
             club.flush();
         },
         2},
        {"a move in round 1", [&] { club.play(swiss_game(0), Color::White, "d4"); }, 1},
        {"round 1's first game ends", [&] { club.play(swiss_game(0), Color::Black, "resign"); },
         -1},
        {"round 1's last game ends: round 2 starts",
         [&] { club.play(swiss_game(1), Color::White, "resign"); }, -1},
        {"the hidden game ends", [&] { club.play(ck::core::GameId(2), Color::White, "resign"); },
         1},
        {"a new player registers", [&] { club.add_player("Eve Late", "eve@example.org"); }, 0},
        {"a player is renamed",
         [&] {
             ck::store::Transaction tx(club.clock().now());
             const ck::league::Player* ada = club.daemon().players().find("ada@example.org");
             REQUIRE(ada);
             ck::league::Player renamed = *ada;
             renamed.name = "Ada Whitfield";
             ck::league::PlayerTable::put(tx, renamed.address, renamed);
             REQUIRE(club.daemon().store().commit(tx));
         },
         -1},
    };
    for (const Step& s : steps) {
        INFO(s.what);
        s.run();
        const SiteReport r = club.update_and_compare();
        if (s.rendered >= 0) CHECK(r.rendered == static_cast<std::size_t>(s.rendered));
    }
}

TEST_CASE("a move in a club of many games renders one game and leaves the index alone") {
    SiteClub club;
    for (int i = 0; i < 12; ++i)
        club.start_game(
            game_of("chess", false, false, Roster[i % 4].second, Roster[(i + 1) % 4].second));
    CHECK(club.update_and_compare().rendered == 12);
    club.play(ck::core::GameId(5), Color::White, "e4");
    const SiteReport r = club.update_and_compare();
    CHECK(r.rendered == 1);
    CHECK(r.written == 1);  // games/5.html only
}
