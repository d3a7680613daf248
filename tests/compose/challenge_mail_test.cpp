// The challenge mail (MailKind::Challenge, daemon/challenges.hpp): one text per event, about no
// game. Golden file tests/data/compose/golden/challenge.eml (CK_UPDATE_GOLDEN=1 rewrites it).
#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using Event = ChallengeDetails::Event;

namespace {

Envelope club_env() { return club_envelope("challenge-7"); }

}  // namespace

TEST_CASE("challenge mails: one text per event, golden", "[compose][challenge]") {
    const struct {
        Event event;
        const char* subject;
        const char* phrase;
    } cases[] = {
        {Event::Invited, "Ada challenges you (challenge 7)", "accept 7"},
        {Event::Sent, "Challenge 7 sent", "was passed on"},
        {Event::NoPlayer, "Challenge not sent", "is not another registered player"},
        {Event::Declined, "Challenge 7 declined", "Ada declined your challenge 7"},
        {Event::NoSuchId, "No challenge 7", "no open challenge 7"},
    };
    for (const auto& c : cases) {
        ChallengeDetails d{c.event, "7", "Ada", "crazyhouse", true, "3d", 14, "", true, ""};
        auto m = ok(challenge_mail(templates(), club_env(), d));
        check_event_mail(m, std::string("[crazykrieg] ") + c.subject, c.phrase);
        CHECK(m.reply_to.empty());
    }

    ChallengeDetails d{Event::Invited, "7", "Ada", "crazyhouse", true, "3d", 14, "", true, ""};
    auto m = ok(challenge_mail(templates(), club_env(), d));
    CHECK(m.text_body.find("crazyhouse (hidden)") != std::string::npos);
    CHECK(m.text_body.find("14 days") != std::string::npos);
    check_golden_file("challenge.eml", ck::mail::render_mime(m));
}

// A removed bot's decline says why (daemon/challenges.cpp); a player's decline gives no reason
// and reads as before. Golden file tests/data/compose/golden/challenge-declined-reason.eml.
TEST_CASE("challenge mails: a decline with a reason says it, one without reads as before",
          "[compose][challenge]") {
    ChallengeDetails d{
        Event::Declined, "7", "Sparky (bot)", "crazykrieg", true, "3d", 14, "", true, ""};
    const auto plain = ok(challenge_mail(templates(), club_env(), d));
    CHECK(plain.text_body.find("Sparky (bot) declined your challenge 7.\n") != std::string::npos);
    CHECK(plain.text_body.find("Sparky (bot) declined your challenge 7:") == std::string::npos);

    d.reason = "it was removed from the club and accepts no more challenges";
    const auto m = ok(challenge_mail(templates(), club_env(), d));
    CHECK(m.subject == "[crazykrieg] Challenge 7 declined");
    CHECK(m.text_body.find("Sparky (bot) declined your challenge 7: it was removed from the "
                           "club and\naccepts no more challenges.") != std::string::npos);
    CHECK(m.html_body.find("declined your challenge 7: it was removed from the club and accepts "
                           "no more challenges.</p>") != std::string::npos);
    check_text_width(m);
    check_golden_file("challenge-declined-reason.eml", ck::mail::render_mime(m));
}
