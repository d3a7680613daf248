#pragma once
// Events shared by the club tests (and their golden files in tests/data/club/golden/).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "club/tournament.hpp"

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
            p.game = 100 + i;
            auto ok = record_result(t, *p.game, o, ending);
            REQUIRE(ok);
            return;
        }
    }
    FAIL("no game " << white << "-" << black << " in round " << round);
}

inline void start_all(Tournament& t) {
    for (std::size_t i = 0; i < t.pairings.size(); ++i) t.pairings[i].game = 100 + i;
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

}  // namespace ck::club::test
