// Answers that explain (issue "Played to the end", D8-D16, D21, D22): what the referee says by
// mail when a player writes a game command to the club's address, a leave or challenge it cannot
// do, follows a game, ends a tournament, or asks for a record; each case through Daemon::step
// on the Maildir default, as a player would meet it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "daemon/mail_pass.hpp"
#include "daemon/tournaments.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"

using ck::daemon::test::OutMail;
using ck::rules::Color;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const std::string Referee = "referee@club.example";

// Whether `what` is in `text` once the text part's line wrapping is undone (a sentence may be
// broken over lines at any space).
bool has(const std::string& text, const std::string& what) {
    std::string flat;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') continue;
        const bool wrap = text[i] == '\n' && i + 1 < text.size() && text[i + 1] != '\n' &&
                          text[i + 1] != '>' && !flat.empty() && flat.back() != '\n';
        flat += wrap ? ' ' : text[i];
    }
    return text.find(what) != std::string::npos || flat.find(what) != std::string::npos;
}

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag)
        : DaemonFixture("answers-" + tag, ck::daemon::test::fixed_start()) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
    }

    ck::store::GameId new_game(const std::string& variant, bool hidden,
                               const std::string& time = "") {
        ck::daemon::NewGame spec;
        spec.variant = variant;
        spec.hidden = hidden;
        spec.white = Ada;
        spec.black = Bob;
        spec.time = time;
        auto id = daemon_->new_game(spec, clock_);
        if (!id) FAIL("new game: " << id.error().detail);
        return *id;
    }

    // A new mail from `from` to `to`; the mails of the pass that reads it.
    std::vector<OutMail> mail(const std::string& from, const std::string& to,
                              const std::string& body) {
        ++sent_;
        deliver("From: Player <" + from + ">\r\nTo: <" + to +
                ">\r\nSubject: hello\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <a" +
                std::to_string(sent_) + "@example.org>\r\nContent-Type: text/plain; " +
                "charset=utf-8\r\n\r\n" + body + "\r\n");
        return pass();
    }

    // Player `c` of game `game` writes `body` to the game's reply address.
    std::vector<OutMail> play(ck::store::GameId game, Color c, const std::string& body) {
        return mail(c == Color::White ? white_of(game) : black_of(game),
                    reply_address(to_string(game), c), body);
    }

    std::vector<OutMail> pass() {
        clock_.advance(std::chrono::minutes(10));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

private:
    std::string white_of(ck::store::GameId g) { return meta(g).white; }
    std::string black_of(ck::store::GameId g) { return meta(g).black; }
    ck::league::GameMeta meta(ck::store::GameId g) {
        auto ini = daemon_->store().read_game_file(g, "game.ini");
        REQUIRE(ini);
        auto m = ck::league::parse_game_ini(*ini);
        REQUIRE(m);
        return *m;
    }
    int sent_ = 0;
};

const OutMail& only_mail(const std::vector<OutMail>& mails, const std::string& to) {
    const auto mine = ck::daemon::test::to(mails, to);
    REQUIRE(mine.size() == 1);
    static OutMail kept;
    kept = mine[0];
    return kept;
}

}  // namespace

TEST_CASE("D8: a game command at the club's address is quoted back with the sender's games",
          "[daemon][club_mail][answers]") {
    Club club("d8");
    club.new_game("crazyhouse", true);
    club.pass();
    for (const std::string body : {"e4", "resign", "leave 5", "Nxe4\r\nsay gotcha"}) {
        const auto mails = club.mail(Ada, Referee, body);
        REQUIRE(mails.size() == 1);  // nothing for Bob: no game was touched
        const OutMail& m = only_mail(mails, Ada);
        CHECK(m.subject == "[crazykrieg] Game commands belong in a reply to your game's mail");
        CHECK(has(m.text, "> " + body.substr(0, body.find('\r'))));
        CHECK(has(m.text, "reply to the referee's latest mail about your game (game #1)"));
        CHECK(has(m.text, "#1 crazyhouse (Kriegspiel), White against Bob Black, move 1"));
    }
    // The game is untouched: White still to move, nothing resigned, no leave booked.
    const auto board = club.play(ck::core::GameId(1), Color::White, "board");
    CHECK(has(only_mail(board, Ada).text, "It is your move"));
    // A line that is no command at all is still "not understood" (with help).
    const auto hello = club.mail(Ada, Referee, "hello there");
    CHECK(only_mail(hello, Ada).subject == "[crazykrieg] Unknown command");
}

TEST_CASE("D9: a refused leave says why apart from the line; leave mails show the deadline",
          "[daemon][clock][leave][answers]") {
    Club club("d9");
    club.new_game("chess", false, "3d");
    club.pass();
    // Booked: White is to move, so the deadline moves by the leave (3d + 28d after the start).
    const auto booked = club.play(ck::core::GameId(1), Color::White, "leave 28");
    REQUIRE(booked.size() == 2);
    for (const OutMail& m : booked) CHECK(has(m.text, "Deadline: 2026-12-22"));
    CHECK(has(only_mail(booked, Ada).text, "Your leave of 28 days is booked"));
    // Over the allowance: the line as written, the reason on its own.
    const auto over = club.play(ck::core::GameId(1), Color::White, "leave 5");
    const OutMail& m = only_mail(over, Ada);
    CHECK(m.subject == "[crazykrieg] Command not done");
    CHECK(has(m.text, "> leave 5\n"));
    CHECK(has(m.text, "No leave was booked: 5 days of leave exceed the 30 days a year allowed"));
    CHECK_FALSE(has(m.text, "did not understand"));
    // Out of range or malformed: the allowed range.
    for (const std::string line : {"leave 0", "leave", "leave 2 days"}) {
        const OutMail& r = only_mail(club.play(ck::core::GameId(1), Color::White, line), Ada);
        CHECK(r.subject == "[crazykrieg #1] Command not done");
        CHECK(has(r.text, "> " + line + "\n"));
        CHECK(has(r.text, "leave takes one number of days, from 1 to 365"));
    }
    // One day is "day".
    club.play(ck::core::GameId(1), Color::White, "e4");
    CHECK(has(only_mail(club.play(ck::core::GameId(1), Color::Black, "leave 1"), Bob).text,
              "Your leave of 1 day is booked"));
}

TEST_CASE("D11: challenge words: kriegspiel is a variant, a wrong word is named",
          "[daemon][challenge][answers]") {
    Club club("d11");
    // `kriegspiel` as on the command line: hidden chess.
    const auto k = club.mail(Ada, Referee, "challenge bob@example.net kriegspiel");
    CHECK(has(only_mail(k, Bob).text, "  chess (hidden), time control"));
    // A misspelt rule set: named, with the nearest word.
    const OutMail& typo = only_mail(
        club.mail(Ada, Referee, "challenge bob@example.net crazyhouse hidden berkley"), Ada);
    CHECK(typo.subject == "[crazykrieg] Command not done");
    CHECK(has(typo.text, "> challenge bob@example.net crazyhouse hidden berkley\n"));
    CHECK(has(typo.text, "\"berkley\" is not a rule set"));
    CHECK(has(typo.text, "(did you mean berkeley?)"));
    // A name where the address goes, an unknown variant.
    const OutMail& name = only_mail(club.mail(Ada, Referee, "challenge Ben chess"), Ada);
    CHECK(has(name.text, "\"Ben\" is not a mail address"));
    const OutMail& variant =
        only_mail(club.mail(Ada, Referee, "challenge bob@example.net crazyhous"), Ada);
    CHECK(has(variant.text, "\"crazyhous\" is not a variant (did you mean crazyhouse?)"));
    // The help names the rule-set word.
    const OutMail& help = only_mail(club.mail(Ada, Referee, "help"), Ada);
    CHECK(has(help.text, "challenge ADDRESS VARIANT [hidden] [RULES] [casual] [TIME]"));
    CHECK(has(help.text, "wild16"));
}

TEST_CASE("D12: challenge mails say rated or casual", "[daemon][challenge][answers]") {
    Club club("d12");
    const auto casual =
        club.mail(Ada, Referee, "challenge bob@example.net crazyhouse hidden wild16 casual 5d");
    CHECK(has(only_mail(casual, Bob).text,
              "crazyhouse (hidden, wild16 rules), time control 5d, casual (not rated)\n"));
    CHECK(has(only_mail(casual, Ada).text,
              "crazyhouse (hidden, wild16 rules), time control 5d, casual (not rated)\n"));
    const auto rated = club.mail(Ada, Referee, "challenge bob@example.net loop 3d");
    CHECK(has(only_mail(rated, Bob).text, "  loop, time control 3d, rated\n"));
    CHECK(has(only_mail(rated, Ada).text, "  loop, time control 3d, rated\n"));
}

TEST_CASE("D13: followers are told how to stop following", "[daemon][spectator][answers]") {
    Club club("d13");
    club.new_game("chess", false);
    club.pass();
    REQUIRE(club.daemon().add_player("Cy", "cy@example.com"));
    const OutMail& following =
        only_mail(club.mail("cy@example.com", Referee, "follow 1"), "cy@example.com");
    CHECK(has(following.text, "To stop following, send the line \"unfollow 1\""));
    CHECK_FALSE(has(following.text, "ask the club's organiser"));
    const auto turn = club.play(ck::core::GameId(1), Color::White, "e4");
    CHECK(has(only_mail(turn, "cy@example.com").text, "\"unfollow 1\""));
    // The end: following is over, no instruction to stop.
    const auto end = club.play(ck::core::GameId(1), Color::Black, "resign");
    const OutMail& last = only_mail(end, "cy@example.com");
    CHECK(has(last.text, "This is the last mail about game 1"));
    CHECK_FALSE(has(last.text, "To stop following"));
    // A game that does not exist: no game tag in the subject.
    CHECK(only_mail(club.mail("cy@example.com", Referee, "follow 99"), "cy@example.com").subject ==
          "[crazykrieg] Cannot follow game 99");
}

TEST_CASE(
    "D15/D16: tournament mails name the event; final standings come last, rated after "
    "the last game",
    "[daemon][tournament][answers]") {
    Club club("d15");
    ck::daemon::TournamentSpec spec;
    spec.name = "Spring Open";
    spec.variant = "chess";
    spec.players = {Ada, Bob};
    auto first = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    if (!first) FAIL("tournament: " << first.error());
    CHECK(*first == "spring-open");
    auto second = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(second);
    CHECK(*second == "spring-open-2");
    const auto starts = club.pass();
    REQUIRE(starts.size() == 4);
    for (const OutMail& m : starts) {
        CHECK(has(m.subject, "New game (Spring Open, round 1): you play"));
        CHECK(has(m.text, "It is a game of round 1 of the tournament Spring Open"));
    }
    CHECK(has(starts[0].text, "(id spring-open:"));
    CHECK(has(starts[2].text, "(id spring-open-2:"));

    // Game 2 (spring-open-2) ends: its final standings follow the game-end mails and show the
    // ratings after the game.
    const auto end = club.play(ck::core::GameId(2), Color::White, "resign");
    std::vector<std::string> subjects;
    for (const OutMail& m : end)
        if (m.to == Ada) subjects.push_back(m.subject);
    REQUIRE(subjects.size() == 2);
    CHECK(subjects[0] == "[crazykrieg #2] Game over: 0-1");
    CHECK(subjects[1] == "[crazykrieg] Final standings: Spring Open (spring-open-2)");
    const OutMail& game_end = ck::daemon::test::to(end, Ada)[0];
    const auto arrow = game_end.text.find("Ada White: ");
    REQUIRE(arrow != std::string::npos);
    const auto after = game_end.text.find("-> ", arrow);
    REQUIRE(after != std::string::npos);
    const std::string new_rating =
        game_end.text.substr(after + 3, game_end.text.find_first_of(" \n", after + 3) - after - 3);
    CHECK(has(ck::daemon::test::to(end, Ada)[1].text, new_rating));
    // Ids stay letters of the name, accents kept as their letter.
    spec.name =
        "\xC3\x9Cn\xC3\xAF"
        "code Cup!";
    auto unicode = ck::daemon::create_tournament(club.daemon(), spec, club.clock());
    REQUIRE(unicode);
    CHECK(*unicode == "unicode-cup");
}

TEST_CASE("D21: the record mail names its attachment", "[daemon][answers]") {
    Club club("d21");
    club.new_game("crazyhouse", true);
    club.pass();
    const OutMail& m = only_mail(club.play(ck::core::GameId(1), Color::White, "pgn"), Ada);
    CHECK(has(m.text, "is attached as crazykrieg-1-white.pgn."));
    CHECK(has(m.raw, "filename=\"crazykrieg-1-white.pgn\""));
}

TEST_CASE("D22: game-start wording, time control, and the help of an open chess game",
          "[daemon][answers]") {
    Club club("d22");
    // Half a second into the day: the deadline is still "50d 0h" away, not "49d 23h".
    club.clock().advance(std::chrono::milliseconds(500));
    club.new_game("chess", false, "10/50d");
    const auto starts = club.pass();
    const OutMail& start = only_mail(starts, Ada);
    CHECK(has(start.text, "A new game of chess has begun."));
    CHECK(has(start.text, "Time control: 10/50d."));
    CHECK(has(start.text, "(50d 0h left)"));
    club.new_game("crazyhouse", true);
    CHECK(has(only_mail(club.pass(), Ada).text,
              "A new game of crazyhouse, played as Kriegspiel, has begun."));
    // Open chess: neither drops nor any? in the help.
    const OutMail& help = only_mail(club.play(ck::core::GameId(1), Color::White, "help"), Ada);
    CHECK_FALSE(has(help.text, "N@f5"));
    CHECK_FALSE(has(help.text, "any?"));
    CHECK(has(help.text, "e4, Nf3, exd5, O-O"));
}

TEST_CASE("D22: the forfeit mail gives the result and names the attached record",
          "[daemon][clock][answers]") {
    Club club("d22-forfeit");
    club.new_game("chess", false, "1d");
    club.pass();
    club.clock().advance(std::chrono::hours(25));  // White never moves
    const auto mails = club.pass();
    const OutMail& m = only_mail(mails, Ada);
    CHECK(m.subject == "[crazykrieg #1] Game over: White lost on time");
    CHECK(has(m.text, "White lost on time. Black wins. (0-1)"));
    CHECK(has(m.text, "The referee's full record of the game, with every move, is attached."));
    CHECK(has(m.raw, "filename=\"crazykrieg-1.pgn\""));
}
