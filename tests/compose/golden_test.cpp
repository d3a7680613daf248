// Golden mails: every kind rendered from a fixed input (fixed date, boundary seed = Message-ID)
// through mail::render_mime and compared byte for byte with tests/data/compose/golden/<kind>.eml.
// CK_UPDATE_GOLDEN=1 rewrites the files instead (review them by eye).

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using ck::referee::Game;
using ck::referee::PlayerView;

namespace {

// A hidden crazyhouse game with tries, any?, captures, a check and a drop; Black to move.
Game middle_game() {
    Game g = new_game("crazyhouse", true);
    send(g, {"e4", "d5", "any?", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2", "P@d4", "Qh5", "Nf3"});
    return g;
}

void check_golden(const std::string& kind, const ck::mail::OutgoingMail& m) {
    check_text_width(m);
    check_golden_file(kind + ".eml", ck::mail::render_mime(m));
}

Deadline in_hours(int h) { return Deadline{fixed_date() + std::chrono::hours(h)}; }

}  // namespace

TEST_CASE("golden mails for every kind") {
    const Templates& t = templates();
    Game g = middle_game();
    const PlayerView white = g.view(White);
    const PlayerView black = g.view(Black);

    SECTION("turn") {
        TurnDetails d;
        d.deadline = in_hours(53);
        auto m = ok(turn_mail(t, envelope(Black), black, d));
        CHECK(m.subject == "[crazykrieg #42] Your move (move 5)");
        CHECK(m.message_id == "ck.42.9.b.turn@club.example");
        CHECK(m.in_reply_to == "ck.42.0.b.game-start@club.example");
        CHECK(m.references == std::vector<std::string>{"ck.42.0.b.game-start@club.example"});
        CHECK(m.reply_to.at(0).address == "referee+42.b.TOKEN@club.example");
        check_golden("turn", m);
    }
    SECTION("game-start") {
        Game fresh = new_game("crazyhouse", true);
        auto m = ok(game_start_mail(t, envelope(White), fresh.view(White), in_hours(72)));
        CHECK(m.message_id == "ck.42.0.w.game-start@club.example");
        CHECK(m.in_reply_to.empty());
        check_golden("game-start", m);
    }
    SECTION("refusal") {
        Envelope e = envelope(White);
        e.discriminator = "r1";
        RefusalDetails d;
        d.reason = RefusalReason::NotYourTurn;
        d.quoted = {"Bb5",
                    "Qh5 -- and a very long line that the player typed without pressing the "
                    "return key at all, on and on"};
        auto m = ok(refusal_mail(t, e, white, d));
        CHECK(m.message_id == "ck.42.9.w.refusal.r1@club.example");
        check_golden("refusal", m);
    }
    SECTION("unknown-command") {
        Envelope e = envelope(Black);
        e.discriminator = "u1";
        auto m = ok(unknown_command_mail(t, e, &black, UnknownCommandDetails{"castle please", ""},
                                         HelpDetails{"organiser@club.example"}));
        check_golden("unknown-command", m);
    }
    SECTION("help") {
        auto m =
            ok(help_mail(t, club_envelope("h7"), nullptr, HelpDetails{"organiser@club.example"}));
        CHECK(m.subject == "[crazykrieg] Help");
        CHECK(m.message_id == "ck.club.help.h7@club.example");
        check_golden("help", m);
    }
    SECTION("game-end") {
        send(g, {"resign"});
        REQUIRE(g.over());
        auto m = ok(game_end_mail(t, envelope(White), g.view(White), GameEndDetails{true}));
        CHECK(m.subject == "[crazykrieg #42] Game over: 1-0");
        check_golden("game-end", m);
    }
    SECTION("game-end-adjudicated") {
        REQUIRE(g.end_by(ck::referee::GameResult::BlackWins, "adjudication"));
        GameEndDetails d;
        d.record_attached = true;
        d.adjudication_reason = "White stopped answering after move 5.";
        auto m = ok(game_end_mail(t, envelope(White), g.view(White), d));
        CHECK(m.subject == "[crazykrieg #42] Game over: 0-1");
        CHECK(m.text_body.find("The organiser adjudicated the game. Black wins. (0-1)\n"
                               "The organiser's reason: White stopped answering after move 5.") !=
              std::string::npos);
        CHECK(m.html_body.find("<p>The organiser's reason: White stopped") != std::string::npos);
        check_golden("game-end-adjudicated", m);
    }
    SECTION("reminder") {
        auto m = ok(reminder_mail(t, envelope(Black), black, in_hours(30)));
        check_golden("reminder", m);
    }
    SECTION("forfeit") {
        auto m = ok(forfeit_mail(t, envelope(White), white, ForfeitDetails{Black}));
        check_golden("forfeit", m);
    }
    SECTION("leave-notice") {
        LeaveDetails d;
        d.on_leave = Black;
        d.days = 5;
        d.until = fixed_date() + std::chrono::hours(24 * 5);
        auto m = ok(leave_notice_mail(t, envelope(White), white, d));
        check_golden("leave-notice", m);
    }
    SECTION("games-list") {
        GamesListDetails d;
        GamesListEntry a{ck::core::GameId(42)};
        a.variant = "crazyhouse";
        a.hidden = true;
        a.opponent = "Bob Black";
        a.colour = "White";
        a.move_number = 5;
        GamesListEntry b{ck::core::GameId(57)};
        b.variant = "loop";
        b.opponent = "Carla Kasparova-Lindqvist-Montgomery-Featherstonehaugh";
        b.colour = "Black";
        b.your_turn = true;
        b.move_number = 23;
        b.deadline = in_hours(40);
        d.games = {a, b};
        auto m = ok(games_list_mail(t, club_envelope("g1"), d));
        check_golden("games-list", m);
    }
}

// `set view list|both` (README "Your settings"; compose/list_view.hpp): the text part shows the
// list view (pieces and pockets in words, the moves in full sentences, no drawing) instead of
// or after the drawn board; the HTML part keeps its table.
TEST_CASE("golden mails in the list and both views") {
    const Templates& t = templates();
    Game g = middle_game();
    TurnDetails d;
    d.deadline = in_hours(53);
    Envelope list = envelope(Black);
    list.view = TextView::List;
    Envelope both = envelope(Black);
    both.view = TextView::Both;
    const auto board = ok(turn_mail(t, envelope(Black), g.view(Black), d));
    SECTION("list") {
        auto m = ok(turn_mail(t, list, g.view(Black), d));
        CHECK(m.text_body.find("Black: King e8; Queen e5; Rooks a8, h8; Bishops c8, f8; ") !=
              std::string::npos);
        CHECK(m.text_body.find("White in hand: Pawn.") != std::string::npos);
        CHECK(m.text_body.find("Move 2, Black: You played Qxd5. Pawn captured on d5.") !=
              std::string::npos);
        CHECK(m.text_body.find(" .  .") == std::string::npos);
        CHECK(m.text_body.find("Your pocket:") == std::string::npos);
        CHECK(m.html_body == board.html_body);
        check_golden("turn-list", m);
    }
    SECTION("both") {
        auto m = ok(turn_mail(t, both, g.view(Black), d));
        CHECK(m.text_body.find(" .  .") != std::string::npos);
        CHECK(m.text_body.find("Black: King e8;") != std::string::npos);
        CHECK(m.text_body.find("1. ... d5 2. ...") != std::string::npos);
        CHECK(m.text_body.find("Move 3, White: White has moved.") != std::string::npos);
        check_golden("turn-both", m);
    }
    SECTION("every kind with a position follows the setting") {
        const auto no_grid = [](const ck::mail::OutgoingMail& m) {
            INFO(m.text_body);
            CHECK(m.text_body.find(" .  .") == std::string::npos);
            CHECK(m.text_body.find("    h  g  f") == std::string::npos);
            CHECK(m.text_body.find("Black: King") != std::string::npos);
        };
        const PlayerView v = g.view(Black);
        no_grid(
            ok(game_start_mail(t, list, new_game("crazyhouse", true).view(Black), in_hours(72))));
        no_grid(ok(refusal_mail(t, list, v, RefusalDetails{})));
        no_grid(ok(reminder_mail(t, list, v, in_hours(3))));
        no_grid(ok(forfeit_mail(t, list, v, ForfeitDetails{Black})));
        no_grid(ok(draw_mail(t, list, v, DrawDetails{})));
        no_grid(ok(record_mail(t, list, v, RecordDetails{false, "crazykrieg-42-black.pgn"})));
        no_grid(ok(leave_notice_mail(t, list, v, LeaveDetails{})));
        DigestDetails digest;
        digest.your_turn.push_back(
            DigestGame{ck::core::GameId(42), "Ada White", v, 0, in_hours(53), {}});
        no_grid(ok(digest_mail(t, list, digest)));
        send(g, {"resign"});
        no_grid(ok(game_end_mail(t, list, g.view(Black), GameEndDetails{})));
    }
}

TEST_CASE("a long game's move list is wrapped to the text width") {
    Game g = new_game("crazyhouse", false);
    send(g, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3",  "d6",  "O-O", "O-O",
             "a3", "a6", "h3",  "h6",  "b4",  "Ba7", "a4", "b6",  "Re1", "Re8", "Be3", "Be6"});
    auto m = ok(turn_mail(templates(), envelope(White), g.view(White), TurnDetails{}));
    check_text_width(m);
    CHECK(m.text_body.find("1. e4 e5 2. Nf3 Nc6") != std::string::npos);
    CHECK(m.text_body.find("12. Be3 Be6") != std::string::npos);
}

// Rule sets other than the default (docs/rulesets.md): the game-start mail names the rule set
// and what it announces, `any?` appears only where the rule set has it, and the turn mail
// carries the automatic pawn tries in the rule set's words.
TEST_CASE("golden mails under the wild16 and rand rule sets") {
    const Templates& t = templates();
    using ck::referee::RuleSet;
    SECTION("wild16: game-start and turn") {
        Game g = new_game("chess", true, RuleSet::Wild16);
        auto start = ok(game_start_mail(t, envelope(White), g.view(White), in_hours(72)));
        CHECK(start.subject ==
              "[crazykrieg #42] New game: you play White (chess, Kriegspiel, "
              "wild16 rules)");
        CHECK(start.text_body.find("any?") == std::string::npos);
        check_golden("game-start-wild16", start);
        send(g, {"e4", "d5", "exf5", "c4", "Nf6"});
        auto turn = ok(turn_mail(t, envelope(White), g.view(White), TurnDetails{}));
        CHECK(turn.text_body.find("Two pawn tries.") != std::string::npos);
        check_golden("turn-wild16", turn);
    }
    SECTION("rand: turn mail with try squares and a promotion") {
        Game g = new_game("crazyhouse", true, RuleSet::Rand);
        send(g, {"e4", "d5", "exd5", "c6", "dxc6", "Nf6", "cxb7", "Nbd7", "bxa8=Q"});
        auto turn = ok(turn_mail(t, envelope(Black), g.view(Black), TurnDetails{}));
        CHECK(turn.text_body.find("A pawn was promoted.") != std::string::npos);
        check_golden("turn-rand", turn);
    }
    SECTION("berkeley-any: the help mail explains any?, under rand it does not") {
        Game b = new_game("chess", true, RuleSet::BerkeleyAny);
        const PlayerView bv = b.view(White);
        auto with_any =
            ok(help_mail(t, envelope(White), &bv, HelpDetails{"organiser@club.example"}));
        CHECK(with_any.text_body.find("any?") != std::string::npos);
        Game r = new_game("chess", true, RuleSet::Rand);
        const PlayerView rv = r.view(White);
        auto without =
            ok(help_mail(t, envelope(White), &rv, HelpDetails{"organiser@club.example"}));
        CHECK(without.text_body.find("any?") == std::string::npos);
    }
}
