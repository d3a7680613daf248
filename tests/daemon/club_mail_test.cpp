// Mail that acts on no game: the `games` command (daemon/club_mail.hpp) and unknown senders
// (daemon/unknown_sender.hpp), through Daemon::handle/step on the Maildir default.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "daemon/club_mail.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/unknown_sender.hpp"
#include "daemon_fixture.hpp"
#include "league/rate_limits.hpp"
#include "mail/maildir.hpp"
#include "store/outbox.hpp"

namespace fs = std::filesystem;
using ck::league::Config;
using ck::rules::Color;

using ck::daemon::test::has;
using ck::daemon::test::OutMail;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const std::string Cleo = "cleo@example.com";
const std::string Stranger = "stranger@elsewhere.example";
const std::string Referee = "referee@club.example";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag,
                  Config::UnknownSenderReply unknown = Config::UnknownSenderReply::None)
        : DaemonFixture("club-" + tag, ck::daemon::test::fixed_start(),
                        [unknown](Config& c) { c.unknown_sender_reply = unknown; }) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        add_player("Cleo", Cleo);
    }

    ck::store::GameId new_game(const std::string& white, const std::string& black,
                               const std::string& variant = "crazyhouse", bool hidden = true) {
        ck::daemon::NewGame spec;
        spec.variant = variant;
        spec.hidden = hidden;
        spec.white = white;
        spec.black = black;
        auto id = daemon_->new_game(spec, clock_);
        REQUIRE(id);
        pass();  // sends the game-start mails
        return *id;
    }

    std::vector<OutMail> send(const std::string& from, const std::string& to,
                              const std::string& body, const std::string& message_id,
                              const std::string& extra_headers = "") {
        deliver(mail(from, to, body, message_id, extra_headers));
        return pass();
    }

    std::vector<OutMail> pass() {
        clock_.advance(std::chrono::minutes(10));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    static std::string mail(const std::string& from, const std::string& to, const std::string& body,
                            const std::string& message_id, const std::string& extra_headers = "") {
        return extra_headers + "From: Someone <" + from + ">\r\nTo: <" + to +
               ">\r\nSubject: hello\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
               message_id +
               ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
               "\r\n";
    }
};

}  // namespace

TEST_CASE("games: a registered player's plain mail to the referee lists their games",
          "[daemon][club_mail]") {
    Club club("games");
    const auto g1 = club.new_game(Ada, Bob);                 // Ada White, her move
    const auto g2 = club.new_game(Bob, Ada, "loop", false);  // Ada Black, waiting
    const auto g3 = club.new_game(Bob, Cleo);                // not Ada's
    REQUIRE(g1 == ck::core::GameId(1));
    REQUIRE(g2 == ck::core::GameId(2));
    REQUIRE(g3 == ck::core::GameId(3));

    auto m = club.send(Ada, Referee, "games", "g1@ada.example.org");
    REQUIRE(m.size() == 1);
    CHECK(m[0].to == Ada);
    CHECK(m[0].subject == "[crazykrieg] Your games");
    const std::string& t = m[0].text;
    CHECK(has(t, "#1 crazyhouse (Kriegspiel), White against Bob Black, move 1: your move"));
    CHECK(has(t, "#2 loop, Black against Bob Black, move 1: waiting"));
    CHECK_FALSE(has(t, "#3"));
    CHECK_FALSE(has(t, "Cleo"));

    // Bob has three games, Cleo one; a player with none is told so.
    auto b = club.send(Bob, Referee, "GAMES", "g2@bob.example.net");
    REQUIRE(b.size() == 1);
    CHECK(has(b[0].text, "#1 "));
    CHECK(has(b[0].text, "#2 "));
    CHECK(has(b[0].text, "#3 "));
    REQUIRE(club.daemon().add_player("Dan", "dan@example.org"));
    auto d = club.send("dan@example.org", Referee, "games", "g3@dan.example.org");
    REQUIRE(d.size() == 1);
    CHECK(has(d[0].text, "You have no games in progress."));

    // A move moves the turn: Ada's game 1 is now waiting, Bob's is his move (move 1 for Black).
    auto mv = club.send(Ada, club.reply_address("1", Color::White), "e4", "mv@ada.example.org");
    CHECK(mv.size() == 2);
    auto again = club.send(Ada, Referee, "games", "g4@ada.example.org");
    REQUIRE(again.size() == 1);
    CHECK(
        has(again[0].text, "#1 crazyhouse (Kriegspiel), White against Bob Black, move 1: waiting"));
    auto bob = club.send(Bob, Referee, "games", "g5@bob.example.net");
    REQUIRE(bob.size() == 1);
    CHECK(
        has(bob[0].text, "#1 crazyhouse (Kriegspiel), Black against Ada White, move 1: your move"));
}

TEST_CASE("games: also answered from any other referee address, always to the registered one",
          "[daemon][club_mail]") {
    Club club("games-refuse");
    club.new_game(Ada, Bob);
    // A bad token (RefuseKnownPlayer): the games list still goes to Ada's registered address.
    auto m =
        club.send(Ada, "referee+1.w.0000000000000000@club.example", "games", "r1@ada.example.org");
    REQUIRE(m.size() == 1);
    CHECK(m[0].to == Ada);
    CHECK(m[0].subject == "[crazykrieg] Your games");
    // Ada on Bob's address writing `games`: her own games, to her.
    auto o = club.send(Ada, club.reply_address("1", Color::Black), "games", "r2@ada.example.org");
    REQUIRE(o.size() == 1);
    CHECK(o[0].to == Ada);
    CHECK(has(o[0].text, "White against Bob Black"));
    // Mixed case From still is Ada.
    auto u = club.send("ADA@Example.ORG", Referee, "games", "r3@ada.example.org");
    REQUIRE(u.size() == 1);
    CHECK(u[0].to == Ada);
}

TEST_CASE("games: from a game's own reply address", "[daemon][club_mail]") {
    Club club("games-accept");
    club.new_game(Ada, Bob);
    club.new_game(Cleo, Ada);
    auto m = club.send(Ada, club.reply_address("1", Color::White), "games", "a1@ada.example.org");
    REQUIRE(m.size() == 1);
    CHECK(m[0].to == Ada);
    CHECK(m[0].subject == "[crazykrieg] Your games");
    CHECK(has(m[0].text, "#1 crazyhouse (Kriegspiel), White against Bob Black, move 1: your move"));
    CHECK(has(m[0].text, "#2 crazyhouse (Kriegspiel), Black against Cleo, move 1: waiting"));
}

TEST_CASE("club mail: help, unknown lines and moves at the plain address", "[daemon][club_mail]") {
    Club club("club-help");
    club.new_game(Ada, Bob);
    auto h = club.send(Ada, Referee, "help", "h1@ada.example.org");
    REQUIRE(h.size() == 1);
    CHECK(h[0].subject == "[crazykrieg] Help");
    // games + help: both, in one answer (one answer per mail).
    auto gh = club.send(Ada, Referee, "games\nhelp", "h2@ada.example.org");
    REQUIRE(gh.size() == 1);
    CHECK(has(gh[0].text, "=== [crazykrieg] Help ==="));
    // An unknown line is quoted back (once, with help), not acted on.
    auto u = club.send(Ada, Referee, "please pair me\nwith someone", "h3@ada.example.org");
    REQUIRE(u.size() == 1);
    CHECK(u[0].subject == "[crazykrieg] Unknown command");
    CHECK(has(u[0].text, "> please pair me"));
    // A challenge is passed on (daemon/challenges.hpp, challenge_test.cpp): no help, no game yet.
    auto ch =
        club.send(Ada, Referee, "challenge bob@example.net crazyhouse 3d", "h5@ada.example.org");
    REQUIRE(ch.size() == 2);
    CHECK(ch[0].subject != "[crazykrieg] Unknown command");
    CHECK(ch[1].subject != "[crazykrieg] Unknown command");
    auto ids = club.daemon().store().list_games();
    REQUIRE(ids);
    CHECK(ids->size() == 1);
    // A move sent to the plain address plays nothing: the answer quotes it, says where it
    // belongs and lists the sender's games (club_answers_test.cpp).
    auto mv = club.send(Ada, Referee, "e4", "h4@ada.example.org");
    REQUIRE(mv.size() == 1);
    CHECK(mv[0].subject == "[crazykrieg] Game commands belong in a reply to your game's mail");
    auto r = club.daemon().store().read_game_file(ck::core::GameId(1), "record.pgn");
    if (r) CHECK_FALSE(has(*r, "e4"));
}

TEST_CASE("games: a forged or unknown sender gets no games list", "[daemon][club_mail]") {
    Club club("games-forged", Config::UnknownSenderReply::OncePerDay);
    club.new_game(Ada, Bob);
    // From a stranger: at most the short unknown-sender reply, never a games list.
    auto m = club.send(Stranger, Referee, "games", "f1@elsewhere.example");
    REQUIRE(m.size() == 1);
    CHECK(m[0].to == Stranger);
    CHECK(m[0].subject == "[crazykrieg] Mail not read");
    CHECK_FALSE(has(m[0].text, "#1"));
    CHECK_FALSE(has(m[0].text, "Bob"));
    // A valid reply-address token with a stranger's From proves nothing: no view, no list.
    auto t = club.send("mallory@elsewhere.example", club.reply_address("1", Color::White),
                       "games\nboard", "f2@elsewhere.example");
    REQUIRE(t.size() == 1);
    CHECK(t[0].subject == "[crazykrieg] Mail not read");
    CHECK_FALSE(has(t[0].text, "#1"));
}

TEST_CASE("unknown senders: none by default", "[daemon][unknown_sender]") {
    Club club("unknown-none");
    CHECK(club.send(Stranger, Referee, "hello?", "n1@elsewhere.example").empty());
    CHECK(club.send(Stranger, Referee, "hello again", "n2@elsewhere.example").empty());
    // Still recorded as processed: a replay is not looked at again.
    CHECK(club.daemon().store().seen("n1@elsewhere.example"));
}

TEST_CASE("unknown senders: once per address per day, durable, committed with the ledger",
          "[daemon][unknown_sender]") {
    Club club("unknown-once", Config::UnknownSenderReply::OncePerDay);
    auto first = club.send(Stranger, Referee, "can I play?", "o1@elsewhere.example");
    REQUIRE(first.size() == 1);
    CHECK(first[0].to == Stranger);
    CHECK(has(first[0].text, Stranger));
    CHECK(ck::league::RateLimitTable::get(
              club.daemon().store(), ck::league::unknown_sender_limit_key(Stranger, "2026-11-21"))
              ->has_value());
    // The same day: nothing more, even after a restart and with another case of the address.
    CHECK(club.send(Stranger, Referee, "hello?", "o2@elsewhere.example").empty());
    club.reopen();
    CHECK(club.send("Stranger@Elsewhere.Example", Referee, "hello??", "o3@elsewhere.example")
              .empty());
    // Another stranger the same day gets their one reply.
    auto other = club.send("other@elsewhere.example", Referee, "hi", "o4@elsewhere.example");
    REQUIRE(other.size() == 1);
    CHECK(other[0].to == "other@elsewhere.example");
    // The next UTC day: one more.
    club.clock().advance(std::chrono::hours(24));
    auto next = club.send(Stranger, Referee, "hello???", "o5@elsewhere.example");
    REQUIRE(next.size() == 1);
    CHECK(club.send(Stranger, Referee, "hello????", "o6@elsewhere.example").empty());
}

TEST_CASE("unknown senders: automatic mail and our own addresses are never answered",
          "[daemon][unknown_sender]") {
    Club club("unknown-auto", Config::UnknownSenderReply::OncePerDay);
    int n = 0;
    for (const std::string& header :
         {std::string("Auto-Submitted: auto-replied\r\n"), std::string("Precedence: bulk\r\n"),
          std::string("Precedence: list\r\n"), std::string("X-Autoreply: yes\r\n"),
          std::string("Return-Path: <>\r\n")}) {
        INFO(header);
        const std::string id = "auto" + std::to_string(++n) + "@elsewhere.example";
        CHECK(club.send(Stranger, Referee, "I am out of office", id, header).empty());
    }
    CHECK(club.send("MAILER-DAEMON@elsewhere.example", Referee, "bounce", "a7@elsewhere.example")
              .empty());
    // Mail claiming to be from the referee itself, or a per-game address: a loop, never answered.
    CHECK(club.send(Referee, Referee, "hi", "a8@club.example").empty());
    CHECK(club.send("referee+1.w.abc@club.example", Referee, "hi", "a9@club.example").empty());
    // Nothing used up the stranger's one reply.
    CHECK(club.send(Stranger, Referee, "real question", "a10@elsewhere.example").size() == 1);
}

TEST_CASE("unknown senders: the reply goes to Return-Path from the null sender",
          "[daemon][unknown_sender]") {
    Club club("unknown-envelope", Config::UnknownSenderReply::OncePerDay);
    ck::mail::MaildirSink inbox(club.daemon().config().inbox);
    const std::string raw = Club::mail(Stranger, Referee, "hi", "e1@elsewhere.example",
                                       "Return-Path: <bounces+x@lists.elsewhere.example>\r\n");
    REQUIRE(club.daemon().handle(raw, club.clock()));
    ck::store::Outbox outbox(club.daemon().store());
    auto pending = outbox.pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 1);
    CHECK(pending->at(0).envelope_from.empty());
    CHECK(pending->at(0).recipients ==
          std::vector<std::string>{"bounces+x@lists.elsewhere.example"});
}

TEST_CASE("unknown senders: a daily cap over all senders", "[daemon][unknown_sender]") {
    Club club("unknown-cap", Config::UnknownSenderReply::OncePerDay);
    ck::store::Transaction tx(club.clock().now());
    ck::league::RateLimitTable::put(tx, ck::league::unknown_sender_total_key("2026-11-21"),
                                    ck::daemon::UnknownSenderDailyCap);
    REQUIRE(club.daemon().store().commit(tx));
    CHECK(club.send(Stranger, Referee, "hi", "c1@elsewhere.example").empty());
    club.clock().advance(std::chrono::hours(24));
    CHECK(club.send(Stranger, Referee, "hi", "c2@elsewhere.example").size() == 1);
}

TEST_CASE("unknown senders: where a reply may go", "[unknown_sender]") {
    const auto parse = [](const std::string& raw) {
        auto m = ck::mail::parse_message(raw);
        REQUIRE(m);
        return *m;
    };
    using ck::daemon::unknown_sender_reply_address;
    CHECK(unknown_sender_reply_address(parse(Club::mail(Stranger, Referee, "x", "1@x")), Referee) ==
          Stranger);
    CHECK_FALSE(unknown_sender_reply_address(
        parse(Club::mail(Stranger, Referee, "x", "1@x", "Auto-Submitted: auto-generated\r\n")),
        Referee));
    CHECK(unknown_sender_reply_address(
              parse(Club::mail(Stranger, Referee, "x", "1@x", "Auto-Submitted: no\r\n")),
              Referee) == Stranger);
    CHECK_FALSE(unknown_sender_reply_address(parse(Club::mail("", Referee, "x", "1@x")), Referee));
    CHECK_FALSE(unknown_sender_reply_address(
        parse(Club::mail("REFEREE+9.b.x@CLUB.example", Referee, "x", "1@x")), Referee));
    CHECK(unknown_sender_reply_address(
              parse(Club::mail("referee@other.example", Referee, "x", "1@x")), Referee) ==
          "referee@other.example");
    CHECK(ck::league::utc_day(std::chrono::system_clock::from_time_t(1795262400)) == "2026-11-21");
    CHECK(ck::league::unknown_sender_limit_key("A@B.example", "2026-11-21") ==
          ck::league::unknown_sender_limit_key("a@b.example", "2026-11-21"));
    CHECK(ck::league::unknown_sender_limit_key("a@b.example", "2026-11-21") !=
          ck::league::unknown_sender_limit_key("a@b.example", "2026-11-22"));
}
