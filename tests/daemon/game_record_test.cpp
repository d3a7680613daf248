// Games stored as their extended PGN record (league/game_files.hpp) and the mail commands that
// end or annotate a game outside the referee's requests (daemon/game_turn.hpp): draw offers
// (offer, accept, decline, lapse), `pgn`, game-end attachments, reload after a restart, and a
// damaged record leaving the mail pending.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "daemon/mail_pass.hpp"
#include "daemon_fixture.hpp"
#include "league/game_files.hpp"
#include "mail/codec.hpp"
#include "mail/maildir.hpp"
#include "pgn/referee_record.hpp"

namespace fs = std::filesystem;
using ck::rules::Color;

using ck::daemon::test::OutMail;
using ck::daemon::test::to;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

using ck::daemon::test::attachment;
using ck::daemon::test::has;

class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("record-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
    }

    std::vector<OutMail> new_game(const std::string& variant, bool hidden) {
        ck::daemon::NewGame spec;
        spec.variant = variant;
        spec.hidden = hidden;
        spec.white = Ada;
        spec.black = Bob;
        spec.time = "3d";
        auto id = daemon_->new_game(spec, clock_);
        REQUIRE(id);
        CHECK(*id == ck::core::GameId(1));
        return pass();
    }

    std::string address(Color c) const { return reply_address("1", c); }

    // `c` writes `body` to game 1 from their registered address; returns the new mails.
    std::vector<OutMail> send(Color c, const std::string& body) {
        const std::string from = c == Color::White ? Ada : Bob;
        const std::string mid =
            "m" + std::to_string(++sent_) + "@" + from.substr(from.find('@') + 1);
        deliver("From: Player <" + from + ">\r\nTo: <" + address(c) +
                ">\r\nSubject: Re: game\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" +
                mid + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body + "\r\n");
        return pass();
    }

    std::vector<OutMail> pass(std::size_t expect_failed = 0) {
        clock_.advance(std::chrono::hours(1));
        CHECK(step().failed == expect_failed);
        return new_outgoing();
    }

    std::string file(const std::string& name) {
        auto r = daemon_->store().read_game_file(ck::core::GameId(1), name);
        REQUIRE(r);
        return *r;
    }
    ck::league::StoredGame game() {
        auto g = ck::league::load_game(daemon_->store(), ck::core::GameId(1));
        if (!g) FAIL("load: " << g.error());
        return std::move(*g);
    }

private:
    int sent_ = 0;
};

}  // namespace

TEST_CASE("a new game is stored as its referee record and both player records",
          "[daemon][record]") {
    Club club("new");
    CHECK(club.new_game("crazykrieg", false).size() == 2);
    const std::string record = club.file("record.pgn");
    CHECK(has(record, "[Event \"Crazykrieg game 1\"]"));
    CHECK(has(record, "[White \"Ada White\"]"));
    CHECK(has(record, "[Black \"Bob Black\"]"));
    CHECK(has(record, "[Date \"2026.11.21\"]"));
    CHECK(has(record, "[Variant \"Crazyhouse\"]"));
    CHECK(has(record, "[Kriegspiel \"crazykrieg\"]"));
    CHECK(has(record, "[Mode \"EM\"]"));
    CHECK(has(record, "[TimeControl \"1/259200\"]"));
    CHECK(has(record, "[Result \"*\"]"));
    REQUIRE(ck::pgn::verify_referee_record(record));
    CHECK(has(club.file("white.pgn"), "[View \"White\"]"));
    CHECK(has(club.file("black.pgn"), "[View \"Black\"]"));
    CHECK_FALSE(club.daemon().store().read_game_file(ck::core::GameId(1), "requests.log"));

    club.send(Color::White, "1. e4");
    club.send(Color::Black, "1... Qh4\ne5");  // a refused try, then a move
    const std::string after = club.file("record.pgn");
    auto check = ck::pgn::verify_referee_record(after);
    REQUIRE(check);
    CHECK(check->plies == 2);
    CHECK(check->requests == 3);
    CHECK(has(after, "1. e4"));
    CHECK(has(after, "1... e5"));
    // The player records are the ones derived from the referee record, written alongside.
    CHECK(club.file("white.pgn") == *ck::pgn::player_record(after, Color::White));
    CHECK(club.file("black.pgn") == *ck::pgn::player_record(after, Color::Black));
    // White's own record does not hold Black's refused try.
    CHECK_FALSE(has(club.file("white.pgn"), "Qh4"));
    CHECK(has(club.file("black.pgn"), "Qh4"));
}

TEST_CASE("a game reloads from its record after a restart and goes on", "[daemon][record]") {
    Club club("reload");
    club.new_game("kriegspiel", false);
    club.send(Color::White, "e4");
    club.send(Color::Black, "e5");
    const std::string before = club.file("record.pgn");
    club.reopen();
    {
        auto g = club.game();
        CHECK(g.game.side_to_move() == Color::White);
        CHECK(g.game.view(Color::White).move_number == 2);
        CHECK(g.record.referee_record() == before);
        CHECK(*ck::league::true_fen(g) ==
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    }
    {
        // What `crazykrieg game pgn 1 [--as ...]` prints.
        auto g = club.game();
        CHECK(*ck::league::record_text(g, "referee") == before);
        CHECK(*ck::league::record_text(g, "white") == club.file("white.pgn"));
        CHECK(*ck::league::record_text(g, "black") == club.file("black.pgn"));
        CHECK_FALSE(ck::league::record_text(g, "umpire"));
    }
    auto m = club.send(Color::White, "Nf3");
    CHECK(m.size() == 2);
    auto check = ck::pgn::verify_referee_record(club.file("record.pgn"));
    REQUIRE(check);
    CHECK(check->plies == 3);

    // A damaged record: the mail stays pending and nothing is sent or written.
    const std::string good = club.file("record.pgn");
    std::string bad = good;
    bad.replace(bad.find("2. Nf3"), 6, "2. Nc3");
    {
        ck::store::Transaction tx(std::chrono::system_clock::from_time_t(1795262400));
        tx.write_game_file(ck::core::GameId(1), "record.pgn", bad);
        REQUIRE(club.daemon().store().commit(tx));
    }
    CHECK_FALSE(ck::league::load_game(club.daemon().store(), ck::core::GameId(1)));
    // (the pass reports one failure)
    const std::string raw =
        "From: <" + Bob + ">\r\nTo: <" + club.address(Color::Black) +
        ">\r\nMessage-ID: <late@bob>\r\nContent-Type: text/plain\r\n\r\nNc6\r\n";
    club.deliver(raw);
    CHECK(club.pass(1).empty());
    CHECK(club.file("record.pgn") == bad);
}

TEST_CASE("draw: offer, then accept ends the game 1/2-1/2 with the record attached",
          "[daemon][draw]") {
    Club club("accept");
    club.new_game("crazykrieg", false);
    club.send(Color::White, "e4");

    // Black offers while White is to move: White is told, Black gets a confirmation.
    auto offer = club.send(Color::Black, "draw");
    REQUIRE(offer.size() == 2);
    REQUIRE(to(offer, Ada).size() == 1);
    CHECK(has(to(offer, Ada)[0].subject, "Your opponent offers a draw"));
    CHECK(has(to(offer, Bob)[0].subject, "Draw offer sent"));
    CHECK(club.game().meta.draw_offer == Color::Black);
    CHECK(has(club.file("game.ini"), "draw_offer = black"));

    // White accepts with `draw`: both get the game-end mail with the full record attached.
    auto end = club.send(Color::White, "draw");
    REQUIRE(end.size() == 2);
    for (const auto& m : end) {
        CHECK(has(m.subject, "Game over: 1/2-1/2"));
        CHECK(has(m.text, "Draw agreed."));
        auto pgn = attachment(m.raw, "crazykrieg-1.pgn");
        REQUIRE(pgn);
        CHECK(*pgn == club.file("record.pgn"));
    }
    const std::string record = club.file("record.pgn");
    CHECK(has(record, "[%end 1/2-1/2 agreement]"));
    CHECK(has(record, "[Termination \"normal\"]"));
    CHECK(has(record, "[Result \"1/2-1/2\"]"));
    auto check = ck::pgn::verify_referee_record(record);
    REQUIRE(check);
    CHECK(check->result == "1/2-1/2");
    auto g = club.game();
    CHECK(g.game.over());
    CHECK(g.game.view(Color::White).result == ck::referee::GameResult::Draw);
    CHECK_FALSE(g.meta.draw_offer);
    // The player records keep the game-over, not the [%end].
    CHECK(has(club.file("white.pgn"), "reason=agreement"));
    CHECK_FALSE(has(club.file("white.pgn"), "[%end"));

    // After the end, moves and draw are refused as game over.
    auto late = club.send(Color::Black, "draw");
    REQUIRE(late.size() == 1);
    CHECK(late[0].to == Bob);
    CHECK(club.file("record.pgn") == record);
}

TEST_CASE("draw: decline, decline with no offer, accept keyword", "[daemon][draw]") {
    Club club("decline");
    club.new_game("chess", false);
    auto offer = club.send(Color::White, "e4\ndraw");  // a move and an offer in one mail
    CHECK(to(offer, Bob).size() == 2);                 // the turn mail and the offer
    CHECK(club.game().meta.draw_offer == Color::White);

    auto declined = club.send(Color::Black, "decline");
    REQUIRE(declined.size() == 2);
    CHECK(has(to(declined, Ada)[0].text, "Your opponent declined your draw offer"));
    CHECK(has(to(declined, Bob)[0].text, "You declined the draw offer"));
    CHECK_FALSE(club.game().meta.draw_offer);
    CHECK(has(club.file("game.ini"), "draw_offer = \n"));

    auto nothing = club.send(Color::Black, "decline");
    REQUIRE(nothing.size() == 1);
    CHECK(nothing[0].to == Bob);
    CHECK(has(nothing[0].text, "There is no draw offer to decline"));

    // `accept` with nothing pending is an unknown command; with an offer it accepts.
    auto stray = club.send(Color::Black, "accept");
    REQUIRE(stray.size() == 1);
    CHECK(stray[0].to == Bob);
    club.send(Color::Black, "draw");
    auto accepted = club.send(Color::White, "accept");
    REQUIRE(accepted.size() == 2);
    CHECK(club.game().game.result() == ck::referee::GameResult::Draw);
}

TEST_CASE("draw: an offer lapses when the offerer's opponent moves", "[daemon][draw]") {
    Club club("lapse");
    club.new_game("kriegspiel", false);
    club.send(Color::White, "draw");
    CHECK(club.game().meta.draw_offer == Color::White);
    // White's own move keeps the offer standing.
    club.send(Color::White, "e4");
    CHECK(club.game().meta.draw_offer == Color::White);
    // Black plays instead of answering: the offer lapses and White is told.
    auto moved = club.send(Color::Black, "e5");
    auto white = to(moved, Ada);
    REQUIRE(white.size() == 2);
    CHECK(std::any_of(white.begin(), white.end(),
                      [](const OutMail& m) { return has(m.subject, "Draw offer lapsed"); }));
    CHECK_FALSE(club.game().meta.draw_offer);
    // So Black's `draw` now is a new offer, not an acceptance.
    club.send(Color::Black, "draw");
    CHECK_FALSE(club.game().game.over());
    CHECK(club.game().meta.draw_offer == Color::Black);
}

// docs/mail-protocol.md "In what order a mail's commands act": the same lines in another order
// do another thing. Black answers White's pending offer with `draw` and a move: before the move
// it accepts the offer (the game ends, the move is not used); after it, the move makes White's
// offer lapse and `draw` is Black's own new offer. The club lines among them (`set`, `games`)
// act at the same address and are answered in Black's one answer.
TEST_CASE("a game mail's commands act in the order written, with club lines among them",
          "[daemon][draw][order]") {
    for (const bool draw_first : {true, false}) {
        DYNAMIC_SECTION((draw_first ? "draw, then the move" : "the move, then draw")) {
            Club club(draw_first ? "order-draw-first" : "order-move-first");
            club.new_game("chess", false);
            club.send(Color::White, "e4\ndraw");
            REQUIRE(club.game().meta.draw_offer == Color::White);
            const std::string lines = draw_first ? "draw\nset reminders 8h,1h\ne5\ngames"
                                                 : "e5\nset reminders 8h,1h\ndraw\ngames";
            auto mails = club.send(Color::Black, lines);
            const auto bob = to(mails, Bob);
            REQUIRE(bob.size() == 1);  // one answer per mail
            INFO(bob[0].text);
            CHECK(has(bob[0].text, "Done: reminders set."));
            // `games` lists the games as the mail left them (this one included).
            CHECK(has(bob[0].text, "=== [crazykrieg] Your games ==="));
            auto g = club.game();
            if (draw_first) {
                CHECK(g.game.over());
                CHECK(g.game.result() == ck::referee::GameResult::Draw);
                CHECK(g.record.plies() == 1);  // e5 not played
                CHECK(has(bob[0].subject, "Game over: 1/2-1/2"));
                CHECK(has(bob[0].text, "e5 -- the game is over"));
                CHECK_FALSE(g.meta.draw_offer);
                CHECK(has(bob[0].text, "You have no games in progress."));
            } else {
                CHECK_FALSE(g.game.over());
                CHECK(g.record.plies() == 2);
                CHECK(g.meta.draw_offer == Color::Black);  // a new offer, not an acceptance
                CHECK(has(bob[0].text, "#1 chess, Black against Ada White, move 2: waiting"));
                const auto ada = to(mails, Ada);
                CHECK(std::any_of(ada.begin(), ada.end(), [](const OutMail& m) {
                    return has(m.subject, "Draw offer lapsed");
                }));
                CHECK(std::any_of(ada.begin(), ada.end(), [](const OutMail& m) {
                    return has(m.subject, "Your opponent offers a draw");
                }));
            }
        }
    }
}

// docs/mail-protocol.md "In what order a mail's commands act": what the player asks to be
// shown is answered once every line has acted, from the game as it stands after the mail, and
// the one answer lays its parts out as they were made (the turn's board first). So `board` and
// `pgn` written before the move, around it or after it give White the same answer, byte for
// byte: the board after 1. e4, then the record holding it.
TEST_CASE("board and pgn show the game as the mail leaves it, wherever they are written",
          "[daemon][pgn][order]") {
    std::vector<std::string> answers;
    for (const std::string lines : {"board\npgn\ne4", "pgn\ne4\nboard", "e4\nboard\npgn"}) {
        Club club("shows-" + std::to_string(answers.size()));
        club.new_game("chess", false);
        auto mails = club.send(Color::White, lines);
        const auto ada = to(mails, Ada);
        REQUIRE(ada.size() == 1);  // one answer per mail
        INFO(lines << "\n" << ada[0].text);
        CHECK(club.game().record.plies() == 1);
        const auto record = attachment(ada[0].raw, "crazykrieg-1.pgn");  // open play: the full one
        REQUIRE(record);
        CHECK(has(*record, "1. e4"));
        CHECK(*record == club.file("record.pgn"));
        const std::size_t board = ada[0].text.find("It is Black's move.");
        const std::size_t part = ada[0].text.find("=== [crazykrieg #1] The full record");
        CHECK(board != std::string::npos);
        CHECK(part != std::string::npos);
        CHECK(board < part);
        answers.push_back(ada[0].raw);
    }
    REQUIRE(answers.size() == 3);
    CHECK(answers[0] == answers[1]);
    CHECK(answers[1] == answers[2]);
}

// commands.hpp InGame: once the game is over, a mail holding a command that acts on the game
// is refused ("The game is over, so nothing was played."); its questions are still answered,
// and a mail of questions alone is no refusal.
TEST_CASE("a game that is over refuses the commands that act on it and answers the rest",
          "[daemon][order]") {
    Club club("over");
    club.new_game("chess", false);
    club.send(Color::White, "e4");
    club.send(Color::Black, "resign");
    REQUIRE(club.game().game.over());
    const std::string refusal = "The game is over, so nothing was played.";
    for (const std::string lines : {"board\npgn", "help", "board\ndraw", "pgn\nNf3"}) {
        const bool acts = lines.find("draw") != std::string::npos || has(lines, "Nf3");
        auto mails = club.send(Color::White, lines);
        const auto ada = to(mails, Ada);
        REQUIRE(ada.size() == 1);
        INFO(lines << "\n" << ada[0].text);
        CHECK(has(ada[0].text, refusal) == acts);
        if (has(lines, "pgn")) CHECK(attachment(ada[0].raw, "crazykrieg-1.pgn"));
    }
}

TEST_CASE("pgn: the player's own record while the game lasts, the full one after",
          "[daemon][pgn]") {
    Club club("pgn");
    club.new_game("crazykrieg", false);
    club.send(Color::White, "Qh5\ne4");
    auto mine = club.send(Color::Black, "pgn");
    REQUIRE(mine.size() == 1);
    CHECK(mine[0].to == Bob);
    CHECK(has(mine[0].subject, "Your record of the game"));
    auto own = attachment(mine[0].raw, "crazykrieg-1-black.pgn");
    REQUIRE(own);
    CHECK(*own == club.file("black.pgn"));
    CHECK_FALSE(has(*own, "e4"));  // Black does not know White's move
    CHECK_FALSE(attachment(mine[0].raw, "crazykrieg-1.pgn"));

    club.send(Color::Black, "resign");
    auto full = club.send(Color::Black, "pgn");
    REQUIRE(full.size() == 1);
    CHECK(has(full[0].subject, "The full record of the game"));
    auto ref = attachment(full[0].raw, "crazykrieg-1.pgn");
    REQUIRE(ref);
    CHECK(*ref == club.file("record.pgn"));
    CHECK(has(*ref, "1. e4"));
}
