// The the proof (docs/design.md) of "Hidden information is a type": two games that differ only in
// what White cannot know give White byte-identical mail (and the same with colours swapped).
#include "compose/view_queries.hpp"
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

// The same pairs under every rule set (docs/rulesets.md) and the pocket variants: the pawn-tries
// and refusal announcements of a rule set never carry what the reader cannot know.
TEST_CASE("Mail does not depend on the hidden moves under any rule set") {
    using ck::referee::RuleSet;
    for (int r = 0; r < ck::referee::RuleSetCount; ++r) {
        const auto rules = static_cast<RuleSet>(r);
        for (const char* variant : {"chess", "crazyhouse", "loop", "chessgi"}) {
            INFO(ck::referee::rule_set_name(rules) << " " << variant);
            auto a = new_game(variant, true, rules);
            auto b = new_game(variant, true, rules);
            send(a, {"e4", "a6", "d4", "h6"});
            send(b, {"e4", "h6", "d4", "a6"});
            CHECK(turn_bytes(a, White) == turn_bytes(b, White));
            CHECK(turn_bytes(a, Black) != turn_bytes(b, Black));
            auto c = new_game(variant, true, rules);
            auto d = new_game(variant, true, rules);
            send(c, {"a3", "e5", "h3", "d5"});
            send(d, {"h3", "e5", "a3", "d5"});
            CHECK(turn_bytes(c, Black) == turn_bytes(d, Black));
            CHECK(turn_bytes(c, White) != turn_bytes(d, White));
        }
    }
}

// The pawn tries are told to both players alike, and the rule set's words are in the mail.
TEST_CASE("Rule-set announcements reach both players' mails") {
    using ck::referee::RuleSet;
    auto g = new_game("chess", true, RuleSet::Wild16);
    send(g, {"e4", "d5"});
    CHECK(text_of(g, White).find("One pawn try.") != std::string::npos);
    CHECK(text_of(g, Black).find("One pawn try.") != std::string::npos);
    auto r = new_game("crazyhouse", true, RuleSet::Rand);
    send(r, {"e4", "d5", "c4", "Nc6", "Nc3", "Nb4"});
    CHECK(text_of(r, White).find("Pawn tries from c4 and e4.") != std::string::npos);
    auto c = new_game("chess", true, RuleSet::Cincinnati);
    send(c, {"e4", "e5"});
    CHECK(text_of(c, White).find("No pawn captures.") != std::string::npos);
}

// The list view (`set view list|both`, compose/list_view.hpp) and its queries obey the same
// proof: every mail kind and every answer White gets is the same in both games of a pair.
TEST_CASE("The list view and the queries do not depend on the opponent's hidden moves") {
    for (TextView mode : {TextView::List, TextView::Both}) {
        auto a = new_game("crazyhouse", true);
        auto b = new_game("crazyhouse", true);
        send(a, {"e4", "a6", "d4", "h6", "Bxa6", "b5"});
        send(b, {"e4", "h6", "d4", "a6", "Bxa6", "g5"});
        Envelope e = envelope(White);
        e.view = mode;
        TurnDetails d;
        d.deadline = Deadline{fixed_date() + std::chrono::hours(50)};
        const auto turn = [&](const ck::referee::Game& g) {
            return render_mime(ok(turn_mail(templates(), e, g.view(White), d)));
        };
        CHECK(turn(a) == turn(b));
        CHECK(render_mime(ok(reminder_mail(templates(), e, a.view(White), Deadline{}))) ==
              render_mime(ok(reminder_mail(templates(), e, b.view(White), Deadline{}))));
        // The test can fail: Black's list views differ.
        Envelope eb = envelope(Black);
        eb.view = mode;
        CHECK(render_mime(ok(turn_mail(templates(), eb, a.view(Black), d))) !=
              render_mime(ok(turn_mail(templates(), eb, b.view(Black), d))));
        const ClockFacts clock{d.deadline, fixed_date()};
        for (const char* q : {"p P", "p B", "s a", "s 6", "s 7", "file h", "l", "c"}) {
            INFO(q);
            const auto query = parse_view_query(q);
            REQUIRE(query);
            auto in_a = answer_view_query(templates().set(), a.view(White), *query, clock);
            auto in_b = answer_view_query(templates().set(), b.view(White), *query, clock);
            REQUIRE(in_a);
            REQUIRE(in_b);
            CHECK(*in_a == *in_b);
        }
    }
}
