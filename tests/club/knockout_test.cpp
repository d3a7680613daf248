// Knockouts and group stages (club/knockout.hpp): the bracket with byes for the top seeds, matches
// of N games, the tie rule for a drawn match, groups dealt snake-wise feeding the knockout, the
// file round trip and what the crosstables show.
#include <catch2/catch.hpp>

#include "club/crosstable.hpp"
#include "club/knockout.hpp"
#include "club/tournament_file.hpp"

using namespace ck::club;

namespace {

constexpr Outcome W = Outcome::WhiteWins, B = Outcome::BlackWins, D = Outcome::Draw;

Tournament event(System system, int players, StageSettings stages, Kind kind = Kind::Single) {
    NewTournament n;
    n.id = "cup";
    n.name = "Cup";
    n.kind = kind;
    n.settings = GameSettings{"crazyhouse", false, std::nullopt, "3d", std::nullopt};
    for (int i = 1; i <= players; ++i)
        n.players.push_back({"P" + std::to_string(i), "p" + std::to_string(i) + "@x"});
    n.system = system;
    n.stages = stages;
    auto t = create_tournament(std::move(n));
    if (!t) FAIL(error_text(t.error()));
    return std::move(t).value();
}

std::uint64_t next_id = 500;

// Gives every new pairing a game id (as the daemon starts them).
std::size_t extend(Tournament& t) {
    const std::size_t n = extend_stages(t);
    for (Pairing& p : t.pairings)
        if (!p.game) p.game = ck::core::GameId(next_id++);
    return n;
}

// The pending games, in order.
std::vector<Pairing*> pending(Tournament& t) {
    std::vector<Pairing*> out;
    for (Pairing& p : t.pairings)
        if (p.outcome == Outcome::Pending) out.push_back(&p);
    return out;
}

void result(Tournament& t, Pairing* p, Outcome o) { REQUIRE(record_result(t, *p->game, o, "")); }

// Plays every pending game: the better seed (lower index) wins.
void favourites_win(Tournament& t) {
    for (Pairing* p : pending(t)) result(t, p, p->white < p->black ? W : B);
}

}  // namespace

TEST_CASE("knockout: 5 players, byes for seeds 1-3, round 1 is seeds 4 and 5") {
    Tournament t = event(System::Knockout, 5, StageSettings{});
    CHECK(t.pairings.empty());
    CHECK(rounds(t) == 3);
    REQUIRE(extend(t) == 2);
    CHECK(t.pairings[0].white == 3);  // seed 4 White first, then seed 5
    CHECK(t.pairings[0].black == 4);
    CHECK(t.pairings[1].white == 4);
    CHECK(t.pairings[1].black == 3);
    const Bracket b = make_bracket(t);
    REQUIRE(b.size == 8);
    REQUIRE(b.rounds.size() == 3);
    CHECK(b.rounds[0][0].decided_by == "bye");  // 1 - 8
    CHECK(*b.rounds[0][0].winner == 0);
    CHECK(b.rounds[0][1].high_seed == 4);  // 4 - 5
    CHECK(b.rounds[0][1].low_seed == 5);
    CHECK(extend(t) == 0);        // nothing more until 4-5 is decided
    result(t, pending(t)[0], B);  // seed 5 wins with Black
    result(t, pending(t)[0], D);
    CHECK(*make_bracket(t).rounds[0][1].winner == 4);
    REQUIRE(extend(t) == 4);  // the semi-finals: 1 - 5 and 2 - 3
    const Bracket semis = make_bracket(t);
    CHECK(*semis.rounds[1][0].high == 0);
    CHECK(*semis.rounds[1][0].low == 4);
    CHECK(*semis.rounds[1][1].high == 1);
    CHECK(*semis.rounds[1][1].low == 2);
    for (std::size_t i = 2; i < t.pairings.size(); ++i) CHECK(t.pairings[i].round == 2);
    favourites_win(t);
    REQUIRE(extend(t) == 2);
    CHECK_FALSE(finished(t));
    favourites_win(t);
    CHECK(finished(t));
    CHECK(*make_bracket(t).rounds[2][0].winner == 0);
    CHECK(extend(t) == 0);
}

TEST_CASE("knockout: a drawn match gets a tie-break match, then the higher seed") {
    Tournament t = event(System::Knockout, 2, StageSettings{});
    REQUIRE(extend(t) == 2);
    result(t, pending(t)[0], W);
    result(t, pending(t)[0], W);  // 1-1
    CHECK_FALSE(make_bracket(t).rounds[0][0].winner);
    REQUIRE(extend(t) == 2);  // the tie-break match, seed 1 White first
    CHECK(t.pairings[2].white == 0);
    CHECK(t.pairings[3].white == 1);
    result(t, pending(t)[0], D);
    result(t, pending(t)[0], D);
    const Match m = make_bracket(t).rounds[0][0];
    REQUIRE(m.winner);
    CHECK(*m.winner == 0);
    CHECK(m.decided_by == "seed");
    CHECK(finished(t));
    CHECK(extend(t) == 0);
    const std::string text = crosstable_text(t);
    CHECK(text.find("(1) P1 - (2) P2: 2-2 (1 0, tie-break \xc2\xbd \xc2\xbd)\n    P1 advances "
                    "on seed (drawn match)\n") != std::string::npos);
}

TEST_CASE("knockout: the tie-break match decides, or --tie seed decides at once") {
    Tournament t = event(System::Knockout, 2, StageSettings{2, 1, 0, 0});
    extend(t);
    result(t, pending(t)[0], D);
    result(t, pending(t)[0], D);
    REQUIRE(extend(t) == 2);
    result(t, pending(t)[0], D);
    result(t, pending(t)[0], W);  // P2 has White in the second tie-break game
    CHECK(*make_bracket(t).rounds[0][0].winner == 1);
    CHECK(make_bracket(t).rounds[0][0].decided_by == "tie-break");

    Tournament s = event(System::Knockout, 2, StageSettings{1, 0, 0, 0});
    REQUIRE(extend(s) == 1);
    result(s, pending(s)[0], D);
    CHECK(extend(s) == 0);
    CHECK(make_bracket(s).rounds[0][0].decided_by == "seed");
    CHECK(finished(s));
}

TEST_CASE("groups: snake-dealt groups, all games at once, the top 2 to a knockout") {
    Tournament t = event(System::Groups, 8, StageSettings{2, 1, 4, 2});
    const auto g = groups(t);
    REQUIRE(g.size() == 2);
    CHECK(g[0] == std::vector<int>{0, 3, 4, 7});
    CHECK(g[1] == std::vector<int>{1, 2, 5, 6});
    CHECK(group_rounds(t) == 3);
    CHECK(rounds(t) == 5);
    REQUIRE(extend(t) == 12);
    for (const Pairing& p : t.pairings) CHECK(p.round <= 3);
    CHECK_FALSE(make_bracket(t).known);
    // Upsets: in group A seed 8 beats everyone; in B the favourites win.
    for (Pairing* p : pending(t)) {
        if (p->white == 7 || p->black == 7)
            result(t, p, p->white == 7 ? W : B);
        else
            result(t, p, p->white < p->black ? W : B);
    }
    CHECK(group_stage_over(t));
    CHECK(knockout_entrants(t) == std::vector<int>{7, 1, 0, 2});  // A1 B1 A2 B2
    REQUIRE(extend(t) == 4);  // semi-finals: A1 - B2 and B1 - A2
    const Bracket b = make_bracket(t);
    CHECK(b.round_offset == 3);
    CHECK(*b.rounds[0][0].high == 7);
    CHECK(*b.rounds[0][0].low == 2);
    CHECK(*b.rounds[0][1].high == 1);
    CHECK(*b.rounds[0][1].low == 0);
    for (std::size_t i = 12; i < t.pairings.size(); ++i) CHECK(t.pairings[i].round == 4);
    favourites_win(t);  // by index: 2 beats 7, 0 beats 1
    REQUIRE(extend(t) == 2);
    favourites_win(t);
    CHECK(finished(t));
    const std::string text = crosstable_text(t);
    CHECK(text.find("Group A") != std::string::npos);
    CHECK(text.find("Final standings") != std::string::npos);
    CHECK(text.find("Semi-finals\n") != std::string::npos);
    const std::string html = crosstable_html(t);
    CHECK(html.find("<h4>Final</h4>") != std::string::npos);
}

TEST_CASE("knockout: settings and player counts are checked") {
    NewTournament n;
    n.id = "cup";
    n.name = "Cup";
    n.settings = GameSettings{"chess", false, std::nullopt, "", std::nullopt};
    for (int i = 1; i <= 5; ++i) n.players.push_back({"", "p" + std::to_string(i) + "@x"});
    n.system = System::Groups;
    n.stages = StageSettings{2, 1, 13, 1};
    CHECK_FALSE(create_tournament(n));  // groups of 13
    n.stages = StageSettings{2, 1, 4, 4};
    CHECK_FALSE(create_tournament(n));  // 4 of 4 advance
    n.stages = StageSettings{2, 1, 4, 2};
    CHECK_FALSE(create_tournament(n));  // 5 players: groups of 3 and 2, 2 cannot advance
    n.stages = StageSettings{2, 1, 4, 1};
    CHECK(create_tournament(n));
    n.stages = StageSettings{0, 1, 4, 1};
    CHECK_FALSE(create_tournament(n));  // matches of 0 games
    n.system = System::Knockout;
    n.stages = StageSettings{2, 1, 4, 1};
    CHECK_FALSE(create_tournament(n));  // group settings for a knockout
    CHECK(parse_tie_rule("match:3") == 3);
    CHECK_FALSE(parse_tie_rule("match:4"));
    CHECK(tie_rule_text(2) == "match:2");
}

TEST_CASE("knockout: tournament.ini round trip") {
    Tournament t = event(System::Groups, 6, StageSettings{4, 2, 3, 1}, Kind::Double);
    extend(t);
    favourites_win(t);
    extend(t);
    const std::string text = format_tournament(t);
    CHECK(text.find("system = groups\ngames = 4\ntie = match:2\ngroup-size = 3\nadvance = 1\n") !=
          std::string::npos);
    auto back = parse_tournament(text);
    REQUIRE(back);
    CHECK(format_tournament(*back) == text);
    CHECK(back->stages.tie_matches == 2);
    CHECK(make_bracket(*back).rounds[0][0].games.size() == 4);
}

TEST_CASE("knockout: entries by mail, then closed; the groups must fit the entries") {
    NewTournament n;
    n.id = "cup";
    n.name = "Cup";
    n.settings = GameSettings{"chess", false, std::nullopt, "", std::nullopt};
    n.system = System::Groups;
    n.stages = StageSettings{2, 1, 3, 2};
    n.entries_open = true;
    auto t = create_tournament(n);
    REQUIRE(t);
    REQUIRE(add_entrant(*t, {"", "a@x"}));
    REQUIRE(add_entrant(*t, {"", "b@x"}));
    const auto small = close_entries(*t);  // one group of 2: 2 cannot advance
    REQUIRE_FALSE(small);
    CHECK(small.error().code == ErrorCode::BadPlayers);
    CHECK(t->entries_open);
    REQUIRE(add_entrant(*t, {"", "c@x"}));
    REQUIRE(close_entries(*t));
    CHECK(t->pairings.empty());  // the daemon pairs them (extend_stages)
    CHECK(extend_stages(*t) == 3);
    std::string text = format_tournament(*t);
    text.replace(text.find("tie = match"), 11, "tie = coin");
    auto bad = parse_tournament(text);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == ErrorCode::BadValue);
}

TEST_CASE(
    "knockout: a withdrawn player loses the match once its games are ended, the opponent "
    "advances") {
    // 4 players, matches of 2 games: P1-P4 and P2-P3. P4 wins the first game, then withdraws;
    // its other game is ended as its loss by forfeit (what `tournament withdraw` does): 1-1 over
    // the games, yet P1 advances, with no tie-break match.
    Tournament t = event(System::Knockout, 4, StageSettings{});
    REQUIRE(extend(t) == 4);
    Pairing* first = nullptr;
    for (Pairing* p : pending(t))
        if (p->white == 0 && p->black == 3) first = p;
    REQUIRE(first != nullptr);
    result(t, first, B);  // P4 (Black) beats P1
    auto from = withdraw_from_knockout(t, "P4@x");
    REQUIRE(from);
    CHECK(*from == 1);
    CHECK_FALSE(make_bracket(t).rounds[0][0].winner);  // its game still in progress
    CHECK(extend(t) == 0);
    for (Pairing* p : pending(t))
        if (p->white == 3 || p->black == 3)
            REQUIRE(record_result(t, *p->game, p->white == 3 ? B : W, std::string(ForfeitEnding)));
    const Match m = make_bracket(t).rounds[0][0];
    REQUIRE(m.winner);
    CHECK(*m.winner == 0);
    CHECK(m.decided_by == "withdrawal");
    CHECK(extend(t) == 0);  // no tie-break match; the final waits for P2-P3
    CHECK(crosstable_text(t).find("P1 advances (the opponent withdrew)") != std::string::npos);
    CHECK(crosstable_text(t).find("(1) P1 - (4) P4: 1-1 (0 +)") != std::string::npos);
    // Out of it now: a second withdrawal, or one of a player knocked out, is refused.
    CHECK_FALSE(withdraw_from_knockout(t, "p4@x"));
    favourites_win(t);
    REQUIRE(extend(t) == 2);  // the final P1 - P2
    CHECK(check_stages(t, true));
    // The withdrawal is in tournament.ini.
    auto back = parse_tournament(format_tournament(t));
    REQUIRE(back);
    REQUIRE(back->withdrawals.size() == 1);
    CHECK(back->withdrawals[0].player == 3);
}

TEST_CASE("knockout: a winner waiting for its next match withdraws from that round") {
    Tournament t = event(System::Knockout, 4, StageSettings{});
    REQUIRE(extend(t) == 4);
    for (Pairing* p : pending(t))
        if (p->white == 0 || p->black == 0) result(t, p, p->white == 0 ? W : B);  // P1 wins
    auto from = withdraw_from_knockout(t, "p1@x");
    REQUIRE(from);
    CHECK(*from == 2);
    favourites_win(t);      // P2 beats P3
    CHECK(extend(t) == 0);  // no final is played: P2 wins it
    const Match final = make_bracket(t).rounds[1][0];
    REQUIRE(final.winner);
    CHECK(*final.winner == 1);
    CHECK(final.decided_by == "withdrawal");
    CHECK(finished(t));
    // Not in a group stage, nor in a round robin.
    Tournament g = event(System::Groups, 6, StageSettings{2, 1, 3, 1});
    extend(g);
    CHECK_FALSE(withdraw_from_knockout(g, "p1@x"));
}
