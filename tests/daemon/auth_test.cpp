// Who may act (docs/mail-protocol.md): token, registered From, fresh Message-ID, not automatic.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "daemon/auth.hpp"
#include "daemon/reply_address.hpp"
#include "mail/message.hpp"

using ck::daemon::AuthContext;
using ck::daemon::authorize;
using ck::daemon::AuthVerdict;
using ck::daemon::build_reply_address;
using ck::rules::Color;
using Kind = AuthVerdict::Kind;
using Reason = AuthVerdict::Reason;

namespace {

const std::string Referee = "referee@club.example";
const std::string Secret = "the-club-secret-0123456789";
const std::string Alice = "alice@example.org";  // White in game 42
const std::string Bob = "bob@example.net";      // Black in game 42

struct Fixture {
    std::set<std::string> seen_ids;
    AuthContext context;
    Fixture() {
        context.referee_address = Referee;
        context.secret = Secret;
        context.player_address = [](ck::core::GameId game, Color c) -> std::optional<std::string> {
            if (game != ck::core::GameId(42)) return std::nullopt;
            return c == Color::White ? "Alice@Example.org" : Bob;
        };
        context.is_player = [](const std::string& a) { return a == Alice || a == Bob; };
        context.seen = [this](const std::string& id) { return seen_ids.count(id) > 0; };
    }
};

std::string address(Color c, const std::string& game = "42") {
    auto a = build_reply_address(Referee, game, c, Secret);
    REQUIRE(a);
    return *a;
}

std::string mail(const std::string& from, const std::string& to, const std::string& extra = "",
                 const std::string& id = "<m1@example.org>") {
    std::string raw =
        "From: Someone <" + from + ">\nTo: " + to + "\nSubject: Re: [crazykrieg #42]\n";
    if (!id.empty()) raw += "Message-ID: " + id + "\n";
    return raw + extra + "\ne4\n";
}

AuthVerdict run(Fixture& f, const std::string& raw) {
    auto m = ck::mail::parse_message(raw);
    REQUIRE(m);
    return authorize(*m, raw, f.context);
}

}  // namespace

TEST_CASE("auth: the player replying to their own address is accepted", "[auth]") {
    Fixture f;
    auto v = run(f, mail("ALICE@example.org", address(Color::White)));
    CHECK(v.kind == Kind::Accept);
    CHECK(v.game == ck::core::GameId(42));
    CHECK(v.colour == Color::White);
    CHECK(v.message_id == "m1@example.org");

    v = run(f, mail(Bob, address(Color::Black)));
    CHECK(v.kind == Kind::Accept);
    CHECK(v.colour == Color::Black);

    // The plus-address found in Delivered-To when To shows something else (a list alias).
    v = run(
        f, mail(Bob, "chess-friends@example.net", "Delivered-To: " + address(Color::Black) + "\n"));
    CHECK(v.kind == Kind::Accept);
}

TEST_CASE("auth: forged From with a valid token", "[auth]") {
    Fixture f;
    const auto v = run(f, mail("mallory@evil.example", address(Color::White)));
    CHECK(v.kind == Kind::UnknownSender);
    CHECK_FALSE(v.game);
    CHECK(v.reply_to.empty());
}

TEST_CASE("auth: wrong token and the other player's token", "[auth]") {
    Fixture f;
    std::string bad = address(Color::White);
    bad[bad.find('@') - 1] = bad[bad.find('@') - 1] == 'a' ? 'b' : 'a';
    auto v = run(f, mail(Alice, bad));
    CHECK(v.kind == Kind::RefuseKnownPlayer);
    CHECK(v.reason == Reason::BadToken);
    CHECK(v.reply_to == Alice);

    // Bob replies through Alice's address (a forwarded mail).
    v = run(f, mail(Bob, address(Color::White)));
    CHECK(v.kind == Kind::RefuseKnownPlayer);
    CHECK(v.reason == Reason::OtherPlayersAddress);
    CHECK(v.reply_to == Bob);

    // A valid token of a game the store does not know.
    v = run(f, mail(Alice, address(Color::White, "77")));
    CHECK(v.kind == Kind::RefuseKnownPlayer);
    CHECK(v.reason == Reason::UnknownGame);

    // An unknown sender with a bad token.
    v = run(f, mail("stranger@example.com", bad));
    CHECK(v.kind == Kind::UnknownSender);
}

TEST_CASE("auth: a registered player at the plain referee address writes club mail", "[auth]") {
    Fixture f;
    auto v = run(f, mail(Alice, Referee));
    CHECK(v.kind == Kind::ClubMail);
    CHECK(v.reply_to == Alice);
    v = run(f, mail("stranger@example.com", Referee));
    CHECK(v.kind == Kind::UnknownSender);
    v = run(f, mail(Alice, "someone-else@example.com"));
    CHECK(v.kind == Kind::RefuseKnownPlayer);
    CHECK(v.reason == Reason::NoToken);
}

TEST_CASE("auth: a replayed Message-ID is ignored, before anything else is looked at", "[auth]") {
    Fixture f;
    f.seen_ids.insert("m1@example.org");
    CHECK(run(f, mail(Alice, address(Color::White))).kind == Kind::Replayed);
    CHECK(run(f, mail("stranger@example.com", Referee)).kind == Kind::Replayed);
    CHECK(run(f, mail(Alice, address(Color::White), "", "<m2@example.org>")).kind == Kind::Accept);
}

TEST_CASE("auth: a missing Message-ID gets the SHA-256 of the raw bytes", "[auth]") {
    Fixture f;
    const std::string raw = mail(Alice, address(Color::White), "", "");
    const auto v = run(f, raw);
    CHECK(v.kind == Kind::Accept);
    CHECK(v.message_id == ck::daemon::synthetic_message_id(raw));
    CHECK(v.message_id.size() == 64 + std::string("@sha256.crazykrieg.invalid").size());
    f.seen_ids.insert(v.message_id);
    CHECK(run(f, raw).kind == Kind::Replayed);
    // Different bytes, different id.
    CHECK(run(f, raw + "Nf3\n").kind == Kind::Accept);
}

TEST_CASE("auth: automatic mail is dropped, even from a player to a valid address", "[auth]") {
    Fixture f;
    const std::string to = address(Color::White);
    for (const std::string& extra :
         {std::string("Auto-Submitted: auto-replied\n"), std::string("Precedence: bulk\n"),
          std::string("Return-Path: <>\n"), std::string("X-Autoreply: yes\n")}) {
        INFO(extra);
        const auto v = run(f, mail(Alice, to, extra));
        CHECK(v.kind == Kind::DropAutomatic);
        CHECK(v.reply_to.empty());
    }
    // A bounce from MAILER-DAEMON.
    CHECK(run(f, mail("MAILER-DAEMON@mx.example.org", to)).kind == Kind::DropAutomatic);
    // A vacation auto-reply (RFC 3834).
    CHECK(run(f, mail(Alice, to, "Auto-Submitted: auto-replied (vacation)\n")).kind ==
          Kind::DropAutomatic);
    // Auto-Submitted: no is a person.
    CHECK(run(f, mail(Alice, to, "Auto-Submitted: no\n")).kind == Kind::Accept);
}
