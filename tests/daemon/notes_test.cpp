// Notes to the opponent (README "Notes to the opponent"; daemon/game_turn.hpp `say`,
// `message:`): they reach the opponent marked as the sender's words and the record as a comment
// of that ply; a follower of a hidden game sees them only in the record at the game's end.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "league/game_files.hpp"
#include "one_game_club.hpp"

using ck::daemon::test::Ada;
using ck::daemon::test::Bob;
using ck::daemon::test::has;
using ck::daemon::test::OutMail;
using ck::daemon::test::to;
using ck::rules::Color;

namespace {

const std::string Cy = "cy@example.com";
const std::string Referee = "referee@club.example";

ck::daemon::NewGame hidden_crazyhouse() {
    ck::daemon::NewGame spec;
    spec.variant = "crazyhouse";
    spec.hidden = true;
    return spec;
}

class Club : public ck::daemon::test::OneGameClub {
public:
    explicit Club(const std::string& tag)
        : OneGameClub("notes-" + tag, "n", hidden_crazyhouse(), {{"Cy Onlooker", Cy}}) {}
    // record.pgn with its line breaks as spaces (the writer wraps comments).
    std::string record() {
        auto r = daemon_->store().read_game_file(ck::core::GameId(1), "record.pgn");
        REQUIRE(r);
        return flat(*r);
    }
    static std::string flat(std::string s) {
        for (char& c : s)
            if (c == '\n') c = ' ';
        return s;
    }
};

// Every line of `text` that contains `words` is quoted ("> ...") under a "NAME writes:" heading.
bool only_quoted(const std::string& text, const std::string& words) {
    std::size_t at = text.find(words);
    if (at == std::string::npos) return false;
    for (; at != std::string::npos; at = text.find(words, at + 1)) {
        const std::size_t line = text.rfind('\n', at) + 1;
        if (text.compare(line, 2, "> ") != 0) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("say: the opponent's next mail carries it, marked; the record keeps it",
          "[daemon][notes]") {
    Club club("say");
    REQUIRE(to(club.send(Cy, Referee, "follow 1"), Cy).size() == 1);

    // An announcement's words in a note stay the player's words: quoted, under a heading.
    auto m = club.send(Ada, club.white(), "e4\nsay Good luck! Black is in check");
    const auto bob = to(m, Bob);
    REQUIRE(bob.size() == 1);
    CHECK(has(bob[0].text, "Ada White writes:\n> Good luck! Black is in check\n"));
    CHECK(only_quoted(bob[0].text, "Black is in check"));
    const auto ada = to(m, Ada);
    REQUIRE(ada.size() == 1);  // one answer per mail
    CHECK(has(ada[0].text, "Passed on to Bob Black:\n> Good luck! Black is in check\n"));
    // The follower of a hidden game: the turn, not the note.
    const auto cy = to(m, Cy);
    REQUIRE(cy.size() == 1);
    CHECK_FALSE(has(cy[0].text, "Good luck"));
    CHECK_FALSE(has(cy[0].raw, "Good luck"));
    // The record: a comment of ply 1; game.ini keeps it across restarts.
    CHECK(has(club.record(), "Ada White writes: Good luck! Black is in check"));
    club.reopen();
    auto g = ck::league::load_game(club.daemon().store(), ck::core::GameId(1));
    REQUIRE(g);
    REQUIRE(g->meta.notes.size() == 1);
    CHECK(g->meta.notes[0].ply == 1);
    CHECK(g->meta.notes[0].by == Color::White);
    CHECK(has(Club::flat(g->record.referee_record()), "Ada White writes: Good luck!"));
}

TEST_CASE("message: a block to the opponent without a move; the follower sees it at the end",
          "[daemon][notes]") {
    Club club("message");
    REQUIRE(to(club.send(Cy, Referee, "follow 1"), Cy).size() == 1);
    REQUIRE(club.send(Ada, club.white(), "e4").size() == 3);  // Ada, Bob, Cy

    // Bob, to move, only writes: Ada gets her board with the note, Bob one answer, Cy nothing.
    auto m = club.send(Bob, club.black(),
                       "Message:\nHello Ada,\nresign\n{[%commit 9 x]} is not a command here.");
    const auto ada = to(m, Ada);
    REQUIRE(ada.size() == 1);
    CHECK(has(ada[0].text,
              "Bob Black writes:\n> Hello Ada,\n> resign\n> {[%commit 9 x]} is not a command "
              "here.\n"));
    REQUIRE(to(m, Bob).size() == 1);
    CHECK(has(to(m, Bob)[0].text, "Passed on to Ada White:"));
    CHECK(to(m, Cy).empty());
    // Nothing in the block was acted on: the game goes on, Bob still to move.
    auto g = ck::league::load_game(club.daemon().store(), ck::core::GameId(1));
    REQUIRE(g);
    CHECK_FALSE(g->game.over());
    CHECK(g->game.side_to_move() == Color::Black);
    // The record keeps the note as free text that no reader takes for an annotation.
    const std::string rec = club.record();
    CHECK(has(rec, "Bob Black writes: Hello Ada, / resign / ([commit 9 x]) is not a command"));

    // The game ends: the follower's end mail carries the record with both players' notes.
    const auto fin = club.send(Bob, club.black(), "say Well played\nresign");
    REQUIRE(to(fin, Ada).size() == 1);
    CHECK(has(to(fin, Ada)[0].text, "Bob Black writes:\n> Well played\n"));
    const auto cy_end = to(fin, Cy);
    REQUIRE(cy_end.size() == 1);
    CHECK_FALSE(has(cy_end[0].text, "Well played"));
    const auto pgn = ck::daemon::test::attachment(cy_end[0].raw, "crazykrieg-1.pgn");
    REQUIRE(pgn);
    CHECK(has(Club::flat(*pgn), "Bob Black writes: Hello Ada,"));
    CHECK(has(Club::flat(*pgn), "Bob Black writes: Well played"));
    auto g2 = ck::league::load_game(club.daemon().store(), ck::core::GameId(1));
    REQUIRE(g2);
    CHECK(g2->game.over());
}
