// What issue 24 ("Played to the end") found by mail, each reproduced by mail: a legal capture
// refused after a bad placement of the same capture (D1), a resignation while the opponent is
// to move, and the answers a player's lines get (README "Mail protocol for players").
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "daemon/game_files.hpp"
#include "daemon_fixture.hpp"
#include "pgn/referee_record.hpp"

using ck::daemon::test::OutMail;
using ck::daemon::test::to;
using ck::rules::Color;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

struct Setup {
    std::string variant = "chess";
    bool hidden = false;
    std::string rules = "crazykrieg";
};

class Club : public ck::daemon::test::DaemonFixture {
public:
    Club(const std::string& tag, const Setup& s) : DaemonFixture("play-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        ck::daemon::NewGame spec;
        spec.variant = s.variant;
        spec.hidden = s.hidden;
        spec.rules = s.rules;
        spec.white = Ada;
        spec.black = Bob;
        REQUIRE(daemon_->new_game(spec, clock_));
        flush();
        new_outgoing();
    }
    std::vector<OutMail> send(const std::string& from, const std::string& body) {
        const std::string mid = "p" + std::to_string(++sent_) + "@example.org";
        const std::string to = reply_address("1", from == Ada ? Color::White : Color::Black);
        deliver("From: <" + from + ">\r\nTo: <" + to +
                ">\r\nSubject: Re: game\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                mid + ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
                body + "\r\n");
        clock_.advance(std::chrono::hours(1));
        CHECK(step().failed == 0);
        return new_outgoing();
    }
    // The one mail `address` got from `mails`.
    static OutMail only(const std::vector<OutMail>& mails, const std::string& address) {
        const auto m = to(mails, address);
        REQUIRE(m.size() == 1);
        return m[0];
    }
    ck::daemon::StoredGame game() {
        auto g = ck::daemon::load_game(daemon_->store(), 1);
        REQUIRE(g);
        return std::move(*g);
    }

private:
    int sent_ = 0;
};

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

std::size_t count(const std::string& s, const std::string& part) {
    std::size_t n = 0;
    for (auto at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("D1: a capture with another placement is another move, in every rule set",
          "[daemon][issue24]") {
    for (const char* variant : {"replacement", "putback"}) {
        for (const char* rules : {"crazykrieg", "wild16", "berkeley", "berkeley-any", "cincinnati",
                                  "english", "rand"}) {
            INFO(variant << " " << rules);
            Club club(std::string("d1-") + variant + "-" + rules, {variant, true, rules});
            club.send(Ada, "e4");
            club.send(Bob, "d5");
            const auto m = club.send(Ada, "exd5/h7 exd5/d6");
            const auto ada = Club::only(m, Ada);
            CHECK(has(ada.text, "You tried exd5/h7: No."));
            CHECK(has(ada.text, "You played exd5/d6."));
            // The opponent hears one refusal at most (none in wild16), never a false second.
            const auto bob = Club::only(m, Bob);
            CHECK(count(bob.text, "White tried a move: No.") ==
                  (std::string(rules) == "wild16" ? 0u : 1u));
            CHECK(club.game().game.side_to_move() == Color::Black);
        }
    }
}

TEST_CASE("resign while the opponent is to move ends the game", "[daemon][issue24]") {
    SECTION("alone, out of turn") {
        Club club("resign-out", {});
        club.send(Ada, "e4");
        const auto m = club.send(Ada, "resign");  // Black is to move
        for (const auto& a : {Ada, Bob}) {
            const auto mail = Club::only(m, a);
            CHECK(has(mail.text, "White resigned."));
            CHECK_FALSE(has(mail.text, "not your turn"));
        }
        const auto g = club.game();
        CHECK(g.game.result() == std::optional<std::string>("0-1"));
        const std::string rec = g.record.referee_record();
        CHECK(has(rec, "[%end 0-1 resignation]"));
        CHECK(has(rec, "[Termination \"normal\"]"));
        auto verified = ck::pgn::verify_referee_record(rec);
        if (!verified) FAIL("record: " << verified.error().message);
        CHECK(verified->result == "0-1");
    }
    SECTION("after the sender's own move in the same mail") {
        Club club("resign-after", {"crazyhouse", true, "crazykrieg"});
        club.send(Ada, "e4");
        const auto m = club.send(Bob, "e5\nresign");
        CHECK(has(Club::only(m, Bob).text, "Black resigned."));
        CHECK(has(Club::only(m, Ada).text, "Black resigned."));
        const auto g = club.game();
        CHECK(g.game.result() == std::optional<std::string>("1-0"));
        CHECK(g.record.plies() == 2);  // e5 was played first
        auto verified = ck::pgn::verify_referee_record(g.record.referee_record());
        if (!verified) FAIL("record: " << verified.error().message);
    }
}
