// Bots as club players (daemon/bots.hpp, daemon/bot_turns.hpp; README "Bots as club players"):
// the registry, challenges answered by the bot, its turns played by the pass after the mail,
// no mail to a bot, the paired-game test of what the daemon gives the engine, and a bot's move
// that ends a Swiss round (the next round paired and started in its transaction).
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "club/tournament.hpp"
#include "core/log.hpp"
#include "daemon/bot_turns.hpp"
#include "daemon/bots.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/tournaments.hpp"
#include "daemon_fixture.hpp"
#include "league/bot_games.hpp"
#include "league/game_files.hpp"
#include "league/tournament_store.hpp"
#include "mail/maildir.hpp"

using ck::daemon::test::has;
using ck::daemon::test::OutMail;
using ck::rules::Color;

namespace {

const std::string Ada = "ada@example.org";
const std::string Referee = "referee@club.example";
const std::string Sparky = "sparky@club.example";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("bots-" + tag) { add_player("Ada", Ada); }

    // A mail from `from` to `to` holding `body`, then one pass.
    ck::daemon::StepReport send(const std::string& from, const std::string& to,
                                const std::string& body, const std::string& id) {
        deliver("From: Someone <" + from + ">\r\nTo: <" + to +
                ">\r\nSubject: hello\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                id + ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
                body + "\r\n");
        clock_.advance(std::chrono::minutes(10));
        auto report = step();
        CHECK(report.failed == 0);
        return report;
    }

    ck::league::StoredGame game(ck::store::GameId id) {
        auto g = ck::league::load_game(daemon_->store(), id);
        REQUIRE(g);
        return std::move(*g);
    }

    std::size_t games() {
        auto ids = daemon_->store().list_games();
        REQUIRE(ids);
        return ids->size();
    }
};

bool any_to(const std::vector<OutMail>& mails, const std::string& address) {
    return std::any_of(mails.begin(), mails.end(),
                       [&](const OutMail& m) { return m.to == address; });
}

}  // namespace

TEST_CASE("bots: registry, names marked, engines checked", "[daemon][bots]") {
    Club club("registry");
    const auto bot = club.add_bot("Sparky", "belief", 3);
    CHECK(bot.address == Sparky);
    CHECK(bot.games == 3);
    const ck::league::Player* p = club.daemon().players().find(Sparky);
    REQUIRE(p != nullptr);
    CHECK(p->name == "Sparky (bot)");
    CHECK(ck::league::is_bot_address(club.daemon().store(), "SPARKY@club.example"));
    CHECK_FALSE(ck::league::is_bot_address(club.daemon().store(), Ada));
    auto bots = ck::league::load_bots(club.daemon().store());
    REQUIRE(bots);
    REQUIRE(bots->size() == 1);
    CHECK(bots->front().engine == "belief");

    auto players = ck::league::Players::load(club.daemon().store());
    REQUIRE(players);
    ck::store::Transaction tx(club.clock().now());
    const auto stage = [&](const std::string& name, const std::string& engine, int level = 0) {
        ck::daemon::BotSpec spec;
        spec.name = name;
        spec.engine = engine;
        spec.level = level;
        return ck::daemon::stage_bot(*players, club.config(), spec, tx);
    };
    CHECK_FALSE(stage("Sparky", "random"));         // the address is taken
    CHECK_FALSE(stage("two words", "random"));      // not an address's local part
    CHECK_FALSE(stage("Nobody", "nope"));           // no such engine
    CHECK_FALSE(stage("Nobody", "random", 3));      // random has no levels
    auto fs = stage("Fish", "fairy-stockfish", 2);  // --level becomes the engine's option
    REQUIRE(fs);
    CHECK(fs->engine == "fairy-stockfish:level=2");
    // The mark is kept for bots.
    CHECK_FALSE(players->add("Eve (bot)", "eve@example.org", tx));
    CHECK(players->add("Eve (robot fan)", "eve@example.org", tx));

    const auto round = ck::league::BotTable::decode(
        Sparky,
        ck::store::record_version_line(ck::league::BotCodec::ns, ck::league::BotCodec::version) +
            ck::league::BotCodec::encode(bot));
    REQUIRE(round);
    CHECK(round->address == Sparky);
    CHECK(round->games == 3);
}

TEST_CASE("bots: challenged by name, the bot moves in the pass after the player's mail",
          "[daemon][bots]") {
    Club club("play");
    club.add_bot("Sparky", "random");
    club.send(Ada, Referee, "challenge Sparky crazykrieg", "c1@example.org");
    REQUIRE(club.games() == 1);
    auto mails = club.new_outgoing();
    CHECK_FALSE(any_to(mails, Sparky));  // no mail ever goes to a bot
    REQUIRE(mails.size() == 1);
    CHECK(has(mails[0].subject, "New game"));
    CHECK(has(mails[0].text, "Sparky (bot)"));

    // Ada (White) moves: the same pass plays the bot's turn after her mail is committed.
    const auto report =
        club.send(Ada, club.reply_address("1", Color::White), "e2e4", "m1@example.org");
    CHECK(report.bot_turns == 1);
    auto g = club.game(ck::core::GameId(1));
    CHECK(g.game.side_to_move() == Color::White);
    CHECK(g.record.plies() == 2);
    mails = club.new_outgoing();
    CHECK_FALSE(any_to(mails, Sparky));
    REQUIRE(mails.size() == 2);  // her move's answer, then the bot's move
    CHECK(has(mails[1].text, "Black has moved."));
    CHECK(has(mails[1].text, "It is your move, White (move 2)"));

    // Nothing more to do: an idle pass plays no bot turn.
    club.clock().advance(std::chrono::minutes(10));
    CHECK(club.step().bot_turns == 0);
}

TEST_CASE("bots: a bot declines a game its engine cannot play, or beyond its --games",
          "[daemon][bots]") {
    Club club("decline");
    club.add_bot("Fish", "fairy-stockfish");
    club.add_bot("Sparky", "belief", 1);
    club.send(Ada, Referee, "challenge Fish crazykrieg", "d1@example.org");    // hidden
    club.send(Ada, Referee, "challenge Sparky crazyhouse", "d2@example.org");  // open
    CHECK(club.games() == 0);
    club.send(Ada, Referee, "challenge Sparky crazykrieg\nchallenge Sparky crazykrieg",
              "d3@example.org");  // the second is one game too many
    CHECK(club.games() == 1);
    const auto mails = club.new_outgoing();
    CHECK_FALSE(any_to(mails, Sparky));
    const auto declines = std::count_if(
        mails.begin(), mails.end(), [](const OutMail& m) { return has(m.subject, "declined"); });
    CHECK(declines == 3);
}

TEST_CASE("bots: two bots play on within a pass, a stopped pass plays none", "[daemon][bots]") {
    Club club("two");
    club.add_bot("Rook", "random");
    club.add_bot("Knight", "random-any");
    ck::daemon::NewGame spec;
    spec.variant = "crazykrieg";
    spec.hidden = true;
    spec.white = "rook@club.example";
    spec.black = "knight@club.example";
    REQUIRE(club.daemon().new_game(spec, club.clock()));
    club.flush();
    CHECK(club.new_outgoing().empty());  // both game-start mails went to bots: none spooled
    {
        ck::mail::MaildirSource source(club.config().inbox);
        ck::mail::MaildirSink sink(club.config().outbox);
        const auto stopped = club.daemon().step(source, sink, club.clock(), [] { return true; });
        CHECK(stopped.bot_turns == 0);
    }
    const auto report = club.step();
    CHECK(report.bot_turns > 2);
    CHECK(club.game(ck::core::GameId(1)).record.plies() > 2);
}

TEST_CASE("bots: a spent budget starts no bot's move, but finishes one cut at the refusal limit",
          "[daemon][bots]") {
    // Random bots in hidden games: many of their attempts are refused, and now and then a move
    // is cut at BotRefusedPerTurn. A pass whose budget is spent after its first transaction
    // still finishes that move: every such pass adds exactly one move to the game.
    Club club("budget");
    club.add_bot("Rook", "random");
    club.add_bot("Knight", "random");
    ck::daemon::BotTurns turns;
    const ck::daemon::GameDesk desk{club.config(),
                                    club.daemon().players(),
                                    club.daemon().store(),
                                    club.daemon().templates(),
                                    ck::daemon::test::FixedSecret,
                                    club.daemon().game_repository()};
    auto& store = club.daemon().store();
    const auto start = [&] {
        ck::daemon::NewGame spec;
        spec.variant = "crazykrieg";
        spec.hidden = true;
        spec.white = "rook@club.example";
        spec.black = "knight@club.example";
        auto id = club.daemon().new_game(spec, club.clock());
        REQUIRE(id);
        return *id;
    };
    ck::store::GameId id = start();
    {
        const auto none = turns.play(desk, store, club.clock(), [] { return true; }, {});
        CHECK(none.turns == 0);
        CHECK(none.waiting == 1);
    }
    std::size_t resumed = 0;
    for (int pass = 0; pass < 20000 && resumed == 0; ++pass) {
        const auto before = club.game(id);
        if (before.game.over()) {
            id = start();
            continue;
        }
        // Spent once the game has a new move: a bot's move cut before it is not asked about.
        const auto spent = [&] { return club.game(id).record.plies() != before.record.plies(); };
        const auto report = turns.play(desk, store, club.clock(), spent, {});
        const auto after = club.game(id);
        INFO("game " << id << ", pass " << pass << ": " << report.turns << " transactions, "
                     << report.failed << " failed, " << report.waiting << " waiting");
        REQUIRE(report.turns == 1 + report.resumed);
        REQUIRE((after.game.over() || after.game.side_to_move() != before.game.side_to_move()));
        resumed += report.resumed;
        club.clock().advance(std::chrono::minutes(1));
    }
    CHECK(resumed > 0);  // the seeds' games do cut moves: the case was exercised
}

TEST_CASE("bots: the engine gets only the bot's view (paired games)", "[daemon][bots]") {
    // Two hidden games that differ only in White's moves, which Black does not see: while the
    // bot's views are equal, its requests are equal (same engine, the daemon's seed).
    const auto new_game = [] {
        ck::league::GameMeta m;
        REQUIRE(ck::league::resolve_variant("crazykrieg", m));
        m.white = Ada;
        m.black = Sparky;
        m.created = "2026-11-21T12:00:00Z";
        auto g = ck::league::start_game(m, {});
        REQUIRE(g);
        return std::move(*g);
    };
    const std::vector<std::string> white_a = {"a2a3", "b2b3", "g1h3", "h2h4"};
    const std::vector<std::string> white_b = {"h2h3", "g2g3", "b1a3", "a2a4"};
    for (const std::string engine : {"random", "random-any", "heuristic", "belief"}) {
        CAPTURE(engine);
        ck::league::Bot bot;  // one game at a time, active, no problem
        bot.address = Sparky;
        bot.engine = engine;
        bot.games = 1;
        auto a = new_game();
        auto b = new_game();
        int compared = 0;
        for (std::size_t turn = 0; turn < white_a.size(); ++turn) {
            // White's moves (none answers Black's play; a refused one ends the comparison).
            if (ck::league::play_request(a, white_a[turn]).answer != ck::referee::Answer::Legal ||
                ck::league::play_request(b, white_b[turn]).answer != ck::referee::Answer::Legal)
                break;
            const auto va = a.game.view(Color::Black);
            const auto vb = b.game.view(Color::Black);
            if (va.heard != vb.heard || va.board_text() != vb.board_text()) break;
            const auto ra = ck::daemon::bot_requests(
                bot, a, ck::daemon::bot_seed(ck::core::GameId(1), va.heard.size()));
            const auto rb = ck::daemon::bot_requests(
                bot, b, ck::daemon::bot_seed(ck::core::GameId(1), vb.heard.size()));
            REQUIRE(ra);
            REQUIRE(rb);
            CHECK(*ra == *rb);
            for (const auto& r : *ra) ck::league::play_request(a, r);
            for (const auto& r : *rb) ck::league::play_request(b, r);
            ++compared;
            if (a.game.over() || b.game.over()) break;
        }
        CHECK(compared >= 2);
    }
}

TEST_CASE("bots: a bot declines a draw offer in its next turn, before its move", "[daemon][bots]") {
    Club club("draw");
    club.add_bot("Sparky", "random");
    club.send(Ada, Referee, "challenge Sparky crazyhouse", "c1@example.org");
    REQUIRE(club.games() == 1);
    club.new_outgoing();
    club.send(Ada, club.reply_address("1", Color::White), "e2e4\ndraw", "m1@example.org");
    const auto g = club.game(ck::core::GameId(1));
    CHECK(g.record.plies() == 2);  // the bot moved in the same pass
    CHECK_FALSE(g.meta.draw_offer.has_value());
    const auto mails = club.new_outgoing();
    CHECK_FALSE(any_to(mails, Sparky));
    const auto declined = std::count_if(mails.begin(), mails.end(), [](const OutMail& m) {
        return m.to == Ada && has(m.subject, "Draw offer declined");
    });
    CHECK(declined == 1);
    CHECK(std::none_of(mails.begin(), mails.end(),
                       [](const OutMail& m) { return has(m.subject, "lapsed"); }));
}

TEST_CASE("bots: a bot whose engine cannot play says so once; its games wait", "[daemon][bots]") {
    // The organiser puts a `belief` bot (hidden games only) in an open game: its engine cannot
    // be made, as when a program is missing.
    Club club("stuck");
    const auto bot = club.add_bot("Sparky", "belief");
    ck::daemon::NewGame spec;
    spec.variant = "crazyhouse";
    spec.white = bot.address;
    spec.black = Ada;
    REQUIRE(club.daemon().new_game(spec, club.clock()));
    std::ostringstream log;
    ck::core::operator_log().set_stream(log);
    for (int pass = 0; pass < 3; ++pass) {
        club.clock().advance(std::chrono::minutes(10));
        const auto report = club.step();
        CHECK(report.bot_turns == 0);
        CHECK(report.failed == 0);
    }
    ck::core::operator_log().set_stream(std::cerr);
    std::size_t errors = 0;
    const std::string why = "belief plays hidden games only";
    for (auto at = log.str().find(why); at != std::string::npos; at = log.str().find(why, at + 1))
        ++errors;
    CHECK(errors == 1);  // logged once, not at every pass
    CHECK(club.game(ck::core::GameId(1)).record.plies() == 0);
    auto listed = ck::league::find_bot(club.daemon().store(), bot.address);
    REQUIRE(listed);
    CHECK(has(listed->problem, why));
    // Mended (here: an engine that plays open games): the next pass plays, the problem goes.
    ck::league::Bot mended = *listed;
    mended.engine = "random";
    ck::store::Transaction tx(club.clock().now());
    ck::league::BotTable::put(tx, mended.address, mended);
    REQUIRE(club.daemon().store().commit(tx));
    club.clock().advance(std::chrono::minutes(10));
    CHECK(club.step().bot_turns == 1);
    CHECK(club.game(ck::core::GameId(1)).record.plies() == 1);
    auto after = ck::league::find_bot(club.daemon().store(), bot.address);
    REQUIRE(after);
    CHECK(after->problem.empty());
}

TEST_CASE("bots: a removed bot declines challenges and keeps its record", "[daemon][bots]") {
    Club club("remove");
    const auto bot = club.add_bot("Sparky", "random");
    auto found = ck::league::find_bot_named(club.daemon().store(), club.config(), "SPARKY");
    REQUIRE(found);
    CHECK(found->address == Sparky);
    CHECK_FALSE(ck::league::find_bot_named(club.daemon().store(), club.config(), "Nobody"));
    club.send(Ada, Referee, "challenge Sparky crazyhouse", "r1@example.org");
    REQUIRE(club.games() == 1);
    auto playing = ck::league::games_with_bots(club.daemon().store(), Sparky);
    REQUIRE(playing);
    CHECK(*playing == std::vector<ck::store::GameId>{ck::core::GameId(1)});
    ck::store::Transaction tx(club.clock().now());
    ck::league::stage_bot_removed(bot, tx);
    REQUIRE(club.daemon().store().commit(tx));
    club.new_outgoing();
    club.send(Ada, Referee, "challenge Sparky crazyhouse", "r2@example.org");
    CHECK(club.games() == 1);
    const auto mails = club.new_outgoing();
    REQUIRE(mails.size() == 1);
    CHECK(has(mails[0].subject, "declined"));
    // The challenger is told why: no use asking again.
    CHECK(has(mails[0].text, "declined your challenge 2: it was removed"));
    CHECK(has(mails[0].text, "accepts no more challenges."));
    // Still a bot (no mail to it, its name marked) and still a player.
    CHECK(ck::league::is_bot_address(club.daemon().store(), Sparky));
    const auto removed = ck::league::find_bot(club.daemon().store(), Sparky);
    REQUIRE(removed);
    CHECK(removed->removed);
    REQUIRE(club.daemon().players().find(Sparky) != nullptr);
}

TEST_CASE("bots: a version 1 record reads as an active bot with no problem", "[daemon][bots]") {
    const auto v1 = ck::league::BotTable::decode(
        Sparky,
        ck::store::record_version_line(ck::league::BotCodec::ns, 1) + Sparky + "\tbelief\t3\n");
    REQUIRE(v1);
    CHECK(v1->engine == "belief");
    CHECK(v1->games == 3);
    CHECK_FALSE(v1->removed);
    CHECK(v1->problem.empty());
    ck::league::Bot b{Sparky, "random", 2, true, "a\tproblem\nin two lines"};
    const auto round = ck::league::BotTable::decode(
        Sparky, ck::store::record_version_line(ck::league::BotCodec::ns, 2) +
                    ck::league::BotCodec::encode(b));
    REQUIRE(round);
    CHECK(round->removed);
    CHECK(round->problem == "a problem in two lines");
}

// The club library keeps a bot's engine spec as text (league/bot_registry.hpp: src/league does
// not include src/bot); the daemon's bot service checks it. A stored spec this build cannot
// parse (edited by hand, or an engine it lacks) is no corrupt record: the registry still reads,
// and the bot declines every challenge (bot_declines gives the parser's reason).
TEST_CASE("bots: a stored engine spec that does not parse is the bot service's to refuse",
          "[daemon][bots]") {
    const auto odd = ck::league::BotTable::decode(
        Sparky, ck::store::record_version_line(ck::league::BotCodec::ns, 2) + Sparky +
                    "\talphazero\t3\tactive\t\n");
    REQUIRE(odd);
    CHECK(odd->engine == "alphazero");
    CHECK_FALSE(ck::league::BotTable::decode(
        Sparky, ck::store::record_version_line(ck::league::BotCodec::ns, 2) + Sparky +
                    "\t\t3\tactive\t\n"));  // no engine at all
    const auto why = ck::daemon::bot_declines(*odd, "crazyhouse", false, false, 0);
    REQUIRE(why);
    CHECK(has(*why, "unknown engine 'alphazero'"));

    Club club("odd-engine");
    auto bot = club.add_bot("Sparky", "random");
    bot.engine = "alphazero";
    ck::store::Transaction tx(club.clock().now());
    ck::league::BotTable::put(tx, bot.address, bot);
    REQUIRE(club.daemon().store().commit(tx));
    auto bots = ck::league::load_bots(club.daemon().store());
    REQUIRE(bots);
    REQUIRE(bots->size() == 1);
    CHECK((*bots)[0].engine == "alphazero");
    club.new_outgoing();
    club.send(Ada, Referee, "challenge Sparky crazyhouse", "odd@example.org");
    CHECK(club.games() == 0);
    const auto mails = club.new_outgoing();
    REQUIRE(mails.size() == 1);
    CHECK(has(mails[0].subject, "declined"));
    CHECK(has(mails[0].text, "declined your challenge 1"));  // why: the operator log's
}

// Issue 18: a bot's turn ends its game through the one game-end path (game_end.hpp
// settle_game), which may create the next Swiss round's games; the pass must lend the bot's
// turns a desk that can create games (mail_pass.cpp: game_desk(), with its creator). Two
// `heuristic` bots paired in round 1 play their game to its end (some twenty plies; the engines
// are seeded from the game id, so it is the same game every run) in the passes after the
// humans' game ended, so a bot's move is the round's last game end, and round 2 must be paired,
// its games started and mailed in that move's transaction.
TEST_CASE("bots: a bot's move ending a Swiss round's last game pairs and starts the next round",
          "[daemon][bots][swiss]") {
    Club club("swiss");
    const std::string bob = "bob@example.net";
    club.add_player("Bob", bob);
    const std::string rook = club.add_bot("Rook", "heuristic").address;
    const std::string knight = club.add_bot("Knight", "heuristic").address;
    ck::daemon::TournamentSpec spec;
    spec.name = "Bot Swiss";
    spec.variant = "crazyhouse";
    spec.system = ck::club::System::Swiss;
    spec.swiss.rounds = 2;
    spec.players = {Ada, rook, bob, knight};  // round 1: Ada-Bob, Rook-Knight
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    if (!id) FAIL(id.error());
    club.flush();  // the game-start mails, without a pass: no bot has moved yet
    club.new_outgoing();
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(ck::club::rounds_paired(*t) == 1);
    REQUIRE(t->pairings.size() == 2);
    const auto address = [&](int player) {
        return t->players[static_cast<std::size_t>(player)].address;
    };
    const ck::club::Pairing* humans = nullptr;
    const ck::club::Pairing* bots = nullptr;
    for (const auto& p : t->pairings) {
        REQUIRE(p.game);
        const bool bot_game = ck::league::is_bot_address(club.daemon().store(), address(p.white));
        CHECK(bot_game == ck::league::is_bot_address(club.daemon().store(), address(p.black)));
        (bot_game ? bots : humans) = &p;
    }
    REQUIRE(humans != nullptr);
    REQUIRE(bots != nullptr);
    const ck::store::GameId humans_game = *humans->game;
    const ck::store::GameId bots_game = *bots->game;

    REQUIRE(club.game(bots_game).record.plies() == 0);
    // The humans' game ends by a resignation (the pass's mail, before its bot turns): round 2
    // waits for the bots' game.
    std::vector<OutMail> mails;
    auto report =
        club.send(address(humans->white), club.reply_address(to_string(humans_game), Color::White),
                  "resign", "swiss-resign@example.org");
    REQUIRE(club.game(humans_game).game.over());
    // The bots play on in that pass and the next ones (each pass's bot budget is bounded); a
    // pass never shows their game over without round 2, nor round 2 without their game's end.
    for (int pass = 0;; ++pass) {
        mails = club.new_outgoing();
        t = ck::league::load_tournament(club.daemon().store(), *id);
        REQUIRE(t);
        const bool over = club.game(bots_game).game.over();
        INFO("pass " << pass << ": " << report.bot_turns << " bot turns, bots' game "
                     << (over ? "over" : "in progress") << ", "
                     << club.game(bots_game).record.plies() << " plies");
        CHECK(over == (ck::club::rounds_paired(*t) == 2));
        if (over) break;
        CHECK(std::none_of(mails.begin(), mails.end(),
                           [](const OutMail& m) { return has(m.subject, "round 2"); }));
        REQUIRE(pass < 50);
        REQUIRE(report.bot_turns > 0);  // a bot turn that fails commits nothing
        club.clock().advance(std::chrono::minutes(10));
        report = club.step();
        CHECK(report.failed == 0);
    }
    // The end was the bots' own (a bot's move), not the clock's nor the operator's.
    const ck::club::Pairing* ended = ck::club::find_game(*t, bots_game);
    REQUIRE(ended);
    CHECK(ended->outcome != ck::club::Outcome::Pending);
    CHECK(ended->ending != ck::club::ForfeitEnding);  // today: a draw by repetition
    const auto record = club.daemon().store().read_game_file(bots_game, "record.pgn");
    REQUIRE(record);
    CHECK_FALSE(has(*record, "time forfeit"));
    CHECK_FALSE(has(*record, "adjudication"));

    // Round 2: paired, each game started (no rematch: a human plays a bot), and each human told
    // in the pass of the bot's move.
    REQUIRE(t->pairings.size() == 4);
    for (const auto& p : t->pairings) {
        REQUIRE(p.game);
        if (p.round != 2) continue;
        CHECK(ck::league::is_bot_address(club.daemon().store(), address(p.white)) !=
              ck::league::is_bot_address(club.daemon().store(), address(p.black)));
        const auto g = club.game(*p.game);
        CHECK(g.meta.white == address(p.white));
        CHECK(g.meta.black == address(p.black));
    }
    CHECK_FALSE(any_to(mails, rook));
    CHECK_FALSE(any_to(mails, knight));
    for (const std::string& human : {Ada, bob}) {
        CAPTURE(human);
        const auto theirs = ck::daemon::test::to(mails, human);
        const auto count = [&](const std::string& part) {
            return std::count_if(theirs.begin(), theirs.end(),
                                 [&](const OutMail& m) { return has(m.subject, part); });
        };
        CHECK(count("New game (Bot Swiss, round 2)") == 1);
        CHECK(count("Standings: Bot Swiss") == 1);
    }
}
