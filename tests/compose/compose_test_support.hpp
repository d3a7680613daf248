#pragma once
// Helpers for the compose tests. Games are played through ck::referee::Game (fine in tests);
// the mails are built from the views it hands out, as the daemon will.
#include <catch2/catch.hpp>
#include <chrono>
#include <initializer_list>
#include <sstream>
#include <string>

#include "../golden_file.hpp"
#include "compose/compose.hpp"
#include "compose/text_wrap.hpp"
#include "referee/game.hpp"
#include "rules/variant.hpp"

namespace ck::compose::test {

constexpr rules::Color White = rules::Color::White;
constexpr rules::Color Black = rules::Color::Black;

// 2026-11-21 12:00:00 UTC.
inline TimePoint fixed_date() { return std::chrono::system_clock::from_time_t(1795262400); }

// Compares `bytes` with the golden file tests/data/compose/golden/<name>; CK_UPDATE_GOLDEN=1
// rewrites the file instead (review the diff by eye).
inline void check_golden_file(const std::string& name, const std::string& bytes) {
    ck::test::check_golden_file(std::string(CK_TEST_DATA) + "/compose/golden/" + name, bytes);
}

inline const Templates& templates() {
    static const Templates t = [] {
        auto loaded = Templates::load(CK_TEMPLATES);
        if (!loaded) FAIL("cannot load templates: " << loaded.error().message);
        return std::move(*loaded);
    }();
    return t;
}

// `game`: the game's id as mails print it, "" for mail about no game.
inline Envelope envelope(rules::Color player, const std::string& game = "42") {
    Envelope e;
    e.from = {"Crazykrieg referee", "referee@club.example"};
    e.to = player == White ? mail::MailAddress{"Ada White", "ada@example.org"}
                           : mail::MailAddress{"Bob Black", "bob@example.net"};
    e.reply_to = {"Crazykrieg referee",
                  "referee+" + game + (player == White ? ".w." : ".b.") + "TOKEN@club.example"};
    if (!game.empty()) e.game_id = *core::parse_game_id(game);
    e.date = fixed_date();
    e.player_name = e.to.name;
    e.opponent_name = player == White ? "Bob Black" : "Ada White";
    return e;
}

// Club mail about no game: no per-game reply address; `discriminator` names the mail in its
// Message-ID.
inline Envelope club_envelope(const std::string& discriminator) {
    Envelope e = envelope(White, "");
    e.reply_to = {};
    e.discriminator = discriminator;
    return e;
}

// Every line of the mail's text part fits in 78 columns.
inline void check_text_width(const mail::OutgoingMail& m) {
    std::istringstream in(m.text_body);
    for (std::string line; std::getline(in, line);) {
        INFO(m.subject << ": " << line);
        CHECK(columns(line) <= 78);
    }
}

// A mail of the one-text-per-event kinds: its whole subject, `phrase` in both parts, and the
// text part in 78 columns.
inline void check_event_mail(const mail::OutgoingMail& m, const std::string& subject,
                             const char* phrase) {
    INFO(subject);
    CHECK(m.subject == subject);
    CHECK(m.text_body.find(phrase) != std::string::npos);
    CHECK(m.html_body.find(phrase) != std::string::npos);
    check_text_width(m);
}

inline referee::Game new_game(const char* variant, bool hidden,
                              referee::RuleSet rules = referee::RuleSet::CrazyKrieg) {
    referee::GameSetup setup;
    setup.variant = rules::find_variant(variant);
    REQUIRE(setup.variant != nullptr);
    setup.hidden = hidden;
    setup.rules = rules;
    auto g = referee::Game::create(setup);
    if (!g) FAIL("cannot set up game: " << g.error().message);
    return std::move(*g);
}

// Sends each request; `expect` is not checked (tries may be refused on purpose).
inline void send(referee::Game& g, std::initializer_list<const char*> requests) {
    for (const char* r : requests) {
        auto ruling = g.request(r);
        INFO("request " << r << ": " << ruling.error);
        REQUIRE(ruling.answer != referee::Answer::Error);
    }
}

inline mail::OutgoingMail ok(MailResult r) {
    if (!r) FAIL("compose failed: " << r.error().message);
    return std::move(*r);
}

}  // namespace ck::compose::test
