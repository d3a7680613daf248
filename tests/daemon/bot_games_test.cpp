// The bot-games index (league/bot_games.hpp): after games are created, and end by resignation,
// by adjudication and by time, and after the daemon reopens, it lists exactly each bot's games
// in progress (the truth: every game replayed); a store without it (from before it existed) is
// read by a walk until it gets the index at its next open (a store upgrade, Daemon::open); its
// records read back.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "daemon_fixture.hpp"
#include "league/bot_games.hpp"
#include "league/game_files.hpp"

using ck::rules::Color;
using ck::store::GameId;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("bot-games-" + tag) {
        add_player("Ada", Ada);
        add_player("Bob", Bob);
        // Sparky plays open games (it moves in every pass where it is to move); Zappy's engine
        // plays hidden games only, so its open games wait (bots_test.cpp): nothing ends by
        // itself.
        sparky = add_bot("Sparky", "random").address;
        zappy = add_bot("Zappy", "belief").address;
    }

    GameId game(const std::string& white, const std::string& black, const std::string& time) {
        ck::daemon::NewGame spec;
        spec.variant = "chess";
        spec.white = white;
        spec.black = black;
        spec.time = time;
        auto id = daemon().new_game(spec, clock());
        REQUIRE(id);
        return *id;
    }

    // The games in progress where `bot` plays, by replaying every game of the store.
    std::vector<GameId> truth(const std::string& bot) {
        std::vector<GameId> out;
        auto ids = daemon().store().list_games();
        REQUIRE(ids);
        for (const GameId id : *ids) {
            auto g = ck::league::load_game(daemon().store(), id);
            REQUIRE(g);
            if (!g->game.over() && (g->meta.white == bot || g->meta.black == bot))
                out.push_back(id);
        }
        return out;
    }

    std::vector<GameId> listed(const std::string& bot) {
        auto ids = ck::league::games_with_bots(daemon().store(), bot);
        REQUIRE(ids);
        return *ids;
    }

    // Both bots' lists are the truth; Sparky's is `sparky_games`.
    void check_lists(const std::vector<GameId>& sparky_games) {
        CHECK(listed(sparky) == truth(sparky));
        CHECK(listed(zappy) == truth(zappy));
        CHECK(listed(sparky) == sparky_games);
        CHECK(listed(Ada).empty());  // no bot: no entry names her
    }

    void pass() {
        clock().advance(std::chrono::minutes(10));
        CHECK(step().failed == 0);
    }

    std::string sparky, zappy;
};

}  // namespace

TEST_CASE("bot-games index: exactly each bot's games in progress, across ends and a reopening",
          "[daemon][bots]") {
    Club club("lifecycle");
    const GameId g1 = club.game(Ada, club.sparky, "3d");
    const GameId g2 = club.game(club.sparky, Bob, "3d");
    club.game(Ada, Bob, "3d");  // no bot
    const GameId g4 = club.game(club.zappy, club.sparky, "30d");
    const GameId g5 = club.game(club.zappy, Ada, "3d");
    const GameId g6 = club.game(Bob, club.sparky, "30d");
    CHECK(ck::league::bot_game_index_built(club.daemon().store()));  // from the first game on
    club.check_lists({g1, g2, g4, g6});
    CHECK(club.listed(club.zappy) == std::vector<GameId>{g4, g5});
    CHECK(club.listed("") == std::vector<GameId>{g1, g2, g4, g5, g6});  // every bot's

    club.pass();  // Sparky moves in game 2
    club.check_lists({g1, g2, g4, g6});

    // A resignation by mail.
    const auto mails = club.reply_pass(Ada, club.reply_address(to_string(g1), Color::White),
                                       "resign", "resign-1@example.org");
    CHECK_FALSE(mails.empty());
    club.check_lists({g2, g4, g6});

    // The organiser's adjudication.
    REQUIRE(club.daemon().adjudicate(g2, ck::league::GameResult::Draw, "a test", club.clock()));
    club.check_lists({g4, g6});

    // Reopened: the index is the store's.
    club.reopen();
    club.check_lists({g4, g6});
    CHECK(club.listed(club.zappy) == std::vector<GameId>{g4, g5});

    // By time: the 3-day games end (game 5); those with 30 days a move stay.
    club.clock().advance(std::chrono::hours(24 * 5));
    CHECK(club.step().failed == 0);
    club.check_lists({g4, g6});
    CHECK(club.listed(club.zappy) == std::vector<GameId>{g4});
}

// A deliberate change of behaviour (issue 18): the index of an old store used to be built by
// the first pass's bot turns; it is a store upgrade and is now built when the daemon opens the
// store, in the open's transaction, so that `serve`, `deliver` and `bot remove` (each opens a
// daemon, or reaches a running one) all find it.
TEST_CASE("bot-games index: a store from before it is walked, then indexed at its open",
          "[daemon][bots]") {
    Club club("old-store");
    const GameId g1 = club.game(Ada, club.sparky, "3d");
    club.game(Ada, Bob, "3d");
    const GameId g3 = club.game(club.zappy, club.sparky, "30d");
    const GameId g4 = club.game(club.sparky, Bob, "3d");
    REQUIRE(
        club.daemon().adjudicate(g4, ck::league::GameResult::WhiteWins, "a test", club.clock()));
    // As a store written before the index: no mark, no entries.
    {
        ck::store::Transaction tx(club.clock().now());
        for (const std::string& key : ck::league::BotGameTable::keys(club.daemon().store()))
            ck::league::BotGameTable::erase(tx, key);
        tx.erase_record(ck::store::MetaNamespace, "bot-games-index");
        REQUIRE(club.daemon().store().commit(tx));
    }
    // Until the store is opened again (this daemon opened it with the index), it is walked.
    REQUIRE_FALSE(ck::league::bot_game_index_built(club.daemon().store()));
    CHECK(ck::league::BotGameTable::keys(club.daemon().store()).empty());
    club.check_lists({g1, g3});  // by the walk

    // A game created meanwhile has its entry; the list stays the walk's until the build.
    const GameId g5 = club.game(Bob, club.sparky, "3d");
    CHECK_FALSE(ck::league::bot_game_index_built(club.daemon().store()));
    CHECK(ck::league::BotGameTable::keys(club.daemon().store()).size() == 1);
    club.check_lists({g1, g3, g5});

    club.reopen();  // the open builds the index, before any pass
    REQUIRE(ck::league::bot_game_index_built(club.daemon().store()));
    CHECK(ck::league::BotGameTable::keys(club.daemon().store()).size() == 3);
    club.check_lists({g1, g3, g5});
    club.pass();
    club.check_lists({g1, g3, g5});
    club.reopen();  // built once: nothing more to do
    club.check_lists({g1, g3, g5});
}

TEST_CASE("bot-games index: its records read back, and a broken one is refused", "[daemon][bots]") {
    using ck::league::BotGameTable;
    const ck::league::BotGame both{{"a@club.example", "b@club.example"}};
    const std::string bytes = ck::store::record_version_line(ck::league::BotGameCodec::ns, 1) +
                              "a@club.example\n" + "b@club.example\n";
    CHECK(ck::league::BotGameCodec::encode(both) == "a@club.example\nb@club.example\n");
    auto back = BotGameTable::decode("7", bytes);
    REQUIRE(back);
    CHECK(back->bots == both.bots);
    const std::string line = ck::store::record_version_line(ck::league::BotGameCodec::ns, 1);
    CHECK_FALSE(BotGameTable::decode("7", line));                                // no bot
    CHECK_FALSE(BotGameTable::decode("7", line + "a@club.example"));             // no line end
    CHECK_FALSE(BotGameTable::decode("7", line + "not an address\n"));           // no address
    CHECK_FALSE(BotGameTable::decode("7", line + "a@x\nb@x\nc@x\n"));            // three bots
    CHECK_FALSE(BotGameTable::decode("7", "ck-bot-games 2\na@club.example\n"));  // newer
}
