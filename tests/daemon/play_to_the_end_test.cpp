// What issue 24 ("Played to the end") found by mail, each reproduced by mail: a legal capture
// refused after a bad placement of the same capture (D1), a resignation while the opponent is
// to move, and the answers a player's lines get (README "Mail protocol for players").
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <chrono>
#include <string>
#include <vector>

#include "league/game_files.hpp"
#include "one_game_club.hpp"
#include "pgn/referee_record.hpp"

using ck::daemon::test::Ada;
using ck::daemon::test::Bob;
using ck::daemon::test::has;
using ck::daemon::test::only;
using ck::daemon::test::OutMail;
using ck::daemon::test::to;
using ck::rules::Color;

namespace {

struct Setup {
    std::string variant = "chess";
    bool hidden = false;
    std::string rules = "crazykrieg";
};

ck::daemon::NewGame game_of(const Setup& s) {
    ck::daemon::NewGame spec;
    spec.variant = s.variant;
    spec.hidden = s.hidden;
    spec.rules = *ck::referee::find_rule_set(s.rules);
    return spec;
}

class Club : public ck::daemon::test::OneGameClub {
public:
    Club(const std::string& tag, const Setup& s) : OneGameClub("play-" + tag, "p", game_of(s)) {}
    ck::league::StoredGame game() {
        auto g = ck::league::load_game(daemon_->store(), ck::core::GameId(1));
        REQUIRE(g);
        return std::move(*g);
    }
};

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
            const auto ada = only(m, Ada);
            CHECK(has(ada.text, "You tried exd5/h7: No."));
            CHECK(has(ada.text, "You played exd5/d6."));
            // The opponent hears one refusal at most (none in wild16), never a false second.
            const auto bob = only(m, Bob);
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
            const auto mail = only(m, a);
            CHECK(has(mail.text, "White resigned."));
            CHECK_FALSE(has(mail.text, "not your turn"));
        }
        const auto g = club.game();
        CHECK(g.game.result() == ck::referee::GameResult::BlackWins);
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
        CHECK(has(only(m, Bob).text, "Black resigned."));
        CHECK(has(only(m, Ada).text, "Black resigned."));
        const auto g = club.game();
        CHECK(g.game.result() == ck::referee::GameResult::WhiteWins);
        CHECK(g.record.plies() == 2);  // e5 was played first
        auto verified = ck::pgn::verify_referee_record(g.record.referee_record());
        if (!verified) FAIL("record: " << verified.error().message);
    }
}

TEST_CASE("D2: a bare capture in open Replacement says what is missing; the mails explain",
          "[daemon][issue24]") {
    Club club("d2", {"replacement", false, "crazykrieg"});
    club.send(Ada, "e4");
    club.send(Bob, "d5");
    const auto ada = only(club.send(Ada, "exd5"), Ada);
    CHECK(has(ada.text, "exd5 is ambiguous: name where the captured unit goes"));
    CHECK(has(ada.text, "as in exd5/"));
    CHECK(has(ada.text, "Nothing was played."));
    CHECK_FALSE(has(ada.subject, "Unknown command"));
    CHECK(club.game().game.side_to_move() == Color::White);
    const auto played = only(club.send(Ada, "exd5/d6"), Ada);
    CHECK(has(played.text, "You played exd5/d6."));
    // The help explains placements in this variant.
    const auto help = only(club.send(Bob, "help"), Bob);
    CHECK(has(help.text, "write the square after a slash, as in exd5/d6"));
}

TEST_CASE("D4: every line after the played move gets an answer", "[daemon][issue24]") {
    Club club("d4", {});
    const auto m = club.send(Ada, "e4\nNf3");
    const auto ada = only(m, Ada);
    CHECK(has(ada.text, "You played e4."));
    CHECK(has(ada.text, "Not used:\n- Nf3 -- a move was already played"));
    // After a mate, the rest of the mail is answered too.
    Club mate("d4-mate", {});
    mate.send(Ada, "f3");
    mate.send(Bob, "e5");
    mate.send(Ada, "g4");
    const auto end = only(mate.send(Bob, "Qh4\nNf6"), Bob);
    CHECK(has(end.text, "Nf6 -- the game is over"));
}

TEST_CASE("D5/D6: open play says why a move was refused and names the candidates",
          "[daemon][issue24]") {
    Club club("d5", {});
    const auto ada = only(club.send(Ada, "Qh5\nO-O\nd4"), Ada);
    CHECK(has(ada.text, "You tried Qh5: Illegal."));
    CHECK(has(ada.text, "Why:\n- Qh5: none of your pieces can move there."));
    CHECK(has(ada.text, "- O-O: "));
    CHECK(has(ada.text, "You played d4."));
    club.send(Bob, "d5");
    club.send(Ada, "Nf3");
    club.send(Bob, "Nf6");
    const auto amb = only(club.send(Ada, "Nd2"), Ada);
    CHECK(has(amb.text, "Nd2 is ambiguous: Nbd2, Nfd2"));
    CHECK_FALSE(has(amb.subject, "Unknown command"));
}

TEST_CASE("D5/D6 hidden: a refusal says only what the rules allow", "[daemon][issue24]") {
    Club club("d5-hidden", {"chess", true, "crazykrieg"});
    const auto ada = only(club.send(Ada, "Qh5\nd4"), Ada);
    CHECK(has(ada.text, "You tried Qh5: Impossible."));
    CHECK_FALSE(has(ada.text, "Why:"));
    // Ambiguity on the player's own board names only their own pieces.
    Club amb("d6-hidden", {"chess", true, "crazykrieg"});
    amb.send(Ada, "Nf3");
    amb.send(Bob, "e5");
    amb.send(Ada, "d3");
    amb.send(Bob, "d5");
    const auto nd2 = only(amb.send(Ada, "Nd2"), Ada);
    CHECK(has(nd2.text, "several of your pieces can make that move (from b1 and f3)"));
}

TEST_CASE("D7: a move line with a comment plays the move and answers the rest",
          "[daemon][issue24]") {
    Club club("d7", {});
    const auto m = club.send(Ada, "1. e4 (the open game)");
    const auto ada = only(m, Ada);
    CHECK(has(ada.text, "You played e4."));
    CHECK(has(ada.text, "> (the open game)"));
    const auto bob = club.send(Bob, "1... e5 {the open game}");
    CHECK(has(only(bob, Bob).text, "You played e5."));
    CHECK(has(only(bob, Ada).text, "Bob Black writes:\n> the open game"));
    CHECK(has(only(club.send(Ada, "Nf3 !"), Ada).text, "You played Nf3."));
}

TEST_CASE("D10: a move number of the wrong colour says whose move it is", "[daemon][issue24]") {
    Club club("d10", {});
    club.send(Ada, "d4");
    club.send(Bob, "d5");
    const auto ada = only(club.send(Ada, "2... Nf3"), Ada);
    CHECK(has(ada.text, "2... is Black's move; it is White's move 2 now. Nothing was played."));
}

TEST_CASE("D14: any? under a rule set without it explains why", "[daemon][issue24]") {
    Club club("d14", {"chess", true, "wild16"});
    const auto ada = only(club.send(Ada, "any?"), Ada);
    CHECK(has(ada.text, "the wild16 rules have no any?: the referee announces the pawn tries"));
    CHECK_FALSE(has(ada.subject, "Unknown command"));
}

TEST_CASE("D17: a reply to an older mail of the game is warned about", "[daemon][issue24]") {
    Club club("d17", {});
    club.send(Ada, "e4");
    club.send(Bob, "e5");
    // Ada answers the game-start mail (ply 0) at ply 2.
    const std::string raw =
        "From: <" + Ada + ">\r\nTo: <" + club.reply_address("1", Color::White) +
        ">\r\nSubject: Re: game\r\nMessage-ID: <old@example.org>\r\nIn-Reply-To: "
        "<ck.1.0.w.game-start@club.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; "
        "charset=utf-8\r\n\r\nNf3\r\n";
    club.deliver(raw);
    club.clock().advance(std::chrono::hours(1));
    CHECK(club.step().failed == 0);
    const auto ada = only(club.new_outgoing(), Ada);
    CHECK(has(ada.text, "Your mail answers the referee's mail of an earlier move"));
    CHECK(has(ada.text, "You played Nf3."));
}

TEST_CASE("D18: at most 20 refused tries a mail; the opponent hears no more", "[daemon][issue24]") {
    Club club("d18", {"chess", true, "crazykrieg"});
    club.send(Ada, "e4");
    club.send(Bob, "f5");
    std::string tries;
    for (int i = 0; i < 30; ++i) tries += "exd5 ";
    const auto m = club.send(Ada, tries + "\nd4");
    CHECK(count(only(m, Bob).text, "White tried a move: No.") == 20);
    const auto ada = only(m, Ada);
    CHECK(has(ada.text, "not tried: 20 refused tries are the most one mail may make"));
    CHECK(club.game().game.side_to_move() == Color::White);  // d4 was not tried either
}

TEST_CASE("D19: the move list keeps the announcement after one's own move", "[daemon][issue24]") {
    Club club("d19", {"chess", true, "wild16"});
    club.send(Ada, "e4");
    const auto m = club.send(Bob, "d5");
    // Bob's own move d5 is followed by the pawn-try count White heard and Bob too.
    CHECK(has(only(m, Bob).text, "d5 (One pawn try.)"));
}

namespace {

// Runs of 64 hex digits (the fairness receipts, which commit to the true position under a
// random salt) masked.
std::string mask_receipts(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t j = i;
        while (j < text.size() && std::isxdigit(static_cast<unsigned char>(text[j]))) ++j;
        if (j - i == 64) {
            out += "<receipt>";
        } else {
            j = std::max(j, i + 1);
            out.append(text, i, j - i);
        }
        i = j;
    }
    return out;
}

// White's answer to a mail with every new kind of answer, in a hidden game where Black's
// first move (which White cannot see) is `black_first`.
std::string white_answer(const std::string& tag, const std::string& black_first) {
    Club club("nonint-" + tag, {"crazyhouse", true, "crazykrieg"});
    club.send(Ada, "e4");
    club.send(Bob, black_first);
    const auto m = club.send(Ada,
                             "2. O-O ! (why not)\nany?\nKe2 {hello}\nNf3 thanks\nresign "
                             "later\nxyz");
    return mask_receipts(only(m, Ada).text);
}

}  // namespace

TEST_CASE("the new answers tell White nothing of Black's hidden move", "[daemon][issue24]") {
    const std::string a = white_answer("a", "a6");
    const std::string b = white_answer("b", "h6");
    CHECK(a == b);
    // The answers are there, so the comparison covers them.
    CHECK(has(a, "You tried O-O: Impossible."));
    CHECK(has(a, "Not used:\n- Nf3 -- a move was already played"));
    CHECK(has(a, "> (why not)"));
    CHECK(has(a, "Passed on to Bob Black:\n> hello"));
    CHECK(has(a, "Not understood, nothing done:"));
}
