// The style guide's proof of "Hidden information is a type": two games that differ only in
// what White cannot know give White byte-identical mail (and the same with colours swapped).
#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;

namespace {

std::string turn_bytes(const ck::referee::Game& g, ck::rules::Color c) {
    TurnDetails d;
    d.deadline = Deadline{fixed_date() + std::chrono::hours(50)};
    return ck::mail::render_mime(ok(turn_mail(templates(), envelope(c), g.view(c), d)));
}

std::string text_of(const ck::referee::Game& g, ck::rules::Color c) {
    return ok(turn_mail(templates(), envelope(c), g.view(c), TurnDetails{})).text_body;
}

}  // namespace

TEST_CASE("White's mail does not depend on Black's hidden moves") {
    auto a = new_game("crazyhouse", true);
    auto b = new_game("crazyhouse", true);
    send(a, {"e4", "a6", "d4", "h6"});
    send(b, {"e4", "h6", "d4", "a6"});
    CHECK(turn_bytes(a, White) == turn_bytes(b, White));
    // The test can fail: Black's own mails differ (different move lists).
    CHECK(turn_bytes(a, Black) != turn_bytes(b, Black));
    // And White's text names no square of Black's unseen pieces.
    const std::string text = text_of(a, White);
    for (const char* sq : {"a6", "h6", "a7", "h7", "e8", "d8"}) {
        INFO(sq);
        CHECK(text.find(sq) == std::string::npos);
    }
    // Every mail kind that takes White's view agrees.
    CHECK(render_mime(ok(reminder_mail(templates(), envelope(White), a.view(White),
                                       Deadline{fixed_date()}))) ==
          render_mime(ok(
              reminder_mail(templates(), envelope(White), b.view(White), Deadline{fixed_date()}))));
}

TEST_CASE("Black's mail does not depend on White's hidden moves") {
    auto a = new_game("crazyhouse", true);
    auto b = new_game("crazyhouse", true);
    send(a, {"a3", "e5", "h3", "d5"});
    send(b, {"h3", "e5", "a3", "d5"});
    CHECK(turn_bytes(a, Black) == turn_bytes(b, Black));
    CHECK(turn_bytes(a, White) != turn_bytes(b, White));
    RefusalDetails d;
    d.quoted = {"Nf6"};
    CHECK(render_mime(ok(refusal_mail(templates(), envelope(Black), a.view(Black), d))) ==
          render_mime(ok(refusal_mail(templates(), envelope(Black), b.view(Black), d))));
}
