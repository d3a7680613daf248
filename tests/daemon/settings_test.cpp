// A player's own settings (README "Your settings", issue 21): the record field and its upgrade
// from version-1 player records, `set`/`settings` by mail answered in the one reply, the turn
// mail withheld from a digest reader, reminders at the player's offsets, the daily digest once
// a day.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "compose/reply_sections.hpp"
#include "daemon/digest.hpp"
#include "daemon/digest_reply.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/reminder_schedule.hpp"
#include "daemon/reply_address.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"
#include "league/player_settings.hpp"
#include "league/players.hpp"

using ck::daemon::test::OutMail;
using ck::rules::Color;
using namespace ck::daemon;
using namespace ck::league;
using std::chrono::hours;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const std::string Referee = "referee@club.example";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag)
        : DaemonFixture("settings-" + tag, ck::daemon::test::fixed_start()) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
    }

    ck::store::GameId new_game(const std::string& time = "2d") {
        NewGame spec;
        spec.variant = "crazyhouse";
        spec.white = Ada;
        spec.black = Bob;
        spec.time = time;
        return start_game(spec);
    }

    std::vector<OutMail> mail(const std::string& from, const std::string& to,
                              const std::string& body) {
        ++sent_;
        deliver("From: Player <" + from + ">\r\nTo: <" + to +
                ">\r\nSubject: hello\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <s" +
                std::to_string(sent_) + "@example.org>\r\nContent-Type: text/plain; " +
                "charset=utf-8\r\n\r\n" + body + "\r\n");
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    std::vector<OutMail> play(ck::store::GameId game, Color c, const std::string& body) {
        return mail(c == Color::White ? Ada : Bob, reply_address(to_string(game), c), body);
    }

    // One pass at `t`.
    std::vector<OutMail> at(ck::core::TimePoint t) {
        clock_.set(t);
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    const Player& player(const std::string& a) { return *daemon_->players().find(a); }

private:
    int sent_ = 0;
};

ck::core::TimePoint utc(const char* iso) {
    auto t = ck::core::parse_iso8601(iso);
    REQUIRE(t);
    return *t;
}

}  // namespace

TEST_CASE("settings: the record field round-trips and `set` values are checked",
          "[daemon][settings]") {
    PlayerSettings s;
    CHECK(encode_settings(s) == "mail=each reminders=club view=board");
    REQUIRE(apply_setting(s, "mail", "digest 07:00"));
    REQUIRE(apply_setting(s, "reminders", "1h 24h,8h"));
    REQUIRE(apply_setting(s, "view", "LIST"));
    CHECK(encode_settings(s) == "mail=digest@07:00 reminders=24h,8h,1h view=list");
    auto back = decode_settings(encode_settings(s));
    REQUIRE(back);
    CHECK(*back == s);
    CHECK(apply_setting(s, "mail", "digest@6:30"));
    CHECK(s.digest_minute == 390);
    CHECK(apply_setting(s, "reminders", "3d"));
    CHECK(encode_settings(s).find("reminders=3d") != std::string::npos);
    CHECK(apply_setting(s, "reminders", "none"));
    CHECK(reminder_offsets(s, 1).empty());
    CHECK(apply_setting(s, "reminders", "club"));
    CHECK(reminder_offsets(s, 2) == std::vector<hours>{hours(48)});

    const PlayerSettings before = s;
    CHECK(!apply_setting(s, "reminders", "1h,2h,3h,4h,5h"));
    CHECK(!apply_setting(s, "reminders", "soon"));
    CHECK(!apply_setting(s, "reminders", "40d"));
    CHECK(!apply_setting(s, "mail", "digest"));
    CHECK(!apply_setting(s, "mail", "digest 25:00"));
    CHECK(!apply_setting(s, "view", "pictures"));
    CHECK(!apply_setting(s, "colour", "blue"));
    CHECK(s == before);  // a refused value changes nothing
}

TEST_CASE("settings: a version-1 player record reads as the defaults", "[daemon][settings]") {
    auto v1 = PlayerTable::decode(Ada, "ck-players 1\n3\tada@example.org\tAda White\n");
    REQUIRE(v1);
    CHECK(v1->order == 3);
    CHECK(v1->name == "Ada White");
    CHECK(v1->settings == PlayerSettings{});
    // Written back at version 2, it reads the same.
    Player p = *v1;
    REQUIRE(apply_setting(p.settings, "mail", "both 21:15"));
    const std::string v2 = "ck-players 2\n" + PlayerCodec::encode(p);
    auto read = PlayerTable::decode(Ada, v2);
    REQUIRE(read);
    CHECK(read->settings == p.settings);
    // A version this build does not know, or a broken settings line, is refused.
    CHECK(!PlayerTable::decode(Ada, "ck-players 3\n3\tada@example.org\tAda\nmail=each\n"));
    CHECK(!PlayerTable::decode(Ada, "ck-players 2\n3\tada@example.org\tAda\nmail=often\n"));
}

TEST_CASE("settings: reminders at each offset once, the digest instant of the day",
          "[daemon][settings]") {
    const auto deadline = utc("2026-11-23T12:00:00Z");
    const std::vector<hours> offsets{hours(8), hours(1)};
    CHECK(!reminder_due(offsets, 0, deadline, utc("2026-11-23T03:59:59Z")));
    CHECK(reminder_due(offsets, 0, deadline, utc("2026-11-23T04:00:00Z")) == 1);
    CHECK(!reminder_due(offsets, 1, deadline, utc("2026-11-23T10:00:00Z")));
    CHECK(reminder_due(offsets, 1, deadline, utc("2026-11-23T11:00:00Z")) == 2);
    CHECK(!reminder_due(offsets, 2, deadline, utc("2026-11-23T11:59:00Z")));
    // A pass after both instants sends one reminder for both.
    CHECK(reminder_due(offsets, 0, deadline, utc("2026-11-23T11:30:00Z")) == 2);
    CHECK(!reminder_due({}, 0, deadline, utc("2026-11-23T11:30:00Z")));

    CHECK(digest_due(7 * 60, utc("2026-11-23T07:00:00Z")) == utc("2026-11-23T07:00:00Z"));
    CHECK(digest_due(7 * 60, utc("2026-11-23T06:59:59Z")) == utc("2026-11-22T07:00:00Z"));
    CHECK(digest_due(0, utc("2026-11-23T23:59:00Z")) == utc("2026-11-23T00:00:00Z"));
}

TEST_CASE("settings: `set` answers in the one reply, is kept, and withholds per-move mail",
          "[daemon][settings]") {
    Club club("mail");
    const auto game = club.new_game();
    // Bob reads the digest only; asked at the club's address: one settings answer.
    auto m = club.mail(Bob, Referee, "set mail digest 07:00\nset reminders 8h,1h\nset view x");
    REQUIRE(m.size() == 1);
    CHECK(m[0].subject == "[crazykrieg] Your settings");
    CHECK(m[0].text.find("Done: mail reminders set.") != std::string::npos);
    CHECK(m[0].text.find("view takes board, list or both") != std::string::npos);
    CHECK(club.player(Bob).settings.mail == MailMode::Digest);
    // Ada's move: Ada's answer; no turn mail to Bob.
    m = club.play(game, Color::White, "e4");
    REQUIRE(m.size() == 1);
    CHECK(m[0].to == Ada);
    // Bob moves and asks for his settings in the same reply: one answer with both parts.
    m = club.play(game, Color::Black, "e5\nsettings");
    const auto bobs = ck::daemon::test::to(m, Bob);
    REQUIRE(bobs.size() == 1);
    CHECK(bobs[0].text.find("You played e5.") != std::string::npos);
    CHECK(bobs[0].text.find("mail: digest 07:00") != std::string::npos);
    CHECK(ck::daemon::test::to(m, Ada).size() == 1);  // Ada reads each move
    // The settings survive a restart (the record, version 2).
    club.reopen();
    CHECK(club.player(Bob).settings.mail == MailMode::Digest);
    CHECK(club.player(Bob).settings.reminders == std::vector<hours>{hours(8), hours(1)});
    CHECK(club.player(Ada).settings == PlayerSettings{});
}

TEST_CASE("settings: the digest comes once a day at its time, the reminders at the offsets",
          "[daemon][settings]") {
    Club club("digest");  // 2026-11-21 12:00
    const auto game = club.new_game("2d");
    auto m = club.mail(Ada, Referee, "set mail digest 07:00\nset reminders 8h,1h");
    REQUIRE(m.size() == 1);
    // Nothing for Ada until 07:00 the next day; then one digest, and no second one at the same
    // instant or later that day (a replayed pass, a restart).
    CHECK(ck::daemon::test::to(club.at(utc("2026-11-22T06:59:00Z")), Ada).empty());
    m = club.at(utc("2026-11-22T07:00:00Z"));
    REQUIRE(m.size() == 1);
    CHECK(m[0].subject == "[crazykrieg] Your digest: your move in 1 game");
    CHECK(m[0].text.find("#" + to_string(game) + " crazyhouse") != std::string::npos);
    CHECK(club.at(utc("2026-11-22T07:00:00Z")).empty());
    club.reopen();
    CHECK(club.at(utc("2026-11-22T20:00:00Z")).empty());
    // Deadline 2026-11-23 12:00: reminders at 04:00 and 11:00, each once; the digest at 07:00.
    m = club.at(utc("2026-11-23T04:00:00Z"));
    REQUIRE(m.size() == 1);
    CHECK(m[0].subject.find("Reminder") != std::string::npos);
    CHECK(club.at(utc("2026-11-23T05:00:00Z")).empty());
    m = club.at(utc("2026-11-23T07:00:00Z"));
    REQUIRE(m.size() == 1);
    CHECK(m[0].subject.find("Your digest") != std::string::npos);
    m = club.at(utc("2026-11-23T11:00:00Z"));
    REQUIRE(m.size() == 1);
    CHECK(m[0].subject.find("Reminder") != std::string::npos);
    CHECK(club.at(utc("2026-11-23T11:59:00Z")).empty());
}

TEST_CASE("settings: a digest reply splits its lines by game", "[daemon][settings]") {
    const GameLines g = split_game_lines("#42 Nf3\n#57 any?\ngames\n# 42: say thanks\nhelp\n");
    REQUIRE(g.games.size() == 2);
    CHECK(g.games[0] == std::pair<std::string, std::string>{"42", "Nf3\nsay thanks\n"});
    CHECK(g.games[1] == std::pair<std::string, std::string>{"57", "any?\n"});
    CHECK(g.rest == "games\nhelp\n\n");
    const GameLines block = split_game_lines("#7 message: hello\nsee you\n");
    REQUIRE(block.games.size() == 1);
    CHECK(block.games[0].second == "message: hello\nsee you\n\n");
}

TEST_CASE("settings: a reply to the digest acts in the listed games, only from its player",
          "[daemon][settings]") {
    Club club("reply");
    const auto a = club.new_game("2d");
    const auto b = club.new_game("2d");
    club.mail(Ada, Referee, "set mail digest 07:00");
    auto m = club.at(utc("2026-11-22T07:00:00Z"));
    REQUIRE(m.size() == 1);
    auto reply = build_digest_address(Referee, Ada, ck::daemon::test::FixedSecret);
    REQUIRE(reply);
    CHECK(m[0].raw.find(*reply) != std::string::npos);  // its Reply-To
    // Bob cannot use Ada's digest address: nothing is played.
    m = club.mail(Bob, *reply, "#" + to_string(a) + " Nf3");
    CHECK(ck::daemon::test::to(m, Ada).empty());
    // Ada acts in both games with one mail: one answer to her, a turn mail to Bob per game.
    m = club.mail(Ada, *reply, "#" + to_string(a) + " e4\n#" + to_string(b) + " d4\nsettings");
    const auto ada = ck::daemon::test::to(m, Ada);
    REQUIRE(ada.size() == 1);
    CHECK(ada[0].text.find("You played e4.") != std::string::npos);
    CHECK(ada[0].text.find("You played d4.") != std::string::npos);
    CHECK(ada[0].text.find("mail: digest 07:00") != std::string::npos);
    CHECK(ck::daemon::test::to(m, Bob).size() == 2);
}

TEST_CASE("settings: a digest reply's lines not understood come after every game's section",
          "[daemon][settings]") {
    Club club("reply-unknown");
    const auto a = club.new_game("2d");
    const auto b = club.new_game("2d");
    club.mail(Ada, Referee, "set mail digest 07:00");
    club.at(utc("2026-11-22T07:00:00Z"));
    auto reply = build_digest_address(Referee, Ada, ck::daemon::test::FixedSecret);
    REQUIRE(reply);
    const auto m = club.mail(
        Ada, *reply, "#" + to_string(a) + " e4\nfrobnicate\n#" + to_string(b) + " d4\n#999 Nf3");
    const auto ada = ck::daemon::test::to(m, Ada);
    REQUIRE(ada.size() == 1);
    const std::string& text = ada[0].text;
    const auto first = text.find("You played e4.");
    const auto second = text.find("You played d4.");
    const auto unknown = text.find(ck::compose::NotUnderstoodHeading);
    REQUIRE(first != std::string::npos);
    REQUIRE(second != std::string::npos);
    REQUIRE(unknown != std::string::npos);
    CHECK(unknown > second);  // not in the first game's section
    CHECK(unknown > first);
    CHECK(text.find("> frobnicate", unknown) != std::string::npos);
    CHECK(text.find("> #999 Nf3", unknown) != std::string::npos);
}
