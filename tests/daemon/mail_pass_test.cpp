// End-to-end mail pass on the embedded Maildir default (daemon/mail_pass.hpp): two players, a
// hidden crazyhouse game to checkmate by mail, the "who may act" refusals, and hidden
// information: White's mails are byte-identical in two games that differ only in a Black move
// White cannot see (docs/design.md, "Hidden information is a type").
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "daemon/mail_pass.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"
#include "mail/maildir.hpp"
#include "pgn/referee_record.hpp"

namespace fs = std::filesystem;
using ck::rules::Color;

using ck::daemon::test::OutMail;
using ck::daemon::test::to;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

// Game 1 between Ada and Bob (a fixed secret: both runs of the noninterference test must give
// the same tokens).
class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("daemon-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
    }

    std::string reply_address(Color c) const { return DaemonFixture::reply_address("1", c); }

    // Writes a player's reply into the inbox, runs one pass and returns the new outgoing mails.
    std::vector<OutMail> send(const std::string& from, const std::string& to,
                              const std::string& body, const std::string& message_id) {
        return deliver_raw(player_mail(from, to, body, message_id));
    }

    std::vector<OutMail> deliver_raw(const std::string& raw) {
        deliver(raw);
        return pass();
    }

    std::vector<OutMail> pass() {
        clock_.advance(std::chrono::hours(1));
        CHECK(step().failed == 0);
        ck::mail::MaildirSource source(config_.inbox);
        auto left = source.list_pending();
        REQUIRE(left);
        CHECK(left->empty());
        return new_outgoing();
    }

    // The requests of game 1 as recorded in its record.pgn, one a line: "w f3\nb e5\n".
    std::string requests_log() {
        auto r = daemon_->store().read_game_file(ck::core::GameId(1), "record.pgn");
        REQUIRE(r);
        auto opened = ck::pgn::open_referee_record(*r);
        if (!opened) FAIL("record.pgn: " << opened.error().message);
        std::string out;
        for (const auto& ruling : opened->builder.rulings())
            out += (ruling.side == Color::White ? "w " : "b ") + ruling.request + "\n";
        return out;
    }

    static std::string player_mail(const std::string& from, const std::string& to,
                                   const std::string& body, const std::string& message_id) {
        return "Return-Path: <" + from + ">\r\nDelivered-To: " + to + "\r\nFrom: Player <" + from +
               ">\r\nTo: Crazykrieg referee <" + to +
               ">\r\nSubject: Re: [crazykrieg #1] Your move\r\nDate: Sat, 21 Nov 2026 "
               "13:00:00 +0000\r\nMessage-ID: <" +
               message_id +
               ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
               "\r\n\r\nOn Sat, 21 Nov 2026 at 12:00, Crazykrieg referee wrote:\r\n> "
               "Your move.\r\n> Qh4 e5 e6\r\n";
    }
};

// Fairness receipts (README) commit to the true position under a random secret salt, so they
// differ between any two games; they reveal nothing without the salt, which the game-end mail's
// record discloses. Each receipt (64 hex digits) is masked before the mails are compared, and
// so are the MIME boundaries, which hash the body (mail/outgoing.cpp).
std::string mask_receipts(const std::string& raw) {
    static const std::regex boundary("=_ck[0-9]+_[0-9a-f]{16}");
    const std::string s = std::regex_replace(raw, boundary, "=_ck_<boundary>");
    const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); };
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t j = i;
        while (j < s.size() && hex(s[j])) ++j;
        const std::size_t label = s.rfind("Receipt (ply", i);
        if (j - i == 64 && label != std::string::npos && i - label < 80) {
            out += "<receipt>";
            i = j;
        } else {
            j = std::max(j, i + 1);
            out.append(s, i, j - i);
            i = j;
        }
    }
    return out;
}

struct Run {
    std::vector<std::string> white_mails;  // every raw mail to White, in order
    std::vector<std::string> white_texts;  // their decoded text parts
    std::vector<std::string> black_mails;
};

// Fool's mate by mail. `black_first` is Black's first move (White cannot see it).
Run play_fools_mate(const std::string& tag, const std::string& black_first) {
    Club club(tag);
    Run run;
    const auto keep = [&](const std::vector<OutMail>& mails) {
        for (const auto& m : mails) {
            REQUIRE((m.to == Ada || m.to == Bob));
            (m.to == Ada ? run.white_mails : run.black_mails).push_back(mask_receipts(m.raw));
            if (m.to == Ada) run.white_texts.push_back(mask_receipts(m.text));
        }
    };
    ck::daemon::NewGame spec;
    spec.variant = "crazyhouse";
    spec.hidden = true;
    spec.white = Ada;
    spec.black = Bob;
    auto id = club.daemon().new_game(spec, club.clock());
    REQUIRE(id);
    CHECK(*id == ck::core::GameId(1));
    { club.flush(); }
    auto start = club.new_outgoing();
    REQUIRE(start.size() == 2);
    REQUIRE(to(start, Ada).size() == 1);
    REQUIRE(to(start, Bob).size() == 1);
    // Each game-start mail carries the player's own reply address, not the other's.
    CHECK(to(start, Ada)[0].raw.find(club.reply_address(Color::White)) != std::string::npos);
    CHECK(to(start, Ada)[0].raw.find(club.reply_address(Color::Black)) == std::string::npos);
    CHECK(to(start, Bob)[0].raw.find(club.reply_address(Color::Black)) != std::string::npos);
    keep(start);

    const std::string w = club.reply_address(Color::White);
    const std::string b = club.reply_address(Color::Black);

    auto m1 = club.send(Ada, w, "1. f3", "w1@ada.example.org");
    REQUIRE(m1.size() == 2);
    CHECK(to(m1, Ada)[0].text.find("f3") != std::string::npos);
    CHECK(to(m1, Ada)[0].text.find("Receipt (ply 1):") != std::string::npos);
    keep(m1);
    CHECK(club.requests_log() == "w f3\n");

    // A replayed Message-ID changes nothing.
    CHECK(club.send(Ada, w, "1. f3", "w1@ada.example.org").empty());
    CHECK(club.requests_log() == "w f3\n");

    auto m2 = club.send(Bob, b, black_first, "b1@bob.example.net");
    REQUIRE(m2.size() == 2);
    CHECK(to(m2, Bob)[0].text.find(black_first) != std::string::npos);
    keep(m2);

    // A forged From on White's address: no mail, no move.
    CHECK(club.send("mallory@evil.example", w, "g4", "forged@evil.example").empty());
    // White writing to Black's address: refused, answered to White only, no move.
    auto wrong = club.send(Ada, b, "g4", "wrong@ada.example.org");
    REQUIRE(wrong.size() == 1);
    CHECK(wrong[0].to == Ada);
    CHECK(club.requests_log() == "w f3\nb " + black_first + "\n");

    // A try list: the blocked bishop move is refused, then g4 is played.
    auto m3 = club.send(Ada, w, "2. Bb5\ng4", "w2@ada.example.org");
    REQUIRE(m3.size() == 2);
    CHECK(to(m3, Ada)[0].text.find("g4") != std::string::npos);
    keep(m3);
    CHECK(club.requests_log() == "w f3\nb " + black_first + "\nw Bb5\nw g4\n");

    auto m4 = club.send(Bob, b, "2... Qh4", "b2@bob.example.net");
    REQUIRE(m4.size() == 2);
    for (const auto& m : m4) CHECK(m.text.find("Checkmate.") != std::string::npos);
    keep(m4);

    // The game is over: a further move is refused (to the sender only) and changes nothing.
    const std::string before = club.requests_log();
    auto late = club.send(Ada, w, "3. e4", "w3@ada.example.org");
    REQUIRE(late.size() == 1);
    CHECK(late[0].to == Ada);
    CHECK(club.requests_log() == before);

    // Nothing new: a second pass sends nothing.
    CHECK(club.pass().empty());
    // The refusals are not part of the compared runs (they answer White's own mails).
    return run;
}

}  // namespace

TEST_CASE("a hidden crazyhouse game is played to checkmate by mail", "[daemon][mail_pass]") {
    const Run a = play_fools_mate("a", "e5");
    const Run b = play_fools_mate("b", "e6");
    REQUIRE(a.white_mails.size() == 5);
    REQUIRE(b.white_mails.size() == 5);
    // White cannot know whether Black played e5 or e6: White's mails are byte-identical while
    // the game lasts, and the game-end mail's text too.
    for (int i = 0; i < 4; ++i) CHECK(a.white_mails[i] == b.white_mails[i]);
    CHECK(a.white_texts == b.white_texts);
    // The game-end mail attaches the referee's full record, which then tells all.
    CHECK(a.white_mails[4].find("application/vnd.chess-pgn") != std::string::npos);
    CHECK(a.white_mails[4] != b.white_mails[4]);
    // Black's own mails do differ, so the comparison above can fail.
    CHECK(a.black_mails != b.black_mails);
}

TEST_CASE("game.ini round-trips; a game is saved and loaded from its record",
          "[daemon][game_files]") {
    ck::league::GameMeta m;
    REQUIRE(ck::league::resolve_variant("crazykrieg", m));
    CHECK(m.variant == "crazyhouse");
    CHECK(m.hidden);
    m.white = Ada;
    m.black = Bob;
    m.created = "2026-11-21T12:00:00Z";
    m.time = "3d";
    m.draw_offer = Color::Black;
    auto back = ck::league::parse_game_ini(ck::league::format_game_ini(m));
    REQUIRE(back);
    CHECK(back->variant == m.variant);
    CHECK(back->hidden == m.hidden);
    CHECK(back->white == Ada);
    CHECK(back->black == Bob);
    CHECK(back->time == "3d");
    CHECK(back->draw_offer == Color::Black);
    m.draw_offer.reset();
    CHECK_FALSE(ck::league::parse_game_ini(ck::league::format_game_ini(m))->draw_offer);
    CHECK_FALSE(ck::league::resolve_variant("nosuchvariant", m));
}

TEST_CASE("board, help, unknown lines, stale and out-of-turn mails", "[daemon][mail_pass]") {
    Club club("misc");
    ck::daemon::NewGame spec;
    spec.variant = "kriegspiel";
    spec.white = Ada;
    spec.black = Bob;
    REQUIRE(club.daemon().new_game(spec, club.clock()));
    CHECK(club.pass().size() == 2);  // the game-start mails
    const std::string w = club.reply_address(Color::White);
    const std::string b = club.reply_address(Color::Black);

    // board + help + an unknown line: one answer to White only (one answer per mail), no
    // request ruled.
    auto m = club.send(Ada, w, "board\nhelp\nplease castle", "m1@ada.example.org");
    REQUIRE(m.size() == 1);
    CHECK(m[0].text.find("Not understood, nothing done:\n> please castle") != std::string::npos);
    for (const auto& x : m) CHECK(x.to == Ada);
    CHECK(std::any_of(m.begin(), m.end(), [](const OutMail& x) {
        return x.text.find("please castle") != std::string::npos;
    }));
    CHECK(club.requests_log().empty());

    // Stale move number: refused, nothing ruled.
    auto stale = club.send(Ada, w, "7. e4", "m2@ada.example.org");
    REQUIRE(stale.size() == 1);
    CHECK(stale[0].to == Ada);
    CHECK(club.requests_log().empty());

    // Black moving while White is to move: refused to Black only.
    auto early = club.send(Bob, b, "e5", "m3@bob.example.net");
    REQUIRE(early.size() == 1);
    CHECK(early[0].to == Bob);
    CHECK(club.requests_log().empty());

    // Automatic mail (an out-of-office reply from White's address): dropped, never answered.
    std::string autoreply = Club::player_mail(Ada, w, "e4", "m4@ada.example.org");
    autoreply.insert(0, "Auto-Submitted: auto-replied\r\n");
    CHECK(club.deliver_raw(autoreply).empty());
    CHECK(club.requests_log().empty());

    // A mail with no command at all.
    auto empty = club.send(Ada, w, "", "m5@ada.example.org");
    REQUIRE(empty.size() == 1);
    CHECK(empty[0].to == Ada);

    // Finally a real move goes through, told to both.
    auto ok = club.send(Ada, w, "1. e4", "m6@ada.example.org");
    CHECK(ok.size() == 2);
    CHECK(club.requests_log() == "w e4\n");
}

TEST_CASE("the player registry persists and refuses duplicates", "[daemon][players]") {
    const fs::path dir = fs::temp_directory_path() / ("ck-players-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    {
        auto store = ck::store::Store::open(dir);
        REQUIRE(store);
        auto p = ck::league::Players::load(*store);
        REQUIRE(p);
        CHECK(p->all().empty());
        const auto now = std::chrono::system_clock::now();
        REQUIRE(p->add("Ada White", "Ada@Example.org", *store, now));
        CHECK_FALSE(p->add("Ada again", "ada@example.org", *store, now));
        CHECK_FALSE(p->add("Nobody", "not-an-address", *store, now));
        CHECK_FALSE(p->add("Tab\tName", "x@example.org", *store, now));
    }
    auto store = ck::store::Store::open(dir);
    REQUIRE(store);
    auto again = ck::league::Players::load(*store);
    REQUIRE(again);
    REQUIRE(again->all().size() == 1);
    REQUIRE(again->find("ADA@example.org"));
    CHECK(again->find("ada@example.org")->name == "Ada White");
    fs::remove_all(dir);
}
