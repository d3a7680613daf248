#include "compose/view_model.hpp"

#include <fstream>
#include <sstream>
#include <string>

#include "compose_test_support.hpp"

using namespace ck::compose;
using namespace ck::compose::test;
using ck::referee::Announcement;
using ck::referee::AnnouncementType;
using ck::referee::PlayerView;
namespace rules = ck::rules;

namespace {

Announcement ann(AnnouncementType t) {
    Announcement a;
    a.type = t;
    return a;
}

PlayerView empty_view(rules::Color player) {
    PlayerView v;
    v.player = player;
    v.variant = "crazyhouse";
    for (auto& p : v.pieces.board) p = rules::Piece::NoPiece;
    return v;
}

std::vector<std::string> news_lines(const PlayerView& v) {
    Context c;
    auto ok = fill_news(templates().set(), v, 0, c);
    if (!ok) FAIL(ok.error().message);
    std::vector<std::string> out;
    for (const Context& item : c.lists["news"]) out.push_back(item.text.at("line"));
    return out;
}

}  // namespace

TEST_CASE("announcements use the rules' own words (docs/mail-protocol.md)") {
    PlayerView v = empty_view(White);
    // White's turn 1: a refused try, any? -> try, a capture with check; Black's reply.
    Announcement tried = ann(AnnouncementType::Illegal);
    tried.answer = "no";
    tried.attempt = "Qh5";
    Announcement impossible = ann(AnnouncementType::Illegal);
    impossible.answer = "impossible";
    impossible.attempt = "Ke3";
    Announcement any = ann(AnnouncementType::Any);
    any.answer = "try";
    Announcement moved = ann(AnnouncementType::Moved);
    moved.move = "exd5+";
    Announcement capture = ann(AnnouncementType::Capture);
    capture.piece = "pawn";
    capture.square = "d5";
    Announcement check = ann(AnnouncementType::Check);
    check.direction = "long-diagonal";
    // Black: refused, any? -> no, a move, a drop, checks.
    Announcement their_no = ann(AnnouncementType::Illegal);
    their_no.answer = "no";
    Announcement any_no = ann(AnnouncementType::Any);
    any_no.answer = "no";
    Announcement their_move = ann(AnnouncementType::Moved);
    Announcement drop = ann(AnnouncementType::Drop);
    drop.piece = "knight";
    Announcement checks[5];
    const char* dirs[] = {"vertical", "horizontal", "short-diagonal", "knight", "long-diagonal"};
    for (int i = 0; i < 5; ++i) {
        checks[i] = ann(AnnouncementType::Check);
        checks[i].direction = dirs[i];
    }
    Announcement over = ann(AnnouncementType::GameOver);
    over.result = ck::referee::GameResult::BlackWins;
    over.reason = "checkmate";
    v.heard = {tried, impossible, any, moved, capture, check, their_no, any_no, their_move, drop};
    for (const auto& c : checks) v.heard.push_back(c);
    v.heard.push_back(over);
    v.move_number = 2;
    v.to_move = White;
    v.result = ck::referee::GameResult::BlackWins;
    CHECK(news_lines(v) ==
          std::vector<std::string>{
              "You tried Qh5: No.", "You tried Ke3: Impossible.", "You asked \"any?\": Try.",
              "You played exd5+.", "Pawn captured on d5.", "Check on the long diagonal.",
              "Black tried a move: No.", "Black asked \"any?\": No.", "Black has moved.",
              "Black dropped a knight.", "Check on the vertical.", "Check on the horizontal.",
              "Check on the short diagonal.", "Check by a knight.", "Check on the long diagonal.",
              "Checkmate."});
    Context c;
    REQUIRE(fill_view(templates().set(), v, c));
    CHECK(c.text["moves_text"] ==
          "1. exd5+ ... (Black dropped a knight. Check on the vertical. Check on the horizontal. "
          "Check on the short diagonal. Check by a knight. Check on the long diagonal.)");
    CHECK(c.text["result_text"] == "Black wins.");
    CHECK(c.text["result_reason"] == "Checkmate.");
}

TEST_CASE("own drops name the square, captures name the piece, resignation the loser") {
    PlayerView v = empty_view(Black);
    Announcement w = ann(AnnouncementType::Moved);
    Announcement b = ann(AnnouncementType::Moved);
    b.move = "N@f5";
    Announcement d = ann(AnnouncementType::Drop);
    d.piece = "knight";
    d.square = "f5";
    Announcement cap = ann(AnnouncementType::Capture);
    cap.piece = "queen";
    cap.square = "e5";
    Announcement w2 = ann(AnnouncementType::Moved);
    Announcement over = ann(AnnouncementType::GameOver);
    over.result = ck::referee::GameResult::BlackWins;
    over.reason = "resignation";
    v.heard = {w, b, d, w2, cap, over};
    v.move_number = 2;
    v.to_move = Black;
    // The own drop is already told by "You played N@f5."; on its own it names the square.
    CHECK(news_lines(v) == std::vector<std::string>{"White has moved.", "You played N@f5.",
                                                    "White has moved.", "Queen captured on e5.",
                                                    "White resigned."});
    CHECK(*sentence(templates().set(), v, d, Black) == "You dropped a knight on f5.");
    CHECK(*sentence(templates().set(), v, d, White) == "White dropped a knight.");
}

TEST_CASE("ply groups count moves back from the side to move") {
    auto g = new_game("crazyhouse", true);
    send(g, {"e4", "e5", "Nf3", "dxe6", "Nc6", "Bc4", "Nf6"});  // "dxe6" is refused
    PlayerView v = g.view(White);
    auto groups = ply_groups(v);
    REQUIRE(groups.size() == 6);
    CHECK(groups[0].side == White);
    CHECK(groups[0].number == 1);
    CHECK(groups[1].side == Black);
    CHECK(groups[5].side == Black);
    CHECK(groups[5].number == 3);
    CHECK(plies_played(v) == 6);
    // White's last own turn began with group 4 (Bc4).
    CHECK(last_turn_start(v) == groups[4].begin);
}

TEST_CASE("the board is drawn from the player's side with promoted marks and pockets") {
    PlayerView v = empty_view(Black);
    v.pieces.board[rules::make_square(4, 7)] = rules::make_piece(Black, rules::PieceType::King);
    v.pieces.board[rules::make_square(0, 0)] = rules::make_piece(Black, rules::PieceType::Queen);
    v.pieces.promoted = rules::bb(rules::make_square(0, 0));
    v.pieces.pockets[1][rules::index_of(rules::PieceType::Pawn)] = 2;
    v.pieces.pockets[1][rules::index_of(rules::PieceType::Queen)] = 1;
    v.pieces.pockets[0][rules::index_of(rules::PieceType::Knight)] = 1;
    Context c;
    REQUIRE(fill_view(templates().set(), v, c));
    auto text = templates().set().render("board", false, c);
    REQUIRE(text);
    CHECK(*text ==
          " 1  .  .  .  .  .  .  . ~q\n"
          " 2  .  .  .  .  .  .  .  .\n"
          " 3  .  .  .  .  .  .  .  .\n"
          " 4  .  .  .  .  .  .  .  .\n"
          " 5  .  .  .  .  .  .  .  .\n"
          " 6  .  .  .  .  .  .  .  .\n"
          " 7  .  .  .  .  .  .  .  .\n"
          " 8  .  .  .  k  .  .  .  .\n"
          "    h  g  f  e  d  c  b  a\n"
          " (~ marks a promoted piece)\n"
          " (Kriegspiel: you see only your own pieces.)\n"
          "\n"
          "Your pocket: Q P P\n"
          "Opponent's pocket: N\n");
    auto html = templates().set().render("board", true, c);
    REQUIRE(html);
    CHECK(html->find("\u265A") != std::string::npos);  // the black king figure
    CHECK(html->find("<sup") != std::string::npos);    // the promoted mark
    CHECK(html->find("<img") == std::string::npos);
    CHECK(html->find("<script") == std::string::npos);
}

// The move list's entries are remembered across mails (view_model.cpp, move_entry): what is
// found must be what would be rendered now, whatever set of words, player or mover it was
// rendered for before.
TEST_CASE("a remembered move list entry is the one the words, player and mover give") {
    std::ifstream in(std::string(CK_TEMPLATES) + "/words", std::ios::binary);
    std::ostringstream words;
    words << in.rdbuf();
    const std::string original = words.str();
    const std::string from = "drop = {{side}} dropped a {{piece}}.";
    const std::size_t at = original.find(from);
    REQUIRE(at != std::string::npos);
    std::string changed = original;
    changed.replace(at, from.size(), "drop = {{side}} put down a {{piece}}.");
    auto other = TemplateSet::from_files("other", {{"words", changed}}, {});
    REQUIRE(other);

    PlayerView v = empty_view(White);
    Announcement mine = ann(AnnouncementType::Moved);
    mine.move = "e4";
    Announcement theirs = ann(AnnouncementType::Moved);
    Announcement drop = ann(AnnouncementType::Drop);
    drop.piece = "knight";
    v.heard = {mine, theirs, drop};
    v.move_number = 2;
    v.to_move = White;
    const auto moves = [&](const TemplateSet& w, const PlayerView& view) {
        Context c;
        auto ok = fill_view(w, view, c);
        if (!ok) FAIL(ok.error().message);
        return c.text["moves_text"];
    };
    const std::string standard = "1. e4 ... (Black dropped a knight.)";
    CHECK(moves(templates().set(), v) == standard);
    CHECK(moves(templates().set(), v) == standard);  // found, not rendered
    CHECK(moves(*other, v) == "1. e4 ... (Black put down a knight.)");
    CHECK(moves(templates().set(), v) == standard);

    // The same announcements heard by the mover (Black's own drop names its square).
    v.heard[2].square = "f5";
    CHECK(moves(templates().set(), v) == standard);
    PlayerView b = v;
    b.player = Black;
    CHECK(moves(templates().set(), b) == "1. e4 ... (You dropped a knight on f5.)");
    // A piece changed in the entry's announcements gives another entry.
    v.heard[2].piece = "bishop";
    CHECK(moves(templates().set(), v) == "1. e4 ... (Black dropped a bishop.)");
}
