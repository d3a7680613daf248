#pragma once
// The club of the tournament tests: four players (Roster), registered when it opens; a player's
// mail to a game goes into the inbox and one pass a minute later runs it. Each mail gets a new
// Message-ID <PREFIXn@example.org> (PREFIX chosen by the test file, n counting from 1) unless
// the test gives one.
#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "daemon_fixture.hpp"
#include "league/game_files.hpp"

namespace ck::daemon::test {

inline const std::vector<std::pair<std::string, std::string>> Roster = {
    {"Ada White", "ada@example.org"},
    {"Bob Black", "bob@example.net"},
    {"Cy Young", "cy@example.com"},
    {"Di Prince", "di@example.org"}};

class TournamentClub : public DaemonFixture {
public:
    // `name`: the temp directory's name.
    TournamentClub(const std::string& name, std::string message_id_prefix)
        : DaemonFixture(name), prefix_(std::move(message_id_prefix)) {
        for (const auto& [player, address] : Roster) add_player(player, address);
    }

    // A mail from `from` to `to` with `body`; returns the mails the pass sent.
    // `message_id` empty: a new one.
    std::vector<OutMail> mail(const std::string& from, const std::string& to,
                              const std::string& body, std::string message_id = "") {
        ++sent_;
        const std::string mid =
            message_id.empty() ? prefix_ + std::to_string(sent_) + "@example.org" : message_id;
        deliver("From: Player <" + from + ">\r\nTo: <" + to +
                ">\r\nSubject: Re: game\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                mid + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body + "\r\n");
        return pass();
    }

    // Player `c` of game `game` writes `body` to the game's reply address.
    std::vector<OutMail> play(store::GameId game, rules::Color c, const std::string& body) {
        auto ini = daemon_->store().read_game_file(game, "game.ini");
        REQUIRE(ini);
        auto meta = league::parse_game_ini(*ini);
        REQUIRE(meta);
        return mail(meta->address(c), reply_address(to_string(game), c), body);
    }

    // One pass a minute after the last: the mails it sent.
    std::vector<OutMail> pass() {
        clock_.advance(std::chrono::minutes(1));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

private:
    std::string prefix_;
    int sent_ = 0;
};

}  // namespace ck::daemon::test
