// Draw-offer mails (compose.hpp DrawDetails): each event says what it must, in one game thread;
// golden file tests/data/compose/golden/draw.eml (CK_UPDATE_GOLDEN=1 rewrites it).

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using ck::rules::Color;
using Event = DrawDetails::Event;

TEST_CASE("draw mails: one text per event, golden", "[compose][draw]") {
    auto g = new_game("crazyhouse", true);
    send(g, {"e4", "e5"});
    const auto white = g.view(Color::White);
    const auto black = g.view(Color::Black);

    const struct {
        Event event;
        const char* subject;
        const char* phrase;
    } cases[] = {
        {Event::Offered, "Your opponent offers a draw", "Reply \"draw\" to accept"},
        {Event::OfferSent, "Draw offer sent", "Your draw offer was passed on"},
        {Event::Declined, "Draw offer declined", "Your opponent declined"},
        {Event::DeclineSent, "Draw offer declined", "You declined the draw offer"},
        {Event::Lapsed, "Draw offer lapsed", "has lapsed"},
        {Event::NoOffer, "No draw offer", "no draw offer to decline"},
    };
    for (const auto& c : cases) {
        auto m = ok(draw_mail(templates(), envelope(Color::Black), black, DrawDetails{c.event}));
        check_event_mail(m, std::string("[crazykrieg #42] ") + c.subject, c.phrase);
        CHECK(m.in_reply_to == thread_root_id(envelope(Color::Black), Color::Black));
    }

    auto m = ok(draw_mail(templates(), envelope(Color::White), white, DrawDetails{Event::Offered}));
    check_golden_file("draw.eml", ck::mail::render_mime(m));
}

TEST_CASE("record mail: names the attachment, full or own, golden", "[compose][record]") {
    auto g = new_game("crazyhouse", true);
    send(g, {"e4", "e5"});
    const auto black = g.view(Color::Black);
    auto own = ok(record_mail(templates(), envelope(Color::Black), black,
                              RecordDetails{false, "crazykrieg-42-black.pgn"}));
    CHECK(own.subject == "[crazykrieg #42] Your record of the game");
    CHECK(own.text_body.find("crazykrieg-42-black.pgn") != std::string::npos);
    auto full = ok(record_mail(templates(), envelope(Color::Black), black,
                               RecordDetails{true, "crazykrieg-42.pgn"}));
    CHECK(full.subject == "[crazykrieg #42] The full record of the game");
    CHECK(full.text_body.find("crazykrieg-42.pgn") != std::string::npos);

    check_golden_file("record.eml", ck::mail::render_mime(own));
}
