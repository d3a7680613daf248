// The command list at the end of game mails (templates/commands.*, refusal.*; issue 24, D22):
// drops are offered only where the variant has pockets, and a refusal after the game ended ends
// without inviting more moves.
#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;

namespace {
const std::string Invitation = "Reply to this mail with one command a line";
}

TEST_CASE("the command list offers drops only where the variant has them", "[compose]") {
    auto chess = new_game("chess", false);
    auto house = new_game("crazyhouse", false);
    auto plain = ok(turn_mail(templates(), envelope(White), chess.view(White), TurnDetails{}));
    auto drops = ok(turn_mail(templates(), envelope(White), house.view(White), TurnDetails{}));
    CHECK(plain.text_body.find(Invitation) != std::string::npos);
    CHECK(plain.text_body.find("N@f5") == std::string::npos);
    CHECK(plain.html_body.find("N@f5") == std::string::npos);
    CHECK(drops.text_body.find("N@f5") != std::string::npos);
    CHECK(drops.html_body.find("N@f5") != std::string::npos);
}

TEST_CASE("a refusal after the game ended invites no further command", "[compose]") {
    auto g = new_game("chess", false);
    send(g, {"f3", "e5", "g4", "Qh4#"});
    REQUIRE(g.over());
    RefusalDetails d;
    d.reason = RefusalReason::GameOver;
    d.quoted = {"Kf2"};
    auto m = ok(refusal_mail(templates(), envelope(White), g.view(White), d));
    CHECK(m.text_body.find(Invitation) == std::string::npos);
    CHECK(m.html_body.find("one command a line") == std::string::npos);
    // Before the end the same refusal keeps the list.
    auto live = new_game("chess", false);
    d.reason = RefusalReason::NotYourTurn;
    auto before = ok(refusal_mail(templates(), envelope(Black), live.view(Black), d));
    CHECK(before.text_body.find(Invitation) != std::string::npos);
}
