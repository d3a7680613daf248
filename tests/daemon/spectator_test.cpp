// Spectators through the daemon (daemon/spectators.hpp): `follow ID` by club mail, the
// organiser's follow/unfollow, a spectator mail after every turn built only from what both
// players heard, the full record at the end, and noninterference: two hidden games that differ
// only in hidden moves give the follower byte-identical mails.

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "daemon/club_mail.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/spectators.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"

namespace fs = std::filesystem;
using ck::rules::Color;

using ck::daemon::test::OutMail;
using ck::daemon::test::to;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";
const std::string Cy = "cy@example.com";
const std::string Referee = "referee@club.example";

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("spectator-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        add_player("Cy Onlooker", Cy);
        auto t = ck::compose::Templates::load(fs::path(CK_TEST_DATA) / "../../templates");
        REQUIRE(t);
        templates_.emplace(std::move(*t));
    }

    ck::store::GameId new_game(bool hidden) {
        ck::daemon::NewGame spec;
        spec.variant = "crazyhouse";
        spec.hidden = hidden;
        spec.white = Ada;
        spec.black = Bob;
        return start_game(spec);
    }

    std::string reply_address(ck::store::GameId game, Color c) const {
        return DaemonFixture::reply_address(to_string(game), c);
    }

    std::vector<OutMail> send(const std::string& from, const std::string& to,
                              const std::string& body) {
        const std::string mid = "m" + std::to_string(++sent_) + "@example.org";
        deliver("Return-Path: <" + from + ">\r\nDelivered-To: " + to + "\r\nFrom: Someone <" +
                from + ">\r\nTo: <" + to +
                ">\r\nSubject: Re: game\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                mid + ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
                body + "\r\n");
        clock_.advance(std::chrono::hours(1));
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    // The organiser's `game follow|unfollow ID EMAIL`.
    ck::daemon::FollowOutcome organiser(ck::store::GameId id, const std::string& address,
                                        bool follow) {
        ck::store::Transaction tx(clock_.now());
        const ck::daemon::ClubDesk desk{daemon_->config(), daemon_->players(), daemon_->store(),
                                        *templates_};
        auto r = ck::daemon::set_following(desk, id, address, follow, false,
                                           "cli" + std::to_string(++sent_), tx);
        REQUIRE(r);
        REQUIRE(daemon_->store().commit(tx));
        flush();
        return *r;
    }

private:
    std::optional<ck::compose::Templates> templates_;
    int sent_ = 0;
};

std::set<std::string> squares_in(const std::string& mail_text) {
    // The HTML part's heading tags (<h1>, </h1>) are no squares.
    static const std::regex heading_tag("(</?)h([1-6])\\b");
    const std::string text = std::regex_replace(mail_text, heading_tag, "$1hx$2");
    std::set<std::string> out;
    static const std::regex sq("(^|[^A-Za-z0-9@.=_-])([a-h][1-8])(?![A-Za-z0-9])");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), sq); it != std::sregex_iterator();
         ++it)
        out.insert((*it)[2].str());
    return out;
}

// Plays a hidden game followed by Cy and returns every mail Cy got (raw), turn by turn.
std::vector<std::string> followed_game(const std::string& tag,
                                       const std::vector<std::vector<std::string>>& turns) {
    Club club(tag);
    const auto id = club.new_game(true);
    const auto ok = club.send(Cy, Referee, "follow " + to_string(id));
    REQUIRE(to(ok, Cy).size() == 1);
    std::vector<std::string> cy;
    cy.push_back(to(ok, Cy)[0].raw);
    Color side = Color::White;
    for (const auto& turn : turns) {
        std::string body;
        for (const auto& line : turn) body += line + "\r\n";
        const auto mails =
            club.send(side == Color::White ? Ada : Bob, club.reply_address(id, side), body);
        for (const auto& m : to(mails, Cy)) cy.push_back(m.raw);
        side = ~side;
    }
    return cy;
}

}  // namespace

TEST_CASE("a registered player follows a hidden game by mail") {
    Club club("follow");
    const auto id = club.new_game(true);
    const std::string gid = to_string(id);

    // A player of the game may not follow it; an unknown game is refused too.
    auto own = club.send(Ada, Referee, "follow " + gid);
    REQUIRE(to(own, Ada).size() == 1);
    CHECK(to(own, Ada)[0].text.find("You play in game " + gid) != std::string::npos);
    auto none = club.send(Cy, Referee, "follow 99");
    REQUIRE(to(none, Cy).size() == 1);
    CHECK(to(none, Cy)[0].text.find("There is no game 99") != std::string::npos);

    auto ok = club.send(Cy, Referee, "Follow #" + gid);
    REQUIRE(to(ok, Cy).size() == 1);
    CHECK(to(ok, Cy)[0].text.find("You now follow game " + gid) != std::string::npos);
    auto ini = club.daemon().store().read_game_file(id, "game.ini");
    REQUIRE(ini);
    CHECK(ini->find("followers = " + Cy + "\n") != std::string::npos);
    // Following twice changes nothing and mails nothing.
    CHECK(to(club.send(Cy, Referee, "follow " + gid), Cy).empty());

    // White tries an impossible move, then plays: the follower hears only "White has moved."
    auto t1 = club.send(Ada, club.reply_address(id, Color::White), "Qh5\r\ne4");
    REQUIRE(to(t1, Cy).size() == 1);
    const std::string m1 = to(t1, Cy)[0].text;
    CHECK(m1.find("White has moved.") != std::string::npos);
    CHECK(m1.find("e4") == std::string::npos);
    CHECK(m1.find("Qh5") == std::string::npos);
    CHECK(m1.find("Impossible") == std::string::npos);
    CHECK(to(t1, Cy)[0].raw.find("Reply-To:") == std::string::npos);

    auto t2 = club.send(Bob, club.reply_address(id, Color::Black), "d5");
    auto t3 = club.send(Ada, club.reply_address(id, Color::White), "exd5");
    REQUIRE(to(t3, Cy).size() == 1);
    const std::string m3 = to(t3, Cy)[0].text;
    CHECK(m3.find("Pawn captured on d5.") != std::string::npos);
    // Only the announced capture square is ever named.
    for (const auto& mails : {t1, t2, t3})
        for (const auto& m : to(mails, Cy)) {
            INFO(m.text);
            for (const auto& sq : squares_in(m.text)) CHECK(sq == "d5");
        }

    // The end: the follower gets the full referee record.
    auto end = club.send(Bob, club.reply_address(id, Color::Black), "resign");
    const std::vector<OutMail> to_cy = to(end, Cy);
    REQUIRE(to_cy.size() == 1);
    const OutMail& last = to_cy[0];
    CHECK(last.text.find("The game is over.") != std::string::npos);
    CHECK(last.raw.find("crazykrieg-" + gid + ".pgn") != std::string::npos);
    CHECK(last.raw.find("attachment") != std::string::npos);
}

TEST_CASE("the organiser adds and removes followers, open games show the board") {
    Club club("organiser");
    const auto id = club.new_game(false);
    const std::string outsider = "Fan@Elsewhere.example";
    CHECK(club.organiser(id, outsider, true) == ck::daemon::FollowOutcome::Done);
    CHECK(club.organiser(id, outsider, true) == ck::daemon::FollowOutcome::Unchanged);
    CHECK(club.organiser(id, Ada, true) == ck::daemon::FollowOutcome::OwnGame);
    CHECK(club.organiser(id.next(), outsider, true) == ck::daemon::FollowOutcome::NoSuchGame);
    const std::string fan = "fan@elsewhere.example";
    auto confirm = club.new_outgoing();
    REQUIRE(to(confirm, fan).size() == 1);

    auto t1 = club.send(Ada, club.reply_address(id, Color::White), "e4");
    REQUIRE(to(t1, fan).size() == 1);
    const std::string text = to(t1, fan)[0].text;
    CHECK(text.find("White played e4.") != std::string::npos);
    CHECK(text.find(" 4 . r . n . b") == std::string::npos);  // not Black's side of the board
    CHECK(text.find(" 1  R  N  B  Q  K  B  N  R") != std::string::npos);
    CHECK(text.find(" 4  .  .  .  .  P  .  .  .") != std::string::npos);

    CHECK(club.organiser(id, fan, false) == ck::daemon::FollowOutcome::Done);
    auto bye = club.new_outgoing();
    REQUIRE(to(bye, fan).size() == 1);
    CHECK(to(bye, fan)[0].text.find("no longer follow") != std::string::npos);
    auto t2 = club.send(Bob, club.reply_address(id, Color::Black), "e5");
    CHECK(to(t2, fan).empty());
    CHECK(club.organiser(id, fan, false) == ck::daemon::FollowOutcome::Unchanged);
}

TEST_CASE("a follower stops following by mail") {
    Club club("unfollow");
    const auto id = club.new_game(true);
    const std::string gid = to_string(id);
    REQUIRE(to(club.send(Cy, Referee, "follow " + gid), Cy).size() == 1);
    auto bye = to(club.send(Cy, Referee, "Unfollow #" + gid), Cy);
    REQUIRE(bye.size() == 1);
    CHECK(bye[0].raw.find("Subject: [crazykrieg #" + gid + "] You no longer follow this game") !=
          std::string::npos);
    auto ini = club.daemon().store().read_game_file(id, "game.ini");
    REQUIRE(ini);
    CHECK(ini->find("followers") == std::string::npos);
    auto t1 = club.send(Ada, club.reply_address(id, Color::White), "e4");
    CHECK(to(t1, Cy).empty());
    // Not following (any more): the same answer, nothing written; no such game: refused.
    auto again = to(club.send(Cy, Referee, "unfollow " + gid), Cy);
    REQUIRE(again.size() == 1);
    CHECK(again[0].text.find("You no longer follow game " + gid) != std::string::npos);
    auto none = to(club.send(Cy, Referee, "unfollow 99"), Cy);
    REQUIRE(none.size() == 1);
    CHECK(none[0].text.find("There is no game 99") != std::string::npos);
}

TEST_CASE("a follower's mails do not depend on hidden moves") {
    // Same public story (moves, a capture on d5, any?, one "no" by Black); different hidden
    // moves and private impossible tries.
    const auto a = followed_game(
        "ni-a", {{"Qh5", "e4"}, {"d5"}, {"exd5"}, {"any?", "Qxd5"}, {"Nc3"}, {"Qd1", "h6"}});
    const auto b = followed_game(
        "ni-b", {{"e4"}, {"Bb4", "d5"}, {"Qd3", "exd5"}, {"any?", "Qxd5"}, {"Nf3"}, {"Qd1", "a6"}});
    REQUIRE(a.size() == 7);
    REQUIRE(b.size() == 7);
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO("mail " << i);
        CHECK(a[i] == b[i]);
    }
}

TEST_CASE("what the followers were told is stored in game.ini, not replayed") {
    // game_files.hpp followers_told: the count of the spectators' events of the saved state;
    // the next turn's mail tells what came after it, read from game.ini (no replay of the
    // previous state).
    Club club("told");
    const auto id = club.new_game(true);
    const std::string gid = to_string(id);
    const auto game_ini = [&] {
        auto ini = club.daemon().store().read_game_file(id, "game.ini");
        REQUIRE(ini);
        return *ini;
    };
    CHECK(game_ini().find("followers_told") == std::string::npos);  // nobody follows: no line
    REQUIRE(to(club.send(Cy, Referee, "follow " + gid), Cy).size() == 1);
    CHECK(game_ini().find("followers = " + Cy + "\nfollowers_told = 0\n") != std::string::npos);
    REQUIRE(to(club.send(Ada, club.reply_address(id, Color::White), "e4"), Cy).size() == 1);
    CHECK(game_ini().find("followers_told = 1\n") != std::string::npos);

    const auto news_of = [](const std::vector<OutMail>& mails) {
        REQUIRE(mails.size() == 1);
        const std::string& text = mails[0].text;
        return std::pair{text.find("White has moved.") != std::string::npos,
                         text.find("Black has moved.") != std::string::npos};
    };
    CHECK(news_of(to(club.send(Bob, club.reply_address(id, Color::Black), "e5"), Cy)) ==
          std::pair{false, true});
    CHECK(news_of(to(club.send(Ada, club.reply_address(id, Color::White), "d4"), Cy)) ==
          std::pair{true, false});
    auto meta = ck::league::parse_game_ini(game_ini());
    REQUIRE(meta);
    CHECK(meta->followers_told == std::size_t{3});
    // The count, not the previous state, decides: a count as if Cy had been told only White's
    // first move, and Black's next mail tells White's moves again with Black's.
    meta->followers_told = 1;
    ck::store::Transaction tx(std::chrono::system_clock::now());
    tx.write_game_file(id, "game.ini", ck::league::format_game_ini(*meta));
    REQUIRE(club.daemon().store().commit(tx));
    CHECK(news_of(to(club.send(Bob, club.reply_address(id, Color::Black), "d5"), Cy)) ==
          std::pair{true, true});
    CHECK(game_ini().find("followers_told = 4\n") != std::string::npos);
}
