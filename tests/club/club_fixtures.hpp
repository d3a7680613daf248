#pragma once
// Events shared by the club tests (and their golden files in tests/data/club/golden/).
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "club/tournament.hpp"
#include "swiss/event.hpp"

namespace ck::club::test {

inline Tournament make(const std::string& id, const std::string& name, Kind kind,
                       std::vector<Player> players) {
    NewTournament n;
    n.id = id;
    n.name = name;
    n.kind = kind;
    n.settings = GameSettings{"crazyhouse", false, std::nullopt, "3d", std::nullopt};
    n.players = std::move(players);
    auto t = create_tournament(std::move(n));
    if (!t) FAIL(error_text(t.error()));
    return std::move(t).value();
}

// Sets the result of the game between seeds `white` and `black` (1-based) in `round`, giving it
// a game id first (games are numbered 100, 101, ... in pairing order).
inline void play(Tournament& t, int round, int white, int black, Outcome o,
                 const std::string& ending = "") {
    for (std::size_t i = 0; i < t.pairings.size(); ++i) {
        Pairing& p = t.pairings[i];
        if (p.round == round && p.white == white - 1 && p.black == black - 1) {
            p.game = ck::core::GameId(100 + i);
            auto ok = record_result(t, *p.game, o, ending);
            REQUIRE(ok);
            return;
        }
    }
    FAIL("no game " << white << "-" << black << " in round " << round);
}

inline void start_all(Tournament& t) {
    for (std::size_t i = 0; i < t.pairings.size(); ++i)
        t.pairings[i].game = ck::core::GameId(100 + i);
}

constexpr Outcome W = Outcome::WhiteWins, B = Outcome::BlackWins, D = Outcome::Draw;

// 4 players, double round robin, played to the end. Anna 4, Boris 3½, Chen 3½, Dana 1:
// Boris and Chen tie on points and Boris is second on Sonneborn-Berger (9.00 to 7.50).
// Chen's second win over Dana is a forfeit.
inline Tournament double4() {
    Tournament t = make("autumn-2026", "Autumn Crazyhouse Double 2026", Kind::Double,
                        {{"Anna Berg", "anna@club.example"},
                         {"Boris Chen", "boris@club.example"},
                         {"", "chen@club.example"},
                         {"Dana \"D&D\" O'Neil", "dana@club.example"}});
    play(t, 1, 1, 4, W);
    play(t, 1, 2, 3, D);
    play(t, 2, 4, 3, B);
    play(t, 2, 1, 2, W);
    play(t, 3, 2, 4, W);
    play(t, 3, 3, 1, D);
    play(t, 4, 4, 1, D);
    play(t, 4, 3, 2, D);
    play(t, 5, 3, 4, W, "forfeit");
    play(t, 5, 2, 1, W);
    play(t, 6, 4, 2, D);
    play(t, 6, 1, 3, W);
    return t;
}

// 3 players, single round robin (one bye per round), finished: Ivo and Jan share 1st-2nd
// (equal points, SB and wins), Kim last.
inline Tournament single3() {
    Tournament t = make(
        "tri-1", "Kriegspiel Triangle", Kind::Single,
        {{"Ivo", "ivo@club.example"}, {"Jan", "jan@club.example"}, {"Kim", "kim@club.example"}});
    t.settings =
        GameSettings{"kriegspiel", true, ck::referee::RuleSet::CrazyKrieg, "10/50d", std::nullopt};
    play(t, 1, 2, 3, W);
    play(t, 2, 1, 2, D);
    play(t, 3, 3, 1, B);
    return t;
}

// 6 players, single round robin, all games started, 7 of 15 finished; Uma and Rosa share
// 5th-6th (½ point, SB 0.75, no win each).
inline Tournament unfinished6() {
    Tournament t = make("winter-open", "Winter Open <Crazyhouse> & Friends", Kind::Single,
                        {{"Piotr", "p@club.example"},
                         {"Quentin Alexander Maximilian von Longname-Smythe", "q@club.example"},
                         {"Rosa", "r@club.example"},
                         {"Sam O'Brien & Sons", "s@club.example"},
                         {"Tove", "t@club.example"},
                         {"Uma", "u@club.example"}});
    start_all(t);
    // Berger round 1 of 6: 1-6 2-5 3-4; round 2: 6-4 5-3 1-2; round 3: 2-6 3-1 4-5
    for (auto [round, w, b, o] : std::vector<std::tuple<int, int, int, Outcome>>{{1, 1, 6, W},
                                                                                 {1, 2, 5, D},
                                                                                 {1, 3, 4, D},
                                                                                 {2, 6, 4, D},
                                                                                 {2, 1, 2, B},
                                                                                 {2, 5, 3, W},
                                                                                 {3, 4, 5, D}})
        play(t, round, w, b, o);
    return t;
}

// A Swiss of `players` entrants ("Player N" <pN@x.test>) over `rounds` rounds, entries closed,
// with `late_bye_points` (in tenths) for a late entrant's missed rounds: the event the Swiss
// tests play (swiss_event_test.cpp, swiss_late_entry_test.cpp).
inline Tournament new_swiss(int players, int rounds, int late_bye_points = 0) {
    NewTournament n;
    n.id = "autumn";
    n.name = "Autumn Swiss";
    n.settings = GameSettings{"crazyhouse", false, std::nullopt, "3d", std::nullopt};
    n.system = System::Swiss;
    n.swiss.rounds = rounds;
    n.swiss.late_bye_points = late_bye_points;
    for (int i = 0; i < players; ++i)
        n.players.push_back(
            Player{"Player " + std::to_string(i + 1), "p" + std::to_string(i + 1) + "@x.test"});
    auto t = create_tournament(std::move(n));
    REQUIRE(t);
    return std::move(*t);
}

// A two-player round robin (A <a@x.test>, B <b@x.test>) of chess: what a Swiss-only operation
// refuses.
inline Tournament two_player_round_robin() {
    NewTournament rr;
    rr.id = "rr";
    rr.name = "RR";
    rr.settings = GameSettings{"chess", false, std::nullopt, "", std::nullopt};
    rr.players = {Player{"A", "a@x.test"}, Player{"B", "b@x.test"}};
    auto r = create_tournament(rr);
    REQUIRE(r);
    return std::move(*r);
}

// The event before round `round` was paired: later rounds cut, unpaired entries of the round
// (requested byes, a late entrant's missed round) kept, as `swiss check` cuts a TRF.
inline swiss::Event before_round(const swiss::Event& event, int round) {
    swiss::Event e = event;
    for (auto& p : e.players) {
        if (static_cast<int>(p.rounds.size()) < round) continue;
        const auto entry = p.rounds[static_cast<std::size_t>(round - 1)];
        p.rounds.resize(static_cast<std::size_t>(round - 1));
        const bool paired = entry.opponent != 0 || entry.outcome == swiss::Outcome::PairingBye;
        if (!paired && entry.outcome != swiss::Outcome::Absent) p.rounds.push_back(entry);
    }
    return e;
}

// The boards the club paired in `round`, as pairing numbers (1-based) white, black.
inline std::set<std::pair<int, int>> boards_of(const Tournament& t, int round) {
    std::set<std::pair<int, int>> s;
    for (const Pairing& p : t.pairings)
        if (p.round == round) s.insert({p.white + 1, p.black + 1});
    return s;
}

}  // namespace ck::club::test
