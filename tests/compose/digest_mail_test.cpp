// The settings answer and the daily digest (MailKind::Settings, MailKind::Digest; README "Your
// settings"): golden mails, the digest's order as given, each game from its player's own view.
#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using ck::referee::Game;

namespace {

DigestGame digest_game(const std::string& id, Game& g, ck::rules::Color c, const char* opponent,
                       int hours_left) {
    DigestGame d{*ck::core::parse_game_id(id)};
    d.opponent = opponent;
    d.view = g.view(c);
    d.news_from = 0;
    d.deadline = Deadline{fixed_date() + std::chrono::hours(hours_left)};
    return d;
}

}  // namespace

TEST_CASE("the settings answer shows every setting, what changed and what was refused") {
    SettingsDetails d;
    d.settings = {{"mail", "digest 07:00: one digest a day at 07:00 UTC, no mail after each move"},
                  {"reminders", "8h,1h: before each deadline"},
                  {"view", "board"}};
    d.changed = {"mail", "reminders"};
    d.refused = {{"set view pictures", "view takes board, list or both, as in: set view list"}};
    auto m = ok(settings_mail(templates(), club_envelope("c1"), d));
    CHECK(m.subject == "[crazykrieg] Your settings");
    CHECK(m.message_id == "ck.club.settings.c1@club.example");
    CHECK(m.text_body.find("Done: mail reminders set.") != std::string::npos);
    CHECK(m.text_body.find("> set view pictures") != std::string::npos);
    check_text_width(m);
    check_golden_file("settings.eml", ck::mail::render_mime(m));
}

TEST_CASE("the digest lists the games on the player's move first, then the waiting ones") {
    Game open = new_game("crazyhouse", false);
    send(open, {"e4"});
    Game hidden = new_game("crazyhouse", true);
    send(hidden, {"e4", "e5", "Nf3"});
    Game waiting = new_game("loop", false);
    send(waiting, {"d4"});
    DigestDetails d;
    d.since = fixed_date() - std::chrono::hours(29);
    d.your_turn.push_back(digest_game("42", open, Black, "Ada White", 5));
    d.your_turn.push_back(digest_game("57", hidden, Black, "Ada White", 30));
    d.your_turn.back().notes = {"good luck"};
    d.waiting.push_back(digest_game("61", waiting, White, "Carla", 50));
    Envelope e = club_envelope("d2026-11-21-abc");
    e.to = {"Bob Black", "bob@example.net"};
    auto m = ok(digest_mail(templates(), e, d));
    CHECK(m.subject == "[crazykrieg] Your digest: your move in 2 games");
    CHECK(m.reply_to.empty());  // the daemon gives it the digest's reply address
    const auto at = [&](const char* s) { return m.text_body.find(s); };
    CHECK(at("#42 ") < at("#57 "));
    CHECK(at("#57 ") < at("WAITING FOR YOUR OPPONENT"));
    CHECK(at("WAITING FOR YOUR OPPONENT") < at("#61 "));
    CHECK(at("0d 5h left") != std::string::npos);
    CHECK(at("> good luck") != std::string::npos);
    check_text_width(m);
    check_golden_file("digest.eml", ck::mail::render_mime(m));

    DigestDetails none;
    auto empty = ok(digest_mail(templates(), e, none));
    CHECK(empty.subject == "[crazykrieg] Your digest: no game waits for you");
    CHECK(empty.text_body.find("You have no games in progress.") != std::string::npos);
}
