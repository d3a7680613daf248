#pragma once
// A club with one game, game 1: Ada White (ada@example.org, White) against Bob Black
// (bob@example.net, Black), started with its game-start mails set aside. Each mail a test sends
// is one reply_pass with a new Message-ID <PREFIXn@example.org> (PREFIX chosen by the test file,
// n counting from 1).
#include <string>
#include <utility>
#include <vector>

#include "daemon_fixture.hpp"

namespace ck::daemon::test {

inline const std::string Ada = "ada@example.org";
inline const std::string Bob = "bob@example.net";

class OneGameClub : public DaemonFixture {
public:
    // `name`: the temp directory's name; `spec`: the game, whose players are set here; `others`:
    // more players (name, address), registered after Ada and Bob and before the game.
    OneGameClub(const std::string& name, std::string message_id_prefix, NewGame spec,
                const std::vector<std::pair<std::string, std::string>>& others = {})
        : DaemonFixture(name), prefix_(std::move(message_id_prefix)) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        for (const auto& [player, address] : others) add_player(player, address);
        spec.white = Ada;
        spec.black = Bob;
        start_game(spec);
    }

    // A plain-text mail from `from` to `to`, then one pass: the mails it gave.
    std::vector<OutMail> send(const std::string& from, const std::string& to,
                              const std::string& body) {
        return reply_pass(from, to, body, prefix_ + std::to_string(++sent_) + "@example.org");
    }
    // A player's mail to their own reply address of game 1.
    std::vector<OutMail> send(const std::string& from, const std::string& body) {
        return send(from, from == Ada ? white() : black(), body);
    }
    // The players' reply addresses of game 1.
    std::string white() const { return reply_address("1", rules::Color::White); }
    std::string black() const { return reply_address("1", rules::Color::Black); }

private:
    std::string prefix_;
    int sent_ = 0;
};

}  // namespace ck::daemon::test
