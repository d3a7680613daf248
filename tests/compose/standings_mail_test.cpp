// The standings mail (MailKind::Standings): crosstables arrive as plain strings (ck_club renders
// them; compose does not link it), the text one as is, the HTML fragment unescaped; the final
// mail names the archive. Golden file tests/data/compose/golden/standings.eml
// (CK_UPDATE_GOLDEN=1 rewrites it).

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;

namespace {

const char* const Text =
    "Spring Cup\n"
    "Single round robin, 3 players; crazyhouse, hidden\n"
    "Standings after 1 of 3 games\n"
    "\n"
    "No Place Name        1  2  3   Pts    SB\n"
    " 1 1     Ada White   X  1  .     1  0.00\n"
    " 2 2-3   Bob Black   0  X  .     0  0.00\n"
    " 3 2-3   Cy <Young>  .  .  X     0  0.00\n";
const char* const Html =
    "<div class=\"ck-crosstable\"><h2>Spring Cup</h2><table><tr><td>Cy "
    "&lt;Young&gt;</td></tr></table></div>";

Envelope club_env() { return club_envelope("final-spring-1"); }

}  // namespace

TEST_CASE("standings mail: crosstables as given, final with the archive") {
    StandingsDetails d;
    d.final = true;
    d.events = {{"Spring Cup", Text, Html, ""}};
    d.archive_name = "tournament-spring.pgn";
    auto m = standings_mail(templates(), club_env(), d);
    REQUIRE(m);
    CHECK(m->subject == "[crazykrieg] Final standings: Spring Cup");
    CHECK(m->message_id == "ck.club.standings.final-spring-1@club.example");
    CHECK(m->text_body.find(Text) != std::string::npos);
    CHECK(m->text_body.find("tournament-spring.pgn") != std::string::npos);
    CHECK(m->html_body.find(Html) != std::string::npos);  // not escaped again
    CHECK(m->html_body.find("CKSTANDINGSHTML") == std::string::npos);
    check_text_width(*m);

    check_golden_file("standings.eml", ck::mail::render_mime(*m));
}

TEST_CASE("standings mail: several events, or none") {
    StandingsDetails two;
    two.events = {{"Spring Cup", "A\n", "<p>A</p>", ""}, {"Autumn Cup", "B\n", "<p>B</p>", ""}};
    auto m = standings_mail(templates(), club_env(), two);
    REQUIRE(m);
    CHECK(m->subject == "[crazykrieg] Standings");
    CHECK(m->html_body.find("<p>A</p>") != std::string::npos);
    CHECK(m->html_body.find("<p>B</p>") != std::string::npos);
    CHECK(m->text_body.find("attached") == std::string::npos);

    auto none = standings_mail(templates(), club_env(), StandingsDetails{});
    REQUIRE(none);
    CHECK(none->text_body.find("You play in no tournament") != std::string::npos);
}
