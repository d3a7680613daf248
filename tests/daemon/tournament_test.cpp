// Tournaments through the daemon (daemon/tournaments.hpp, league/tournament_effects.hpp): a
// 4-player double round robin created through the daemon API, every game played to its end by
// player mails (mates, resignations, draws by agreement), then tournament.ini's results, the
// crosstable against golden files, the final standings mail to each player and the PGN archive
// (referee records, each verified) checked; plus the `standings` mail command, and entries by
// mail (`join`/`withdraw`, daemon/tournament_entries.hpp) until start_tournament.
// CK_UPDATE_GOLDEN=1 rewrites the golden files (review them by eye).
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../golden_file.hpp"
#include "club/crosstable.hpp"
#include "club/tournament.hpp"
#include "core/clock.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/tournaments.hpp"
#include "league/game_files.hpp"
#include "mail/codec.hpp"
#include "mail/maildir.hpp"
#include "pgn/reader.hpp"
#include "pgn/referee_record.hpp"
#include "tournament_club.hpp"

namespace fs = std::filesystem;
using ck::rules::Color;

using ck::daemon::test::OutMail;

namespace {

using ck::daemon::test::attachment;
using ck::daemon::test::Roster;

void check_golden(const std::string& name, const std::string& bytes) {
    ck::test::check_golden_file(std::string(CK_TEST_DATA) + "/daemon/tournament/" + name, bytes);
}

class Club : public ck::daemon::test::TournamentClub {
public:
    explicit Club(const std::string& tag) : TournamentClub("tourney-" + tag, "m") {}
};

// How game `k` (1-based, creation order) ends: chosen so that two players tie on points and
// Sonneborn-Berger tells them apart.
enum class Script { WhiteMates, WhiteResigns, Agreed, BlackMates };
Script script_of(std::size_t k) {
    static const Script s[] = {Script::WhiteMates, Script::WhiteResigns, Script::WhiteResigns,
                               Script::BlackMates, Script::Agreed};
    return s[(k - 1) % 5];
}

// Plays game `id` to its end by `s`; returns the mails of the last pass.
std::vector<OutMail> play_out(Club& club, ck::store::GameId id, Script s) {
    using C = Color;
    switch (s) {
        case Script::WhiteMates:  // scholar's mate
            for (const char* m : {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"})
                club.play(
                    id,
                    m == std::string("e4") || m == std::string("Bc4") || m == std::string("Qh5")
                        ? C::White
                        : C::Black,
                    m);
            return club.play(id, C::White, "Qxf7");
        case Script::WhiteResigns:
            club.play(id, C::White, "d4");
            club.play(id, C::Black, "d5");
            return club.play(id, C::White, "resign");
        case Script::Agreed:
            club.play(id, C::White, "e4");
            club.play(id, C::Black, "draw");
            return club.play(id, C::White, "draw");
        case Script::BlackMates:  // fool's mate
            club.play(id, C::White, "f3");
            club.play(id, C::Black, "e5");
            club.play(id, C::White, "g4");
            return club.play(id, C::Black, "Qh4");
    }
    return {};
}

}  // namespace

TEST_CASE("a 4-player double round robin played to the end") {
    Club club("drr");
    ck::daemon::TournamentSpec spec;
    spec.name = "Autumn Cup 2026";
    spec.double_round = true;
    spec.variant = "crazyhouse";
    spec.hidden = true;
    spec.time = "10d";
    for (const auto& p : Roster) spec.players.push_back(p.second);
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    if (!id) FAIL(id.error());
    CHECK(*id == "autumn-cup-2026");

    // All 12 games start at once: 24 game-start mails, 6 per player.
    const auto starts = club.pass();
    CHECK(starts.size() == 24);
    std::map<std::string, int> per_player;
    for (const auto& m : starts) ++per_player[m.to];
    for (const auto& p : Roster) CHECK(per_player[p.second] == 6);

    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 12);
    for (const auto& p : t->pairings) {
        REQUIRE(p.game);
        // The record's tags tie the game to the event.
        auto record = club.daemon().store().read_game_file(*p.game, "record.pgn");
        REQUIRE(record);
        CHECK(record->find("[Event \"Autumn Cup 2026\"]") != std::string::npos);
        CHECK(record->find("[Round \"" + std::to_string(p.round) + "\"]") != std::string::npos);
    }

    // The `standings` command before the end: the current crosstable, to the sender only.
    auto early = club.mail(Roster[2].second, club.config().referee_address, "standings");
    REQUIRE(early.size() == 1);
    CHECK(early[0].to == Roster[2].second);
    CHECK(early[0].subject == "[crazykrieg] Standings: Autumn Cup 2026");
    CHECK(early[0].text.find("Standings after 0 of 12 games") != std::string::npos);

    // Expected points (× 2), counted here from the script and the pairings.
    std::map<std::string, int> expected;
    std::vector<OutMail> last;
    for (std::size_t k = 1; k <= 12; ++k) {
        const auto game = static_cast<ck::store::GameId>(k);
        const auto* p = ck::club::find_game(*t, game);
        REQUIRE(p);
        const std::string& w = t->players[static_cast<std::size_t>(p->white)].address;
        const std::string& b = t->players[static_cast<std::size_t>(p->black)].address;
        const Script s = script_of(k);
        expected[w] += s == Script::WhiteMates ? 2 : s == Script::Agreed ? 1 : 0;
        expected[b] += s == Script::WhiteMates ? 0 : s == Script::Agreed ? 1 : 2;
        last = play_out(club, game, s);
        auto now = ck::league::load_tournament(club.daemon().store(), *id);
        REQUIRE(now);
        CHECK(ck::club::finished_games(*now) == k);
        CHECK(ck::club::finished(*now) == (k == 12));
        // The final standings go out with the last game's end, and only then.
        const auto finals = std::count_if(last.begin(), last.end(), [](const OutMail& m) {
            return m.subject.find("Final standings") != std::string::npos;
        });
        CHECK(finals == (k == 12 ? 4 : 0));
    }

    auto done = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(done);
    for (const auto& s : ck::club::standings(*done)) {
        INFO(done->players[static_cast<std::size_t>(s.player)].address);
        CHECK(s.half_points == expected[done->players[static_cast<std::size_t>(s.player)].address]);
    }
    // Sonneborn-Berger (× 4) worked out by hand from the script: Cy 10.50, Bob 9, Di 8.50,
    // Ada 6.50 (Di and Ada tie on 2½ points).
    const auto table = ck::club::standings(*done);
    REQUIRE(table.size() == 4);
    CHECK(table[0].player == 2);
    CHECK(table[0].sb_quarters == 42);
    CHECK(table[1].player == 1);
    CHECK(table[1].sb_quarters == 36);
    CHECK(table[2].player == 3);
    CHECK(table[2].sb_quarters == 34);
    CHECK(table[3].player == 0);
    CHECK(table[3].sb_quarters == 26);
    const auto endings = [&] {
        std::multiset<std::string> e;
        for (const auto& p : done->pairings) e.insert(p.ending);
        return e;
    }();
    CHECK(endings.count("mate") == 5);
    CHECK(endings.count("resign") == 5);
    CHECK(endings.count("agreed") == 2);

    const std::string text = ck::club::crosstable_text(*done);
    const std::string html = ck::club::crosstable_html(*done);
    check_golden("crosstable.txt", text);
    check_golden("crosstable.html", html);
    // The event's record in the store: its version line, then the tournament.ini text.
    const std::string* record = club.daemon().store().record(ck::league::TournamentCodec::ns, *id);
    REQUIRE(record);
    REQUIRE(record->rfind("ck-tournaments 1\n", 0) == 0);
    check_golden("tournament.ini", record->substr(record->find('\n') + 1));

    // The final standings mail: to every player once, crosstable text and HTML, the archive.
    std::set<std::string> got;
    std::string archive;
    for (const auto& m : last) {
        if (m.subject != "[crazykrieg] Final standings: Autumn Cup 2026") continue;
        got.insert(m.to);
        CHECK(m.text.find("Final standings") != std::string::npos);
        CHECK(m.raw.find("text/html") != std::string::npos);
        auto a = attachment(m.raw, "tournament-autumn-cup-2026.pgn");
        REQUIRE(a);
        if (archive.empty()) archive = *a;
        CHECK(*a == archive);
    }
    CHECK(got.size() == 4);

    // The archive: 12 referee records, each verified, in pairing order, with the event's tags.
    std::istringstream in(archive);
    ck::pgn::GameSplitter split(in);
    int games = 0;
    std::multiset<std::string> results;
    while (auto g = split.next()) {
        const std::string one(g->text);
        if (one.find("[Event") == std::string::npos) continue;
        ++games;
        auto check = ck::pgn::verify_referee_record(one, g->first_line);
        if (!check) FAIL("game " << games << ": " << check.error().message);
        results.insert(check->result);
        CHECK(one.find("[Event \"Autumn Cup 2026\"]") != std::string::npos);
    }
    CHECK(games == 12);
    CHECK(results.count("1-0") == 3);
    CHECK(results.count("0-1") == 7);
    CHECK(results.count("1/2-1/2") == 2);
    CHECK(club.daemon().store().record(ck::league::TournamentCodec::ns, *id));
    CHECK(ck::league::tournament_archive(club.daemon().store(), *done).value() == archive);
}

TEST_CASE("a hidden game in progress stays out of the archive") {
    Club club("hidden");
    ck::daemon::TournamentSpec spec;
    spec.name = "Small";
    spec.variant = "crazyhouse";
    spec.hidden = true;
    spec.players = {Roster[0].second, Roster[1].second, Roster[2].second};
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(id);
    club.pass();
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 3);
    auto empty = ck::league::tournament_archive(club.daemon().store(), *t);
    REQUIRE(empty);
    CHECK(empty->empty());
    play_out(club, ck::core::GameId(2), Script::WhiteResigns);
    club.play(ck::core::GameId(1), Color::White, "e4");  // in progress: not shown
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    auto one = ck::league::tournament_archive(club.daemon().store(), *t);
    REQUIRE(one);
    CHECK(std::count(one->begin(), one->end(), '\n') > 0);
    CHECK(one->find("[Event \"Small\"]") != std::string::npos);
    std::size_t events = 0;  // game 2 only: game 1 is in progress, game 3 not begun
    for (auto at = one->find("[Event "); at != std::string::npos; at = one->find("[Event ", at + 1))
        ++events;
    CHECK(events == 1);
    CHECK(one->find("0-1") != std::string::npos);

    // `standings` from a game's reply address: the sender's event.
    auto reply = club.play(ck::core::GameId(1), Color::Black, "standings");
    REQUIRE(reply.size() == 1);
    CHECK(reply[0].subject == "[crazykrieg] Standings: Small");
    // An unknown name: the no-event answer.
    auto none = club.mail(Roster[3].second, club.config().referee_address, "standings nosuch");
    REQUIRE(none.size() == 1);
    CHECK(none[0].text.find("You play in no tournament") != std::string::npos);
}

TEST_CASE("a forfeit on time ends a tournament game through the same hook") {
    Club club("forfeit");
    ck::daemon::TournamentSpec spec;
    spec.name = "Blitz by mail";
    spec.variant = "crazyhouse";
    spec.time = "1d";
    spec.players = {Roster[0].second, Roster[1].second};
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(id);
    club.pass();
    club.clock().advance(std::chrono::hours(49));  // White never moves
    const auto mails = club.pass();
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 1);
    CHECK(t->pairings[0].outcome == ck::club::Outcome::BlackWins);
    CHECK(t->pairings[0].ending == "forfeit");
    CHECK(ck::club::finished(*t));
    const auto finals = std::count_if(mails.begin(), mails.end(), [](const OutMail& m) {
        return m.subject == "[crazykrieg] Final standings: Blitz by mail";
    });
    CHECK(finals == 2);
    const std::string text = ck::club::crosstable_text(*t);
    const auto row = [&](const std::string& name) {
        const auto at = text.find(name);
        REQUIRE(at != std::string::npos);
        return text.substr(at, text.find('\n', at) - at);
    };
    CHECK(row("Bob Black").find('+') != std::string::npos);  // won by forfeit
    CHECK(row("Ada White").find('-') != std::string::npos);  // lost by forfeit
}

TEST_CASE("players join by mail until the organiser starts the event") {
    Club club("entries");
    const std::string& ref = club.config().referee_address;
    const std::string &ada = Roster[0].second, &bob = Roster[1].second, &cy = Roster[2].second,
                      &di = Roster[3].second;
    ck::daemon::TournamentSpec spec;
    spec.name = "Open Winter";
    spec.variant = "crazyhouse";
    spec.time = "5d";
    spec.entries_open = true;
    spec.players = {ada};  // the organiser may enter players too
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    if (!id) FAIL(id.error());
    CHECK(*id == "open-winter");
    CHECK(club.pass().empty());  // no game yet, no mail
    const auto load = [&] {
        auto t = ck::league::load_tournament(club.daemon().store(), *id);
        if (!t) FAIL(t.error());
        return std::move(*t);
    };
    CHECK(load().entries_open);
    CHECK(load().pairings.empty());
    CHECK_FALSE(club.daemon().store().list_games().value().size());

    const auto one = [](const std::vector<OutMail>& mails, const std::string& to) {
        REQUIRE(mails.size() == 1);
        CHECK(mails[0].to == to);
        return mails[0];
    };
    const auto says = [](const OutMail& m, const std::string& phrase) {
        std::string flat = m.text;  // the text part is wrapped at 78 columns
        std::replace(flat.begin(), flat.end(), '\n', ' ');
        return flat.find(phrase) != std::string::npos;
    };
    // The id is case-insensitive; the answer goes to the registered address.
    auto joined = one(club.mail(bob, ref, "Join Open-Winter", "join-bob@example.net"), bob);
    CHECK(joined.subject == "[crazykrieg] Entered Open Winter");
    CHECK(says(joined, "2 players have entered so far"));
    CHECK(says(joined, "withdraw open-winter"));
    // The same mail again (replayed Message-ID) changes nothing and gets no answer.
    CHECK(club.mail(bob, ref, "Join Open-Winter", "join-bob@example.net").empty());
    CHECK(load().players.size() == 2);

    one(club.mail(cy, ref, "join open-winter"), cy);
    auto twice = club.mail(di, ref, "join open-winter\njoin open-winter");
    REQUIRE(twice.size() == 1);  // one answer per mail
    CHECK(twice[0].subject == "[crazykrieg] Entered Open Winter");
    CHECK(says(twice[0], "=== [crazykrieg] Already entered in Open Winter ==="));
    CHECK(load().players.size() == 4);

    auto out = one(club.mail(di, ref, "withdraw open-winter"), di);
    CHECK(out.subject == "[crazykrieg] Withdrawn from Open Winter");
    CHECK(says(out, "3 players remain entered"));
    CHECK(one(club.mail(di, ref, "withdraw open-winter"), di).subject ==
          "[crazykrieg] Not entered in Open Winter");
    CHECK(one(club.mail(di, ref, "join nosuch"), di).subject ==
          "[crazykrieg] No tournament nosuch");

    // `standings` while entries are open: the entry list.
    auto list = one(club.mail(cy, ref, "standings"), cy);
    CHECK(list.text.find("Entries open: 3 players so far") != std::string::npos);
    CHECK(list.text.find(" 2 Bob Black") != std::string::npos);

    const std::vector<std::string> expected = {ada, bob, cy};
    std::vector<std::string> entered;
    for (const auto& p : load().players) entered.push_back(p.address);
    CHECK(entered == expected);

    // The organiser closes the entries: 3 games at once, 2 game-start mails per player.
    auto started = ck::daemon::start_tournament(club.daemon(), *id, club.clock());
    if (!started) FAIL(started.error());
    CHECK(*started == 3);
    const auto starts = club.pass();
    CHECK(starts.size() == 6);
    std::map<std::string, int> per_player;
    for (const auto& m : starts) ++per_player[m.to];
    for (const auto& a : expected) CHECK(per_player[a] == 2);
    CHECK(per_player[di] == 0);
    const auto t = load();
    CHECK_FALSE(t.entries_open);
    CHECK(t.pairings.size() == 3);
    for (const auto& p : t.pairings) CHECK(p.game);

    // After the start: no more entries or withdrawals; a player is told they are in.
    CHECK(one(club.mail(di, ref, "join open-winter"), di).subject ==
          "[crazykrieg] Open Winter: entries are closed");
    CHECK(one(club.mail(bob, ref, "withdraw open-winter"), bob).subject ==
          "[crazykrieg] Open Winter: entries are closed");
    CHECK(one(club.mail(bob, ref, "join open-winter"), bob).subject ==
          "[crazykrieg] Already entered in Open Winter");
    CHECK(load().players.size() == 3);
    // Starting twice is refused and changes nothing.
    auto again = ck::daemon::start_tournament(club.daemon(), *id, club.clock());
    REQUIRE_FALSE(again);
    CHECK(again.error().detail.find("not taking entries") != std::string::npos);
    CHECK(club.daemon().store().list_games().value().size() == 3);
}

// docs/mail-protocol.md "In what order a mail's commands act": each line of a club mail acts
// where it stands, through the one command table.
TEST_CASE("a club mail's commands act in the order written") {
    Club club("written-order");
    const std::string& ref = club.config().referee_address;
    const std::string &ada = Roster[0].second, &bob = Roster[1].second;
    ck::daemon::TournamentSpec spec;
    spec.name = "Open Winter";
    spec.variant = "crazyhouse";
    spec.time = "5d";
    spec.entries_open = true;
    spec.players = {ada};
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    if (!id) FAIL(id.error());
    CHECK(club.pass().empty());
    const auto entered = [&] {
        auto t = ck::league::load_tournament(club.daemon().store(), *id);
        if (!t) FAIL(t.error());
        return t->players.size();
    };

    // The standings before the entry do not list Bob; those after it, in the same mail, do.
    auto mails =
        club.mail(bob, ref, "standings open-winter\njoin open-winter\nstandings open-winter");
    REQUIRE(mails.size() == 1);  // one answer per mail
    const std::string& text = mails[0].text;
    const auto entry = text.find("=== [crazykrieg] Entered Open Winter ===");
    REQUIRE(entry != std::string::npos);
    CHECK(text.substr(0, entry).find("Bob Black") == std::string::npos);
    CHECK(text.find(" 2 Bob Black", entry) != std::string::npos);
    CHECK(entered() == 2);

    // `withdraw` then `join`: entered again; `join` then `withdraw`: out.
    club.mail(bob, ref, "withdraw open-winter\njoin open-winter");
    CHECK(entered() == 2);
    club.mail(bob, ref, "join open-winter\nwithdraw open-winter");
    CHECK(entered() == 1);
}

TEST_CASE("an event taking entries needs two players to start; an event with players takes none") {
    Club club("entries-few");
    const std::string& ref = club.config().referee_address;
    ck::daemon::TournamentSpec spec;
    spec.name = "Lonely";
    spec.variant = "chess";
    spec.entries_open = true;
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    if (!id) FAIL(id.error());
    club.mail(Roster[0].second, ref, "join lonely");
    auto refused = ck::daemon::start_tournament(club.daemon(), *id, club.clock());
    REQUIRE_FALSE(refused);
    CHECK(refused.error().detail.find("needs 2") != std::string::npos);
    CHECK(club.daemon().store().list_games().value().empty());
    CHECK(ck::league::load_tournament(club.daemon().store(), *id).value().entries_open);

    ck::daemon::TournamentSpec fixed;
    fixed.name = "Fixed";
    fixed.variant = "chess";
    fixed.players = {Roster[0].second, Roster[1].second};
    auto fid = ck::daemon::create_tournament(club.daemon(), fixed, club.clock());
    REQUIRE(fid);
    club.pass();
    auto closed = club.mail(Roster[2].second, ref, "join fixed");
    REQUIRE(closed.size() == 1);
    CHECK(closed[0].subject == "[crazykrieg] Fixed: entries are closed");
    // Sent to a game's reply address, `join` is no game command: the help mail, nothing joined.
    auto help = club.play(ck::core::GameId(1), Color::White, "join lonely");
    REQUIRE(help.size() == 1);
    CHECK(ck::league::load_tournament(club.daemon().store(), *id).value().players.size() == 1);
}

TEST_CASE("a tournament under a rule set plays every game under it") {
    Club club("rules");
    ck::daemon::TournamentSpec spec;
    spec.name = "Wild Cup";
    spec.variant = "chess";
    spec.hidden = true;
    spec.rules = "Wild16";
    spec.players = {Roster[0].second, Roster[1].second, Roster[2].second};
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(id);
    club.pass();
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    CHECK(t->settings.rules == ck::referee::RuleSet::Wild16);
    REQUIRE(t->pairings.size() == 3);
    for (const auto& p : t->pairings) {
        REQUIRE(p.game);
        auto record = club.daemon().store().read_game_file(*p.game, "record.pgn");
        REQUIRE(record);
        CHECK(record->find("[Kriegspiel \"wild16\"]") != std::string::npos);
    }
    // An unknown rule set, or one for open play, is refused before any game starts.
    spec.rules = "nosuchrules";
    CHECK_FALSE(ck::daemon::create_tournament(club.daemon(), spec, club.clock()));
    spec.rules = "rand";
    spec.hidden = false;
    CHECK_FALSE(ck::daemon::create_tournament(club.daemon(), spec, club.clock()));
}

TEST_CASE("a Swiss round's last game end pairs and starts the next round in its transaction") {
    Club club("swiss");
    ck::daemon::TournamentSpec spec;
    spec.name = "Swiss by mail";
    spec.variant = "crazyhouse";
    spec.system = ck::club::System::Swiss;
    spec.swiss.rounds = 2;
    for (const auto& [name, address] : Roster) spec.players.push_back(address);
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(id);
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->pairings.size() == 2);
    CHECK(ck::club::rounds_paired(*t) == 1);
    const auto count = [](const std::vector<OutMail>& mails, const std::string& part) {
        return std::count_if(mails.begin(), mails.end(), [&](const OutMail& m) {
            return m.subject.find(part) != std::string::npos;
        });
    };
    club.pass();
    // The first game's end: round 2 waits.
    auto mails = club.play(*t->pairings[0].game, Color::White, "resign");
    CHECK(count(mails, "New game") == 0);
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    CHECK(ck::club::rounds_paired(*t) == 1);
    // The last game's end: one mail, one transaction, holding round 2's games and mails.
    mails = club.play(*t->pairings[1].game, Color::White, "resign");
    CHECK(count(mails, "Game over") == 2);
    CHECK(count(mails, "New game (Swiss by mail, round 2)") == 4);
    CHECK(count(mails, "Standings: Swiss by mail") == 4);
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    CHECK(ck::club::rounds_paired(*t) == 2);
    REQUIRE(t->pairings.size() == 4);
    for (const auto& p : t->pairings) CHECK(p.game);
    // No rematch: round 2 pairs the winners and the losers of round 1.
    CHECK(ck::club::crosstable_text(*t).find("Round 2 pairings:") != std::string::npos);
    mails = club.play(*t->pairings[2].game, Color::White, "resign");
    CHECK(count(mails, "Final standings") == 0);
    mails = club.play(*t->pairings[3].game, Color::White, "resign");
    CHECK(count(mails, "Final standings: Swiss by mail") == 4);
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    CHECK(ck::club::finished(*t));
}

TEST_CASE("a late entry by mail into a Swiss under way is paired from the next round") {
    // docs/swiss.md "Late entries": Di joins while round 1 is played; the answer, the entry in
    // tournament.ini and round 2's pairing come from the mails' transactions; the same mail
    // again changes nothing.
    Club club("swiss-late");
    const std::string& ref = club.config().referee_address;
    ck::daemon::TournamentSpec spec;
    spec.name = "Late Swiss";
    spec.variant = "crazyhouse";
    spec.system = ck::club::System::Swiss;
    spec.swiss.rounds = 3;
    for (int i = 0; i < 3; ++i) spec.players.push_back(Roster[static_cast<std::size_t>(i)].second);
    auto id = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(id);
    club.pass();
    const std::string& di = Roster[3].second;
    auto answer = club.mail(di, ref, "join " + *id, "late-di@example.org");
    REQUIRE(answer.size() == 1);
    CHECK(answer[0].to == di);
    CHECK(answer[0].subject == "[crazykrieg] Entered Late Swiss from round 2");
    CHECK(club.mail(di, ref, "join " + *id, "late-di@example.org").empty());  // a replay
    auto again = club.mail(di, ref, "join " + *id);
    REQUIRE(again.size() == 1);
    CHECK(again[0].subject == "[crazykrieg] Already entered in Late Swiss");
    auto t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    REQUIRE(t->players.size() == 4);
    REQUIRE(t->late_entries.size() == 1);
    CHECK(t->late_entries[0].player == 3);
    CHECK(t->late_entries[0].from_round == 2);
    REQUIRE(t->pairings.size() == 1);  // round 1: one game and the pairing-allocated bye
    auto mails = club.play(*t->pairings[0].game, Color::White, "resign");
    const auto starts = std::count_if(mails.begin(), mails.end(), [](const OutMail& m) {
        return m.subject.find("New game (Late Swiss, round 2)") != std::string::npos;
    });
    CHECK(starts == 4);  // two games: Di plays
    t = ck::league::load_tournament(club.daemon().store(), *id);
    REQUIRE(t);
    bool di_plays = false;
    for (const auto& p : t->pairings)
        di_plays = di_plays || (p.round == 2 && (p.white == 3 || p.black == 3));
    CHECK(di_plays);
    CHECK(ck::club::crosstable_text(*t).find("rounds before entering: Z") != std::string::npos);
}
