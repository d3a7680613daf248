// Fairness receipts in game mails (compose.hpp Envelope::receipt, templates/board.*): every
// mail with a board shows "Receipt (ply N):" and the hex on its own line, within 78 columns;
// without a receipt nothing is added.
#include <sstream>

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;

TEST_CASE("a game mail shows the receipt of the current ply", "[compose][receipt]") {
    auto g = new_game("crazyhouse", true);
    send(g, {"e4", "e5"});
    const std::string hex = "0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF";
    Envelope env = envelope(White);
    env.receipt = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    env.receipt_ply = 2;
    for (auto m : {ok(turn_mail(templates(), env, g.view(White), TurnDetails{})),
                   ok(game_start_mail(templates(), env, g.view(White), std::nullopt)),
                   ok(refusal_mail(templates(), env, g.view(White), RefusalDetails{}))}) {
        INFO(m.text_body);
        CHECK(m.text_body.find(" Receipt (ply 2):\n   " + hex + "\n") != std::string::npos);
        CHECK(m.html_body.find("Receipt (ply 2):") != std::string::npos);
        CHECK(m.html_body.find("\n" + hex + "\n") != std::string::npos);
        std::istringstream lines(m.text_body);
        for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 78);
    }
    // No receipt (open games, older games): no line.
    auto plain = ok(turn_mail(templates(), envelope(White), g.view(White), TurnDetails{}));
    CHECK(plain.text_body.find("Receipt") == std::string::npos);
    CHECK(plain.html_body.find("Receipt") == std::string::npos);
}
