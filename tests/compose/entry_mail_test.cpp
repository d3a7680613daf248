// The entry mail (MailKind::Entry, daemon/tournament_entries.hpp): one text per event, about no
// game. Golden file tests/data/compose/golden/entry.eml (CK_UPDATE_GOLDEN=1 rewrites it).
#include <algorithm>

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using Event = EntryDetails::Event;

namespace {

Envelope club_env() { return club_envelope("entry-1"); }

EntryDetails details(Event event, std::size_t entrants = 3) {
    return EntryDetails{event, "winter-open-2027", "Winter Open 2027",
                        "Double round robin; crazyhouse, hidden, time 3d", entrants};
}

}  // namespace

TEST_CASE("entry mails: one text per event, golden", "[compose][entry]") {
    const struct {
        Event event;
        const char* subject;
        const char* phrase;
    } cases[] = {
        {Event::Joined, "Entered Winter Open 2027", "3 players have entered so far"},
        {Event::Withdrawn, "Withdrawn from Winter Open 2027", "3 players remain entered"},
        {Event::NoSuchEvent, "No tournament winter-open-2027", "There is no tournament"},
        {Event::Closed, "Winter Open 2027: entries are closed", "not taking entries"},
        {Event::AlreadyIn, "Already entered in Winter Open 2027", "already entered"},
        {Event::NotIn, "Not entered in Winter Open 2027", "You are not entered"},
        {Event::Full, "Winter Open 2027 is full", "the most players"},
        {Event::TooLate, "Winter Open 2027: too late to enter", "its last round is paired"},
        {Event::Rejoin, "Winter Open 2027: you withdrew from it", "You withdrew from"},
    };
    for (const auto& c : cases) {
        auto m = ok(entry_mail(templates(), club_env(), details(c.event)));
        check_event_mail(m, std::string("[crazykrieg] ") + c.subject, c.phrase);
        CHECK(m.reply_to.empty());
    }
    // One entrant: singular.
    auto one = ok(entry_mail(templates(), club_env(), details(Event::Joined, 1)));
    CHECK(one.text_body.find("1 player has entered so far") != std::string::npos);
    auto left = ok(entry_mail(templates(), club_env(), details(Event::Withdrawn, 1)));
    CHECK(left.text_body.find("1 player remains entered") != std::string::npos);

    // A late entry into a Swiss under way (docs/swiss.md "Late entries"): from which round, and
    // what the rounds missed score.
    EntryDetails late = details(Event::LateJoined);
    late.swiss = true;
    late.round = 3;
    late.bye_points = "1/2";
    auto entered = ok(entry_mail(templates(), club_env(), late));
    CHECK(entered.subject == "[crazykrieg] Entered Winter Open 2027 from round 3");
    std::string text = entered.text_body;
    std::replace(text.begin(), text.end(), '\n', ' ');
    CHECK(text.find("paired from round 3 on") != std::string::npos);
    CHECK(text.find("The 2 rounds you missed count as a bye worth 1/2 of a point each.") !=
          std::string::npos);
    CHECK(text.find("withdraw winter-open-2027") != std::string::npos);
    late.round = 2;
    late.bye_points = "0";
    text = ok(entry_mail(templates(), club_env(), late)).text_body;
    std::replace(text.begin(), text.end(), '\n', ' ');
    CHECK(text.find("The round you missed counts as a bye worth 0 of a point.") !=
          std::string::npos);

    auto m = ok(entry_mail(templates(), club_env(), details(Event::Joined)));
    CHECK(m.text_body.find("withdraw winter-open-2027") != std::string::npos);
    std::string flat = m.text_body;  // the text part is wrapped at 78 columns
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    CHECK(flat.find("(Double round robin; crazyhouse, hidden, time 3d)") != std::string::npos);
    check_golden_file("entry.eml", ck::mail::render_mime(m));
}
