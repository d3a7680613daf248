// One test per rule line of docs/referee-protocol.md (CrazyKrieg rules, Details), each from a
// concrete position.
#include "referee_test_support.hpp"

using namespace ck::referee;
using namespace ck::referee::test;

TEST_CASE("a promoted pawn captured on e8 is announced as the reserve identity", "[referee]") {
    const char* fen = "3r2k1/4P3/8/8/8/8/8/4K3[] w - - 0 1";
    SECTION("crazyhouse: as a pawn, and it enters the pocket as a pawn") {
        Game g = hidden("crazyhouse", fen);
        Ruling promo = g.request("e8=Q");
        CHECK(promo.move == "e8=Q+");
        CHECK(told(promo, Black) ==
              R"([{"type":"moved"},{"type":"check","direction":"horizontal"}])");
        CHECK(g.view_text(White) == "4Q~3/8/8/8/8/8/8/4K3[]");
        Ruling r = g.request("Rxe8");
        CHECK(told(r, White) ==
              R"([{"type":"moved"},{"type":"capture","square":"e8","piece":"pawn"},)"
              R"({"type":"check","direction":"vertical"}])");
        CHECK(g.view_text(Black) == "4r1k1/8/8/8/8/8/8/8[p]");
    }
    SECTION("loop: as the queen it became") {
        Game g = hidden("loop", fen);
        play_all(g, {"e8=Q"});
        Ruling r = g.request("Rxe8");
        CHECK(told(r, Black).find(R"({"type":"capture","square":"e8","piece":"queen"})") !=
              std::string::npos);
        CHECK(g.view_text(Black) == "4r1k1/8/8/8/8/8/8/8[q]");
    }
    SECTION("chess (no pockets): as the piece it stood as") {
        Game g = hidden("chess", "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
        play_all(g, {"e8=Q"});
        Ruling r = g.request("Rxe8");
        CHECK(told(r, White).find(R"("piece":"queen")") != std::string::npos);
    }
}

TEST_CASE("a drop may block a check; a drop that does not is `no`", "[referee]") {
    Game g = hidden("crazyhouse", "4r2k/8/8/8/8/8/8/4K3[N] w - - 0 1");
    Ruling miss = g.request("N@a4");
    CHECK(miss.answer == Answer::No);
    CHECK(told(miss, Black) == R"([{"type":"illegal","answer":"no"}])");
    Ruling block = g.request("N@e4");
    CHECK(block.answer == Answer::Legal);
    CHECK(told(block, White) ==
          R"([{"type":"moved","move":"N@e4"},{"type":"drop","piece":"knight","square":"e4"}])");
    CHECK(told(block, Black) == R"([{"type":"moved"},{"type":"drop","piece":"knight"}])");
}

TEST_CASE("checks by drops: knight, vertical, long and short diagonal", "[referee]") {
    const char* fen = "4k3/8/8/8/8/8/8/4K3[RBN] w - - 0 1";
    auto check_of = [&](const char* drop) {
        Game g = hidden("crazyhouse", fen);
        Ruling r = g.request(drop);
        REQUIRE(r.answer == Answer::Legal);
        REQUIRE(r.told[1].size() == 3);
        CHECK(told(r, White).find(R"({"type":"check")") != std::string::npos);
        return r.told[1][2].direction;
    };
    CHECK(check_of("N@d6") == "knight");
    CHECK(check_of("R@e4") == "vertical");
    CHECK(check_of("R@a8") == "horizontal");
    CHECK(check_of("B@b5") == "long-diagonal");  // a4-e8 has 5 squares, e8-h5 has 4
    CHECK(check_of("B@g6") == "short-diagonal");
}

TEST_CASE("a pawn's check is diagonal, long or short as seen from the king", "[referee]") {
    Game g = hidden("crazyhouse", "4k3/8/8/8/8/8/3K4/8[p] b - - 0 1");
    Ruling r = g.request("P@e3");
    CHECK(r.move == "P@e3+");
    CHECK(told(r, White) == R"([{"type":"moved"},{"type":"drop","piece":"pawn"},)"
                            R"({"type":"check","direction":"long-diagonal"}])");
}

TEST_CASE("en passant is announced on the captured pawn's square", "[referee]") {
    Game g = hidden("crazyhouse");
    play_all(g, {"e4", "a6", "e5", "d5"});
    Ruling r = g.request("exd6");
    CHECK(r.move == "exd6");
    CHECK(told(r, Black) ==
          R"([{"type":"moved"},{"type":"capture","square":"d5","piece":"pawn"}])");
    CHECK(g.view_text(White) == "8/8/3P4/8/8/8/PPPP1PPP/RNBQKBNR[P]");
}

TEST_CASE("a double check gives two directions", "[referee]") {
    Game g = hidden("chess", "4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1");
    Ruling r = g.request("Bb5");
    CHECK(r.move == "Bb5+");
    CHECK(told(r, Black) == R"([{"type":"moved"},{"type":"check","direction":"vertical"},)"
                            R"({"type":"check","direction":"long-diagonal"}])");
}

TEST_CASE(
    "castling: through an attacked square `no`, blocked by an own piece or without the "
    "right `impossible`",
    "[referee]") {
    Game g = hidden("crazyhouse", "4k3/8/8/8/2b5/8/8/RN2K2R[] w KQ - 0 1");
    Ruling through = g.request("O-O");
    CHECK(through.answer == Answer::No);
    CHECK(told(through, Black) == R"([{"type":"illegal","answer":"no"}])");
    Ruling blocked = g.request("O-O-O");
    CHECK(blocked.answer == Answer::Impossible);
    CHECK(told(blocked, White) ==
          R"([{"type":"illegal","answer":"impossible","attempt":"O-O-O"}])");
    CHECK(told(blocked, Black) == "[]");

    Game no_right = hidden("crazyhouse", "4k3/8/8/8/8/8/8/R3K2R[] w K - 0 1");
    CHECK(no_right.request("O-O-O").answer == Answer::Impossible);
    CHECK(no_right.request("e1c1").answer == Answer::Impossible);
    CHECK(no_right.request("e1g1").answer == Answer::Legal);
}

TEST_CASE("pawn drops on the first and last rank are impossible", "[referee]") {
    Game g = hidden("crazyhouse", "6nk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1");
    CHECK(g.request("P@h8").answer == Answer::Impossible);
    CHECK(g.request("P@a8").answer == Answer::Impossible);
    CHECK(g.request("P@a1").answer == Answer::Impossible);
    CHECK(g.request("N@c3").answer == Answer::Impossible);  // no knight in the pocket
    CHECK(g.request("P@e6").answer == Answer::Impossible);  // own knight there
}

TEST_CASE("a drop onto an unseen piece is `no`, and the opponent hears it", "[referee]") {
    Game g = hidden("crazyhouse", "6nk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1");
    Ruling r = g.request("P@g8");
    CHECK(r.answer == Answer::Impossible);  // rank 8 comes first
    Ruling onto = g.request("P@h7");
    CHECK(onto.answer == Answer::No);
    CHECK(told(onto, White) == R"([{"type":"illegal","answer":"no","attempt":"P@h7"}])");
    CHECK(told(onto, Black) == R"([{"type":"illegal","answer":"no"}])");
    CHECK(g.request("P@h7").answer == Answer::No);  // repeating a `no` gets `no` again
}

TEST_CASE("any?: try, then a failed pawn-capture try releases the duty", "[referee]") {
    Game g = hidden("crazyhouse");
    play_all(g, {"e4", "f5"});
    Ruling any = g.request("any?");
    CHECK(any.answer == Answer::Try);
    CHECK(told(any, White) == R"([{"type":"any","answer":"try"}])");
    CHECK(told(any, Black) == R"([{"type":"any","answer":"try"}])");
    Ruling miss = g.request("exd5");
    CHECK(miss.answer == Answer::No);
    CHECK(g.request("Nf3").answer == Answer::Legal);  // duty released
}

TEST_CASE("any?: under the duty a non-capture is impossible and keeps the duty", "[referee]") {
    Game g = hidden("crazyhouse");
    play_all(g, {"e4", "f5"});
    REQUIRE(g.request("any?").answer == Answer::Try);
    Ruling quiet = g.request("Nf3");
    CHECK(quiet.answer == Answer::Impossible);
    CHECK(told(quiet, Black) == "[]");
    CHECK(g.request("Ba6").answer == Answer::Impossible);
    CHECK(g.request("e5").answer == Answer::Impossible);  // pawn advance: not a capture
    Ruling take = g.request("exf5");
    CHECK(take.answer == Answer::Legal);
}

TEST_CASE("any? may be asked once per turn; `no` imposes nothing", "[referee]") {
    Game g = hidden("crazyhouse");
    Ruling first = g.request("any?");
    CHECK(first.answer == Answer::No);
    Ruling second = g.request("any?");
    CHECK(second.answer == Answer::Impossible);
    CHECK(told(second, White) == R"([{"type":"illegal","answer":"impossible","attempt":"any?"}])");
    CHECK(told(second, Black) == "[]");
    CHECK(g.request("exd3").answer == Answer::No);  // simply ruled
    CHECK(g.request("d4").answer == Answer::Legal);
    CHECK(g.request("any?").answer == Answer::No);  // a new turn: Black may ask
}

TEST_CASE("checkmate by a pawn drop ends the game and still announces the check", "[referee]") {
    Game g = hidden("crazyhouse", "6nk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1");
    Ruling r = g.request("P@g7");
    CHECK(r.move == "P@g7#");
    CHECK(told(r, Black) == R"([{"type":"moved"},{"type":"drop","piece":"pawn"},)"
                            R"({"type":"check","direction":"long-diagonal"},)"
                            R"({"type":"game-over","result":"1-0","reason":"checkmate"}])");
    CHECK(r.result == ck::referee::GameResult::WhiteWins);
    CHECK(g.over());
}

TEST_CASE("stalemate is a draw announced to both", "[referee]") {
    Game g = hidden("chess", "7k/8/6Q1/8/8/8/8/K7 w - - 0 1");
    Ruling r = g.request("Qf7");
    CHECK(r.result == ck::referee::GameResult::Draw);
    CHECK(told(r, Black) ==
          R"([{"type":"moved"},{"type":"game-over","result":"1/2-1/2","reason":"stalemate"}])");
}

TEST_CASE("draws: repetition, fifty moves, insufficient material only without pockets",
          "[referee]") {
    Game rep = hidden("crazyhouse");
    play_all(rep, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});
    Ruling third = rep.request("Ng8");
    CHECK(third.result == ck::referee::GameResult::Draw);
    CHECK(told(third, White).find(R"("reason":"repetition")") != std::string::npos);

    Game fifty = hidden("chess", "4k3/8/8/8/8/8/8/4K2R w - - 99 60");
    Ruling r = fifty.request("Rh2");
    CHECK(told(r, Black).find(R"("reason":"fifty-moves")") != std::string::npos);

    Game bare = hidden("chess", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    CHECK(told(bare.request("Kxd2"), White).find("insufficient-material") != std::string::npos);
    Game pocket = hidden("crazyhouse", "4k3/8/8/8/8/8/3p4/4K3[] w - - 0 1");
    CHECK(pocket.request("Kxd2").result == std::nullopt);
}

TEST_CASE("resignation, and requests after the end", "[referee]") {
    Game g = hidden("crazyhouse");
    play_all(g, {"e4"});
    Ruling r = g.request("resign");
    CHECK(r.answer == Answer::Legal);
    CHECK(r.side == Black);
    CHECK(r.move == std::nullopt);
    CHECK(told(r, White) == R"([{"type":"game-over","result":"1-0","reason":"resignation"}])");
    CHECK(told(r, Black) == told(r, White));
    const std::string before = g.view_text(White);
    for (const char* late : {"e5", "any?", "resign", "hello"}) {
        Ruling after = g.request(late);
        CHECK(after.answer == Answer::Error);
        CHECK(after.error == "the game is over");
        CHECK(after.side == Black);
        CHECK(after.told[0].empty());
        CHECK(after.told[1].empty());
    }
    CHECK(g.view_text(White) == before);
    CHECK(g.request("e5").n == 7);  // every answered line counts
}

TEST_CASE("no vs impossible comes from the own board only", "[referee]") {
    // A black pawn on e4 blocks White's h4 rook, which White cannot see.
    Game g = hidden("chess", "4k3/8/8/8/R3p2R/8/8/4K3 w - - 0 1");
    SECTION("a move named by two own pieces is an error, whatever blocks one of them") {
        Ruling r = g.request("Rd4");
        CHECK(r.answer == Answer::Error);
        CHECK(r.told[0].empty());
        CHECK(r.told[1].empty());
        CHECK(g.request("Rad4").answer == Answer::Legal);
    }
    SECTION("blocked by an unseen piece: no; own piece in the way: impossible") {
        CHECK(g.request("Rhd4").answer == Answer::No);
        CHECK(g.request("h4c4").answer == Answer::No);
        CHECK(g.request("Ke2").answer == Answer::Legal);
    }
    SECTION("not a move of that piece, no such piece, wrong side") {
        CHECK(g.request("Rb5").answer == Answer::Impossible);
        CHECK(g.request("Nf3").answer == Answer::Impossible);
        CHECK(g.request("e4e3").answer == Answer::Impossible);  // Black's pawn
        CHECK(g.request("a4h4").answer == Answer::Impossible);  // own rook on h4
    }
}

TEST_CASE("pawns: advance onto an unseen piece `no`, over an own piece `impossible`", "[referee]") {
    Game g = hidden("chess", "4k3/8/8/8/8/4p3/4P3/4K1N1 w - - 0 1");
    CHECK(g.request("e3").answer == Answer::No);
    CHECK(g.request("e4").answer == Answer::No);
    CHECK(g.request("exd3").answer == Answer::No);
    CHECK(g.request("exf3").answer == Answer::No);
    CHECK(g.request("e2e5").answer == Answer::Impossible);
    CHECK(g.request("e3=Q").answer == Answer::Impossible);   // a promotion that is not one
    CHECK(g.request("Kf1f2").answer == Answer::Impossible);  // no king on f1
    CHECK(g.request("Kf2").answer == Answer::No);            // attacked by the e3 pawn
    CHECK(g.request("Kxd1").answer == Answer::Legal);        // 'x' changes nothing
}

TEST_CASE("a king next to the unseen king is `no`", "[referee]") {
    Game g = hidden("chess", "8/8/8/8/3k4/8/8/R3K3 w - - 0 1");
    play_all(g, {"Ke2"});
    play_all(g, {"Kc4"});
    CHECK(g.request("Kd3").answer == Answer::No);
}

TEST_CASE("promotions need their piece; gibberish is an error nobody hears", "[referee]") {
    Game g = hidden("crazyhouse", "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1");
    for (const char* bad : {"a8", "a7a8", "xyzzy", "Z9", "e2e9", "O-O-O-O"}) {
        Ruling r = g.request(bad);
        INFO(bad);
        CHECK(r.answer == Answer::Error);
        CHECK(!r.error.empty());
        CHECK(r.side == White);
    }
    Ruling r = g.request("a7a8n");
    CHECK(r.move == "a8=N");
    CHECK(g.view_text(White) == "N~7/8/8/8/8/8/8/4K3[]");
}

TEST_CASE("open play: illegal with a reason, the opponent hears the move, views show all",
          "[referee]") {
    Game g = make_game("crazyhouse", false);
    Ruling bad = g.request("e5");
    CHECK(bad.answer == Answer::Illegal);
    CHECK(!bad.reason.empty());
    CHECK(told(bad, Black) == "[]");
    Ruling r = g.request("e4");
    CHECK(told(r, Black) == R"([{"type":"moved","move":"e4"}])");
    CHECK(g.view_text(Black) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[]");
    CHECK(ruling_json(r, g).find(R"("answer":"legal","move":"e4")") != std::string::npos);
}

TEST_CASE("repetition counts the en passant square only when the capture is legal", "[referee]") {
    // After 1.e4 no black pawn can take on e3, so the position after 1.e4 equals the one after
    // 3.Ng1 and 5.Ng1: the third occurrence ends the game at once.
    Game g = hidden("chess");
    play_all(g, {"e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8"});
    Ruling r = g.request("Ng1");
    CHECK(r.result == ck::referee::GameResult::Draw);
    CHECK(told(r, Black) ==
          R"([{"type":"moved"},{"type":"game-over","result":"1/2-1/2","reason":"repetition"}])");
}

TEST_CASE("replacement: the owner of a piece put back is told where it stands", "[referee]") {
    Game g = hidden("replacement");
    play_all(g, {"e4", "d5"});
    Ruling r = g.request("exd5");
    // No placement named: the lowest legal square, e2 (a2..h2 but e2 are White's own pawns,
    // so e2 is the first empty square on ranks 2..7).
    CHECK(r.move == "exd5/e2");
    CHECK(told(r, White) == R"([{"type":"moved","move":"exd5/e2"},)"
                            R"({"type":"capture","square":"d5","piece":"pawn"}])");
    CHECK(told(r, Black) == R"([{"type":"moved"},)"
                            R"({"type":"capture","square":"d5","piece":"pawn","placed":"e2"}])");
    CHECK(g.view_text(Black) == "rnbqkbnr/ppp1pppp/8/8/8/8/4p3/8[]");
    Ruling named = g.request("Qxd5/h6");
    CHECK(named.move == "Qxd5/h6");
    CHECK(g.view_text(White) == "8/8/7P/8/8/8/PPPP1PPP/RNBQKBNR[]");
}

TEST_CASE("a start position without legal moves is a finished game", "[referee]") {
    Game g = hidden("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(g.over());
    CHECK(g.result() == ck::referee::GameResult::Draw);
    Ruling r = g.request("Kg8");
    CHECK(r.answer == Answer::Error);
    CHECK(r.side == Black);
}

TEST_CASE("open play reasons name what is wrong", "[referee]") {
    auto reason = [](const char* fen, const char* attempt) {
        Game g = make_game("crazyhouse", false, std::string(fen));
        Ruling r = g.request(attempt);
        REQUIRE(r.answer == Answer::Illegal);
        CHECK(ruling_json(r, g).find(R"("answer":"illegal","reason":)") != std::string::npos);
        return r.reason;
    };
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    CHECK(reason(start, "Bc4") == "none of your pieces can move there");
    CHECK(reason("4k3/8/8/8/8/3p4/8/5B1K[] w - - 0 1", "Bc4") == "the way is blocked");
    CHECK(reason(start, "exd3") == "there is nothing to take there");
    CHECK(reason(start, "Nd2") == "one of your pieces stands there");
    CHECK(reason("4k3/8/8/8/8/4p3/4P3/4K3[] w - - 0 1", "e3") ==
          "a pawn cannot advance onto or through a piece");
    CHECK(reason("4k3/8/8/8/8/8/8/R3K2r[] w Q - 0 1", "O-O-O") == "you cannot castle out of check");
    CHECK(reason("4k3/8/8/8/8/8/8/R3K2r[] w Q - 0 1", "Kf1") ==
          "the king may not move onto an attacked square");
    CHECK(reason("4k3/8/8/8/8/8/8/R3K2r[] w Q - 0 1", "Ra2") == "that does not answer the check");
    CHECK(reason("4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1", "Bd3") ==
          "that would leave your king in check");
    CHECK(reason("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e8") == "that square is occupied");
    // Drops (issue 24, D22): the rule that forbids it, or the empty pocket, is named.
    CHECK(reason("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P@g1") == "no pawn drops on the first rank");
    CHECK(reason("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P@a8") == "no pawn drops on the last rank");
    CHECK(reason("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1", "P@a8") == "no pawn drops on the first rank");
    CHECK(reason("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "Q@d4") == "you have no such piece in hand");
}

TEST_CASE("a promotion without its piece, or an ambiguous move, says what to write (issue 24)",
          "[referee]") {
    SECTION("hidden: from the player's own text and own pieces") {
        Game g = hidden("chess", "4k3/4P3/8/8/8/8/8/4K3 w - - 0 1");
        Ruling r = g.request("e8+");
        CHECK(r.answer == Answer::Error);
        CHECK(r.error == "e8+ needs the piece the pawn becomes, as in e8=Q");
        Game n = hidden("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        CHECK(n.request("Nd2").error ==
              "several of your pieces can make that move (from b1 and f1): say which");
    }
    SECTION("open: the candidates, the piece, from the whole board") {
        Game g = make_game("chess", false, std::string("4kr2/4P3/8/8/8/8/8/4K3 w - - 0 1"));
        CHECK(g.request("exf8").error.rfind("exf8 is ambiguous: name the promotion piece", 0) == 0);
        Game empty = make_game("chess", false, std::string("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1"));
        CHECK(empty.request("exf8").error == "exf8 needs the piece the pawn becomes, as in exf8=Q");
        Game n = make_game("chess", false, std::string("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"));
        CHECK(n.request("Nd2").error == "Nd2 is ambiguous: Nbd2, Nfd2");
    }
}
