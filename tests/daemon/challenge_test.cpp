// Challenges by mail (daemon/challenges.hpp) through Daemon::step on the Maildir default:
// challenge -> accept starts the game, decline, unknown targets, wrong answerer, lapse, replay.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "daemon/challenges.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"

namespace fs = std::filesystem;
using ck::league::Config;

using ck::daemon::test::has;
using ck::daemon::test::OutMail;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const std::string Cleo = "cleo@example.com";
const std::string Referee = "referee@club.example";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("challenge-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        add_player("Cleo", Cleo);
    }

    std::vector<OutMail> send(const std::string& from, const std::string& body,
                              const std::string& message_id) {
        deliver("From: Someone <" + from + ">\r\nTo: <" + Referee +
                ">\r\nSubject: hello\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                message_id +
                ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
                "\r\n");
        clock_.advance(std::chrono::minutes(10));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    std::size_t games() {
        auto ids = daemon_->store().list_games();
        REQUIRE(ids);
        return ids->size();
    }

    std::vector<ck::league::Challenge> open_challenges() {
        auto book = ck::league::load_challenges(daemon_->store());
        REQUIRE(book);
        return book->open;
    }
};

// The first mail of `mails` to `address` (there must be one).
const OutMail& one_to(const std::vector<OutMail>& mails, const std::string& address) {
    auto it =
        std::find_if(mails.begin(), mails.end(), [&](const OutMail& m) { return m.to == address; });
    REQUIRE(it != mails.end());
    return *it;
}

}  // namespace

TEST_CASE("challenge by mail: accept starts the game, once", "[daemon][challenge]") {
    Club club("accept");
    auto c = club.send(Ada, "challenge BOB@example.net crazyhouse hidden 2d", "c1@ada.example.org");
    REQUIRE(c.size() == 2);
    const OutMail& invite = one_to(c, Bob);
    CHECK(invite.subject ==
          "[crazykrieg] Ada White <ada@example.org> challenges you (challenge 1)");
    CHECK(has(invite.text, "crazyhouse (hidden)"));
    CHECK(has(invite.text, "accept 1"));
    CHECK(has(invite.text, "decline 1"));
    CHECK(one_to(c, Ada).subject == "[crazykrieg] Challenge 1 sent");
    REQUIRE(club.open_challenges().size() == 1);
    CHECK(club.open_challenges()[0].challenged == Bob);
    CHECK(club.games() == 0);

    auto a = club.send(Bob, "accept 1", "a1@bob.example.net");
    REQUIRE(a.size() == 2);  // the two game-start mails
    CHECK(has(one_to(a, Ada).subject, "#1]"));
    CHECK(has(one_to(a, Bob).subject, "#1]"));
    REQUIRE(club.games() == 1);
    auto ini = club.daemon().store().read_game_file(ck::core::GameId(1), "game.ini");
    REQUIRE(ini);
    auto meta = ck::league::parse_game_ini(*ini);
    REQUIRE(meta);
    CHECK(meta->white == Ada);  // the challenger plays White
    CHECK(meta->black == Bob);
    CHECK(meta->variant == "crazyhouse");
    CHECK(meta->hidden);
    CHECK(meta->time == "2d");
    CHECK(club.open_challenges().empty());

    // The same mail again (same Message-ID): nothing happens twice.
    auto again = club.send(Bob, "accept 1", "a1@bob.example.net");
    CHECK(again.empty());
    CHECK(club.games() == 1);
    // A new mail answering the same challenge: it is no longer open.
    auto late = club.send(Bob, "accept 1", "a2@bob.example.net");
    REQUIRE(late.size() == 1);
    CHECK(late[0].subject == "[crazykrieg] No challenge 1");
    CHECK(club.games() == 1);
}

TEST_CASE("challenge by mail: decline, wrong answerer, club default time", "[daemon][challenge]") {
    Club club("decline");
    REQUIRE(club.send(Ada, "challenge cleo@example.com loop", "c1@ada.example.org").size() == 2);
    REQUIRE(club.open_challenges().size() == 1);
    CHECK(club.open_challenges()[0].time == "3d");  // [club] default_time
    CHECK_FALSE(club.open_challenges()[0].hidden);

    // Only the challenged player may answer: Bob and Ada are told there is no challenge 1.
    for (const std::string& who : {Bob, Ada}) {
        auto w = club.send(who, "accept 1", "w-" + who);
        REQUIRE(w.size() == 1);
        CHECK(w[0].to == who);
        CHECK(w[0].subject == "[crazykrieg] No challenge 1");
    }
    CHECK(club.open_challenges().size() == 1);
    CHECK(club.games() == 0);

    auto d = club.send(Cleo, "decline 1", "d1@cleo.example.com");
    REQUIRE(d.size() == 1);
    CHECK(d[0].to == Ada);
    CHECK(d[0].subject == "[crazykrieg] Challenge 1 declined");
    CHECK(has(d[0].text, "Cleo <cleo@example.com> declined your challenge 1"));
    CHECK(club.open_challenges().empty());
    auto a = club.send(Cleo, "accept 1", "a1@cleo.example.com");
    REQUIRE(a.size() == 1);
    CHECK(a[0].subject == "[crazykrieg] No challenge 1");
    CHECK(club.games() == 0);
    // Ids are never reused.
    REQUIRE(club.send(Ada, "challenge cleo@example.com loop", "c2@ada.example.org").size() == 2);
    REQUIRE(club.open_challenges().size() == 1);
    CHECK(club.open_challenges()[0].id == 2);
}

TEST_CASE("challenge by mail: unregistered or own address is refused", "[daemon][challenge]") {
    Club club("refuse");
    for (const std::string& target : {std::string("nobody@example.org"), Ada}) {
        auto r = club.send(Ada, "challenge " + target + " crazyhouse", "r-" + target);
        REQUIRE(r.size() == 1);
        CHECK(r[0].to == Ada);
        CHECK(r[0].subject == "[crazykrieg] Challenge not sent");
        CHECK(has(r[0].text, target));
    }
    CHECK(club.open_challenges().empty());
    CHECK(club.games() == 0);
}

TEST_CASE("challenge by mail: a lapsed challenge is unknown", "[daemon][challenge]") {
    Club club("lapse");
    REQUIRE(club.send(Ada, "challenge bob@example.net crazyhouse", "c1@ada.example.org").size() ==
            2);
    club.clock().advance(std::chrono::hours(24 * 14));  // [club] challenge_days = 14
    auto a = club.send(Bob, "accept 1", "a1@bob.example.net");
    REQUIRE(a.size() == 1);
    CHECK(a[0].to == Bob);
    CHECK(a[0].subject == "[crazykrieg] No challenge 1");
    CHECK(club.games() == 0);
    CHECK(club.open_challenges().empty());  // dropped when the book was written
}

TEST_CASE("challenge by mail: accept/decline without a number is not a challenge answer",
          "[daemon][challenge]") {
    Club club("plain");
    REQUIRE(club.send(Ada, "challenge bob@example.net crazyhouse", "c1@ada.example.org").size() ==
            2);
    auto a = club.send(Bob, "accept", "a1@bob.example.net");
    REQUIRE(a.size() == 1);
    CHECK(a[0].subject == "[crazykrieg] Help");
    CHECK(club.open_challenges().size() == 1);
    CHECK(club.games() == 0);
}

TEST_CASE("challenge book: format and parse round trip, remove", "[daemon][challenge]") {
    ck::league::ChallengeBook book;
    book.next_id = 5;
    ck::league::Challenge c;
    c.id = 4;
    c.challenger = Ada;
    c.challenged = Bob;
    c.variant = "crazyhouse";
    c.hidden = true;
    c.time = "30d+1d";
    c.created = std::chrono::system_clock::from_time_t(1795262400);
    book.open.push_back(c);
    const std::string text = ck::league::format_challenges(book);
    CHECK(text ==
          "next 5\n4 ada@example.org bob@example.net crazyhouse hidden 30d+1d "
          "2026-11-21T12:00:00Z\n");
    auto back = ck::league::parse_challenges(text);
    REQUIRE(back);
    CHECK(back->next_id == 5);
    REQUIRE(back->open.size() == 1);
    CHECK(back->open[0].time == "30d+1d");
    CHECK(back->open[0].created == c.created);
    CHECK_FALSE(ck::league::parse_challenges("next 5\n4 ada bob crazyhouse maybe 3d x\n"));
    CHECK_FALSE(
        ck::league::parse_challenges("next 3\n4 a b crazyhouse open 3d "
                                     "2026-11-21T12:00:00Z\n"));  // id >= next
    CHECK_FALSE(ck::league::remove_challenge(*back, 3));
    CHECK(ck::league::remove_challenge(*back, 4));
    CHECK(back->open.empty());
    CHECK(ck::league::challenge_lapsed(c, c.created + std::chrono::hours(24 * 14), 14));
    CHECK_FALSE(ck::league::challenge_lapsed(c, c.created + std::chrono::hours(24 * 14 - 1), 14));
}

TEST_CASE("challenge by mail with a rule set: the game is played under it", "[daemon][challenge]") {
    Club club("rules");
    auto c =
        club.send(Ada, "challenge bob@example.net crazyhouse hidden rand 2d", "c1@ada.example.org");
    REQUIRE(c.size() == 2);
    const auto flat = [](std::string t) {  // the text part is wrapped at 78 columns
        std::replace(t.begin(), t.end(), '\n', ' ');
        return t;
    };
    CHECK(has(flat(one_to(c, Bob).text), "crazyhouse (hidden, rand rules)"));
    REQUIRE(club.open_challenges().size() == 1);
    CHECK(club.open_challenges()[0].rules == ck::referee::RuleSet::Rand);
    auto a = club.send(Bob, "accept 1", "a1@bob.example.net");
    REQUIRE(a.size() == 2);
    // The game-start mail names the rule set and what it announces; no `any?` under rand.
    const OutMail& start = one_to(a, Ada);
    CHECK(has(start.subject, "rand rules"));
    CHECK(has(flat(start.text), "The game follows the rand rules"));
    CHECK_FALSE(has(start.text, "any?"));
    auto ini = club.daemon().store().read_game_file(ck::core::GameId(1), "game.ini");
    REQUIRE(ini);
    auto meta = ck::league::parse_game_ini(*ini);
    REQUIRE(meta);
    CHECK(meta->rules == ck::referee::RuleSet::Rand);
    CHECK(meta->hidden);
}

TEST_CASE("challenges file keeps the rule set", "[daemon][challenge]") {
    ck::league::ChallengeBook book;
    ck::league::Challenge c;
    c.id = 1;
    c.challenger = Ada;
    c.challenged = Bob;
    c.variant = "chess";
    c.hidden = true;
    c.rules = ck::referee::RuleSet::BerkeleyAny;
    c.time = "3d";
    book.next_id = 2;
    book.open.push_back(c);
    const std::string text = ck::league::format_challenges(book);
    CHECK(has(text, " hidden:berkeley-any 3d "));
    auto back = ck::league::parse_challenges(text);
    REQUIRE(back);
    REQUIRE(back->open.size() == 1);
    CHECK(back->open[0].rules == ck::referee::RuleSet::BerkeleyAny);
    CHECK(back->open[0].hidden);
    std::string bad = text;
    bad.replace(bad.find("berkeley-any"), 12, "nosuchrules0");
    CHECK_FALSE(ck::league::parse_challenges(bad));
}

TEST_CASE("challenge records keep `casual`, and a record without it is not casual",
          "[daemon][challenge]") {
    using ck::league::ChallengeCodec;
    ck::league::Challenge c;
    c.id = 7;
    c.challenger = Ada;
    c.challenged = Bob;
    c.variant = "chess";
    c.hidden = true;
    c.rules = ck::referee::RuleSet::Wild16;
    c.casual = true;
    c.time = "3d";
    const std::string line = ChallengeCodec::encode(c);
    CHECK(has(line, " hidden:wild16 3d "));
    CHECK(has(line, " casual\n"));
    auto back = ChallengeCodec::decode(line);
    REQUIRE(back);
    CHECK(back->casual);
    CHECK(back->rules == ck::referee::RuleSet::Wild16);
    CHECK(ChallengeCodec::encode(*back) == line);

    // Written before ratings (no `casual` word): the club's default decides.
    const std::string old = line.substr(0, line.size() - std::string(" casual\n").size()) + "\n";
    auto rated = ChallengeCodec::decode(old);
    REQUIRE(rated);
    CHECK_FALSE(rated->casual);
    CHECK(ChallengeCodec::encode(*rated) == old);

    CHECK_FALSE(ChallengeCodec::decode(old.substr(0, old.size() - 1) + " casually\n"));
    CHECK_FALSE(ChallengeCodec::decode(line.substr(0, line.size() - 1) + " casual\n"));
}

// The game-start mail is a mail of its own (daemon/queue_mail.hpp): an accepting mail that asks
// for more gets its answer apart, and the start mail keeps the game's Reply-To.
TEST_CASE("challenge by mail: the game-start mail stays apart from the accepter's answer",
          "[daemon][challenge]") {
    Club club("accept-and-more");
    club.send(Ada, "challenge bob@example.net crazyhouse hidden 2d", "c1@ada.example.org");
    auto a = club.send(Bob, "accept 1\ngames", "a1@bob.example.net");
    const auto to_bob = ck::daemon::test::to(a, Bob);
    REQUIRE(to_bob.size() == 2);
    int starts = 0;
    for (const auto& m : to_bob) {
        if (!has(m.subject, "#1]")) {
            // `games` after `accept`: the list as the mail leaves it, the new game in it
            // (docs/mail-protocol.md "In what order a mail's commands act").
            INFO(m.text);
            CHECK(has(m.text, "#1 crazyhouse (Kriegspiel), Black against "));
            continue;
        }
        ++starts;
        CHECK(has(m.raw, "Reply-To: Crazykrieg referee <referee+1"));
    }
    CHECK(starts == 1);
}
