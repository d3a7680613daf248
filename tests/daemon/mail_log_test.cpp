// The operator log while mails are handled (core/log.hpp LogContext; README "Operator log"):
// every line about a mail carries its Message-ID, and the game id when it is about a game.
#include <catch2/catch.hpp>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/log.hpp"
#include "daemon_fixture.hpp"

using ck::rules::Color;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

std::string mail_from(const std::string& from, const std::string& to, const std::string& body,
                      const std::string& message_id) {
    return "From: Player <" + from + ">\r\nTo: <" + to +
           ">\r\nSubject: Re: [crazykrieg #1] Your move\r\nDate: Sat, 21 Nov 2026 13:00:00 "
           "+0000\r\nMessage-ID: <" +
           message_id + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body + "\r\n";
}

// Points the operator log at a string for the test's lifetime (then back at stderr).
class CapturedLog {
public:
    CapturedLog() { ck::core::operator_log().set_stream(out_); }
    ~CapturedLog() { ck::core::operator_log().set_stream(std::cerr); }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;
    std::vector<std::string> lines() const {
        std::vector<std::string> out;
        std::istringstream in(out_.str());
        for (std::string line; std::getline(in, line);) out.push_back(line);
        return out;
    }

private:
    std::ostringstream out_;
};

}  // namespace

TEST_CASE("every log line about a mail names its Message-ID, and its game", "[daemon][log]") {
    ck::daemon::test::DaemonFixture club("mail-log");
    club.add_player("Ada White", Ada);
    club.add_player("Bob Black", Bob);
    ck::daemon::NewGame spec;
    spec.variant = "chess";
    spec.white = Ada;
    spec.black = Bob;
    REQUIRE(club.daemon().new_game(spec, club.clock()));

    CapturedLog log;
    club.deliver(mail_from(Ada, club.reply_address("1", Color::White), "1. e4", "move-1@ada"));
    club.deliver(mail_from("stranger@elsewhere.example", club.config().referee_address, "hello?",
                           "stray-1@elsewhere"));
    // Stale: a move number that is not the current one.
    club.deliver(mail_from(Ada, club.reply_address("1", Color::White), "5. d4", "bad-1@ada"));
    const auto report = club.step();
    CHECK(report.failed == 0);

    const auto lines = log.lines();
    REQUIRE_FALSE(lines.empty());
    int move = 0, stray = 0, bad = 0;
    for (const std::string& line : lines) {
        INFO(line);
        CHECK(line.find("[mail ") != std::string::npos);  // the source's id
        const bool is_move = line.find("[msg <move-1@ada>]") != std::string::npos;
        const bool is_stray = line.find("[msg <stray-1@elsewhere>]") != std::string::npos;
        const bool is_bad = line.find("[msg <bad-1@ada>]") != std::string::npos;
        CHECK(is_move + is_stray + is_bad == 1);
        if (is_move || is_bad) CHECK(line.find("] [game 1] ") != std::string::npos);
        move += is_move;
        stray += is_stray;
        bad += is_bad;
    }
    CHECK(move > 0);
    CHECK(stray > 0);
    CHECK(bad > 0);
}
