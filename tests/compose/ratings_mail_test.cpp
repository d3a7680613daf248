// The ratings mail (MailKind::Ratings, README "Ratings"): each pool's ranked lines as given, or
// the no-ratings text; and the rating lines of the game-start and game-end mails (Envelope::
// ratings), absent for casual games. Golden file tests/data/compose/golden/ratings.eml
// (CK_UPDATE_GOLDEN=1 rewrites it).

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;

namespace {

Envelope club_env() { return club_envelope("r1"); }

}  // namespace

TEST_CASE("ratings mail: the pools' lists, or none") {
    RatingsDetails d;
    d.pools = {{"crazyhouse",
                {"  1. Ann <Smith>                       1662?    1 game",
                 "  2. Ben                               1338?    1 game"}},
               {"kriegspiel", {"  1. Cat                               1500?    1 game"}}};
    auto m = ratings_mail(templates(), club_env(), d);
    REQUIRE(m);
    CHECK(m->subject == "[crazykrieg] Ratings");
    CHECK(m->text_body.find("crazyhouse\n  1. Ann <Smith>") != std::string::npos);
    CHECK(m->text_body.find("kriegspiel\n  1. Cat") != std::string::npos);
    CHECK(m->html_body.find("Ann &lt;Smith&gt;") != std::string::npos);
    check_text_width(*m);
    check_golden_file("ratings.eml", ck::mail::render_mime(*m));

    RatingsDetails none;
    none.asked = "loop";
    auto n = ratings_mail(templates(), club_env(), none);
    REQUIRE(n);
    CHECK(n->subject == "[crazykrieg] Ratings: loop");
    CHECK(n->text_body.find("No rated game has ended yet in the pool loop.") != std::string::npos);
}

TEST_CASE("game-start and game-end mails show the rating lines of a rated game only") {
    ck::referee::Game g = new_game("crazyhouse", false);
    Envelope e = envelope(White);
    auto casual = game_start_mail(templates(), e, g.view(White), std::nullopt);
    REQUIRE(casual);
    CHECK(casual->text_body.find("Rated game") == std::string::npos);
    e.ratings = {"Rated game (crazyhouse): Ann (1623) vs Ben (1500?)"};
    auto rated = game_start_mail(templates(), e, g.view(White), std::nullopt);
    REQUIRE(rated);
    CHECK(rated->text_body.find("Rated game (crazyhouse): Ann (1623) vs Ben (1500?)\n") !=
          std::string::npos);
    CHECK(rated->html_body.find("Ann (1623) vs Ben (1500?)") != std::string::npos);
}
