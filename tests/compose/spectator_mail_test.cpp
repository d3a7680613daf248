// The spectator mail (compose.hpp spectator_mail, referee/spectator_view.hpp): golden files,
// and the proof that a follower of a hidden game learns nothing private: two games that differ
// only in hidden moves and private refusals give byte-identical spectator mails, and no
// spectator mail names a square that was not announced to both players.
#include <regex>
#include <set>

#include "compose_test_support.hpp"
#include "referee/spectator_view.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using ck::referee::Game;
using ck::referee::SpectatorView;

namespace {

SpectatorView spectator(const Game& g) {
    return ck::referee::spectator_view(g.view(White), g.view(Black));
}

Envelope follower_envelope() {
    Envelope e;
    e.from = {"Crazykrieg referee", "referee@club.example"};
    e.to = {"Cy Onlooker", "cy@example.com"};
    e.game_id = ck::core::GameId(42);
    e.date = fixed_date();
    e.player_name = "Cy Onlooker";
    e.discriminator = "s0";
    return e;
}

SpectatorDetails details(SpectatorDetails::Occasion o, std::size_t from = 0) {
    SpectatorDetails d;
    d.occasion = o;
    d.news_from = from;
    d.white_name = "Ada White";
    d.black_name = "Bob Black";
    if (o == SpectatorDetails::Occasion::End) d.file_name = "crazykrieg-42.pgn";
    return d;
}

std::string bytes(const Game& g, SpectatorDetails::Occasion o, std::size_t from = 0) {
    return ck::mail::render_mime(
        ok(spectator_mail(templates(), follower_envelope(), spectator(g), details(o, from))));
}

void check_golden(const std::string& name, const ck::mail::OutgoingMail& m) {
    check_text_width(m);
    check_golden_file(name + ".eml", ck::mail::render_mime(m));
}

// Every square name ([a-h][1-8] standing alone) in `text`.
std::set<std::string> squares_in(const std::string& mail_text) {
    // The HTML part's heading tags (<h1>, </h1>) are no squares.
    static const std::regex heading_tag("(</?)h([1-6])\\b");
    const std::string text = std::regex_replace(mail_text, heading_tag, "$1hx$2");
    std::set<std::string> out;
    static const std::regex sq("(^|[^A-Za-z0-9@.])([a-h][1-8])(?![A-Za-z0-9])");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), sq); it != std::sregex_iterator();
         ++it)
        out.insert((*it)[2].str());
    return out;
}

}  // namespace

TEST_CASE("spectator view: the meet of both players' views") {
    Game g = new_game("crazyhouse", true);
    send(g, {"Qh5", "e4", "e5", "Nf3", "Rg8", "Nc6"});  // Qh5 and Rg8 impossible
    const SpectatorView v = spectator(g);
    // Four moves, nothing else: the impossible tries are the mover's own.
    REQUIRE(v.events.size() == 4);
    for (const auto& e : v.events) {
        CHECK(e.said.type == ck::referee::AnnouncementType::Moved);
        CHECK(e.said.move.empty());
    }
    CHECK(v.events[0].side == White);
    CHECK(v.events[1].side == Black);
    CHECK(v.events[2].side == White);
    CHECK(v.events[3].side == Black);
    for (int s = 0; s < 64; ++s) CHECK_FALSE(ck::rules::is_piece(v.pieces.board[s]));
    CHECK(v.to_move == White);
    CHECK(v.move_number == 3);

    Game open = new_game("crazyhouse", false);
    send(open, {"e4", "d5", "exd5"});
    const SpectatorView o = spectator(open);
    REQUIRE(o.events.size() == 4);
    CHECK(o.events[0].said.move == "e4");
    CHECK(o.events[2].said.move == "exd5");
    CHECK(o.events[3].said.type == ck::referee::AnnouncementType::Capture);
    CHECK(o.events[3].side == White);
    // Open play: both see the whole board, so the follower does too.
    CHECK(o.pieces.board[ck::rules::make_square(3, 4)] ==
          ck::rules::make_piece(White, ck::rules::PieceType::Pawn));
    CHECK(o.pieces.pockets[0][0] == 1);
}

TEST_CASE("spectator mails do not depend on hidden moves") {
    auto a = new_game("crazyhouse", true);
    auto b = new_game("crazyhouse", true);
    // Same public story (moves, one "no" each, a pawn capture on d5, any?), different hidden
    // moves and different private `impossible` tries.
    send(a, {"Qh5", "e4", "d5", "exd5", "any?", "Qxd5", "Nc3", "Qd1", "h6"});
    send(b, {"e4", "Bb4", "d5", "Qd3", "exd5", "any?", "Qxd5", "Nf3", "Qd1", "a6"});
    for (auto o : {SpectatorDetails::Occasion::Following, SpectatorDetails::Occasion::Turn}) {
        CHECK(bytes(a, o) == bytes(b, o));
        CHECK(bytes(a, o, 3) == bytes(b, o, 3));
    }
    // The test can fail: the players' own mails differ.
    CHECK(render_mime(ok(turn_mail(templates(), envelope(White), a.view(White), {}))) !=
          render_mime(ok(turn_mail(templates(), envelope(White), b.view(White), {}))));
    CHECK(render_mime(ok(turn_mail(templates(), envelope(Black), a.view(Black), {}))) !=
          render_mime(ok(turn_mail(templates(), envelope(Black), b.view(Black), {}))));

    // No square but the announced capture square, in text or HTML.
    const auto m = ok(spectator_mail(templates(), follower_envelope(), spectator(a),
                                     details(SpectatorDetails::Occasion::Turn)));
    CHECK(squares_in(m.text_body) == std::set<std::string>{"d5"});
    CHECK(squares_in(m.html_body) == std::set<std::string>{"d5"});
    CHECK(m.text_body.find("Pawn captured on d5.") != std::string::npos);
    CHECK(m.text_body.find("White has moved.") != std::string::npos);
    CHECK(m.text_body.find("Black tried a move: No.") != std::string::npos);
}

TEST_CASE("golden spectator mails") {
    const Templates& t = templates();
    Game hidden = new_game("crazyhouse", true);
    send(hidden, {"e4", "d5", "any?", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2", "P@d4", "Qh5", "Nf3"});
    SECTION("hidden turn") {
        auto m = ok(spectator_mail(t, follower_envelope(), spectator(hidden),
                                   details(SpectatorDetails::Occasion::Turn, 9)));
        CHECK(m.subject == "[crazykrieg #42] Ada White - Bob Black, move 5");
        CHECK(m.reply_to.empty());
        check_golden("spectator", m);
    }
    SECTION("open game end") {
        Game open = new_game("chess", false);
        send(open, {"f3", "e5", "g4", "Qh4#"});
        auto m = ok(spectator_mail(t, follower_envelope(), spectator(open),
                                   details(SpectatorDetails::Occasion::End, 0)));
        CHECK(m.text_body.find("Checkmate.") != std::string::npos);
        check_golden("spectator-end", m);
    }
    SECTION("adjudicated end") {
        REQUIRE(hidden.end_by(ck::referee::GameResult::Draw, "adjudication"));
        auto d = details(SpectatorDetails::Occasion::End, 9);
        d.adjudication_reason = "Both players agreed to stop; the club scores it a draw.";
        auto m = ok(spectator_mail(t, follower_envelope(), spectator(hidden), d));
        CHECK(m.text_body.find("The organiser adjudicated the game. Draw. (1/2-1/2)\n"
                               "The organiser's reason: Both players agreed") != std::string::npos);
        check_golden("spectator-adjudicated", m);
    }
    SECTION("list view: hidden turn and open game") {
        // A follower who asked for the list view (`set view list`): no board, the pockets in
        // words; in an open game every piece of both sides.
        Envelope e = follower_envelope();
        e.view = TextView::List;
        auto m = ok(
            spectator_mail(t, e, spectator(hidden), details(SpectatorDetails::Occasion::Turn, 9)));
        CHECK(m.text_body.find("White in hand: Pawn.\nBlack in hand: nothing.\n") !=
              std::string::npos);
        CHECK(m.text_body.find("pocket:") == std::string::npos);
        check_golden("spectator-list", m);
        Game open = new_game("crazyhouse", false);
        send(open, {"e4", "d5", "exd5", "Qxd5"});
        auto o =
            ok(spectator_mail(t, e, spectator(open), details(SpectatorDetails::Occasion::Turn)));
        CHECK(o.text_body.find(" .  .") == std::string::npos);
        std::string flat = o.text_body;  // lines are wrapped at 78 columns
        for (char& ch : flat)
            if (ch == '\n') ch = ' ';
        CHECK(flat.find("White: King e1; Queen d1; Rooks a1, h1; Bishops c1, f1; Knights "
                        "b1, g1; Pawns a2, b2, c2, d2, f2, g2, h2. In hand: Pawn.") !=
              std::string::npos);
        CHECK(o.text_body.find("Black: King e8; Queen d5; ") != std::string::npos);
        CHECK(o.text_body.find("In hand: Pawn.") != std::string::npos);
    }
    SECTION("refused") {
        SpectatorDetails d;
        d.occasion = SpectatorDetails::Occasion::Refused;
        d.refusal = SpectatorDetails::Refusal::OwnGame;
        auto m = ok(spectator_mail(t, follower_envelope(), SpectatorView{}, d));
        CHECK(m.text_body.find("You play in game 42") != std::string::npos);
    }
}

// Rule sets (docs/rulesets.md): what both players heard reaches the follower (pawn tries, a
// promotion, an `impossible` both heard under rand); what only the mover heard does not.
TEST_CASE("spectators see the rule set's announcements both players heard") {
    using ck::referee::AnnouncementType;
    using ck::referee::RuleSet;
    Game g = new_game("chess", true, RuleSet::Rand);
    send(g, {"e4", "d5", "dxe3", "exd5", "c6", "dxc6", "Nf6", "cxb7", "Nbd7", "bxa8=Q"});
    const SpectatorView s = spectator(g);
    int tries = 0, promotions = 0, impossible = 0;
    for (const auto& e : s.events) {
        tries += e.said.type == AnnouncementType::PawnTries;
        promotions += e.said.type == AnnouncementType::Promotion;
        impossible += e.said.type == AnnouncementType::Illegal && e.said.answer == "impossible";
        CHECK(e.said.attempt.empty());
    }
    CHECK(tries == 9);
    CHECK(promotions == 1);
    CHECK(impossible == 1);  // rand: both heard White's "dxe3"
    const std::string text = ok(spectator_mail(templates(), follower_envelope(), s,
                                               details(SpectatorDetails::Occasion::Following)))
                                 .text_body;
    CHECK(text.find("A pawn was promoted.") != std::string::npos);
    CHECK(text.find("A pawn try from e4.") != std::string::npos);

    // Under crazykrieg an `impossible` is the mover's alone: the follower never sees it.
    Game c = new_game("chess", true, RuleSet::CrazyKrieg);
    send(c, {"e4", "d5", "Ra3", "exd5"});
    for (const auto& e : spectator(c).events)
        CHECK_FALSE((e.said.type == AnnouncementType::Illegal && e.said.answer == "impossible"));
}
