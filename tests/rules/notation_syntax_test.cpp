// The syntax layer of move notation (parse_move_text): every accepted form and rejected text.
#include <catch2/catch.hpp>
#include <string>

#include "rules/notation.hpp"

using namespace ck::rules;
using Form = MoveText::Form;

namespace {

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

MoveText ok(const std::string& text) {
    auto r = parse_move_text(text);
    INFO("text: " << text);
    if (!r) FAIL("rejected: " << r.error().message);
    return *r;
}

void rejected(const std::string& text) {
    auto r = parse_move_text(text);
    INFO("text: " << text);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == NotationError::Code::Syntax);
    CHECK_FALSE(r.error().message.empty());
}

}  // namespace

TEST_CASE("SAN piece moves and disambiguation", "[notation][syntax]") {
    MoveText m = ok("Nf3");
    CHECK(m.form == Form::Piece);
    CHECK(m.piece == PieceType::Knight);
    CHECK(*m.to == sq("f3"));
    CHECK_FALSE(m.from_file);
    CHECK_FALSE(m.from_rank);
    CHECK_FALSE(m.capture);

    m = ok("Nbd7");
    CHECK(*m.from_file == 1);
    CHECK_FALSE(m.from_rank);
    CHECK(*m.to == sq("d7"));

    m = ok("R1a3");
    CHECK(m.piece == PieceType::Rook);
    CHECK(*m.from_rank == 0);
    CHECK_FALSE(m.from_file);

    m = ok("Qh4xe1");
    CHECK(m.piece == PieceType::Queen);
    CHECK(*m.from_file == 7);
    CHECK(*m.from_rank == 3);
    CHECK(m.capture);
    CHECK(*m.to == sq("e1"));

    m = ok("Kxe1");
    CHECK(m.piece == PieceType::King);
    CHECK(m.capture);

    m = ok("Ng1-f3");
    CHECK(m.piece == PieceType::Knight);
    CHECK(*m.from_file == 6);
    CHECK(*m.from_rank == 0);
    CHECK_FALSE(m.capture);
}

TEST_CASE("SAN pawn moves captures promotions and e.p.", "[notation][syntax]") {
    MoveText m = ok("e4");
    CHECK(m.form == Form::Pawn);
    CHECK(m.piece == PieceType::Pawn);
    CHECK(*m.to == sq("e4"));
    CHECK_FALSE(m.from_file);

    m = ok("exd5");
    CHECK(m.form == Form::Pawn);
    CHECK(*m.from_file == 4);
    CHECK(m.capture);

    m = ok("ed5");  // missing x
    CHECK(*m.from_file == 4);
    CHECK_FALSE(m.capture);

    // Lower-case b is a file, upper-case B a bishop.
    m = ok("bxc3");
    CHECK(m.form == Form::Pawn);
    CHECK(*m.from_file == 1);
    m = ok("Bxc3");
    CHECK(m.form == Form::Piece);
    CHECK(m.piece == PieceType::Bishop);

    for (const char* text : {"exd6 e.p.", "exd6e.p.", "exd6ep", "exd6 ep"}) {
        m = ok(text);
        CHECK(*m.from_file == 4);
        CHECK(*m.to == sq("d6"));
    }

    for (const char* text : {"e8=Q", "e8Q", "e8=q", "e8(Q)", "e8q"}) {
        m = ok(text);
        CHECK(m.form == Form::Pawn);
        CHECK(*m.to == sq("e8"));
        CHECK(m.promotion == PieceType::Queen);
    }
    CHECK(ok("exd8=N+").promotion == PieceType::Knight);
    CHECK(ok("exd8b").promotion == PieceType::Bishop);
    CHECK(ok("a1=R").promotion == PieceType::Rook);
    CHECK(ok("Pe4").form == Form::Pawn);
}

TEST_CASE("castling in both spellings", "[notation][syntax]") {
    for (const char* text : {"O-O", "0-0", "o-o", "O-O+", "0-0#"}) {
        MoveText m = ok(text);
        CHECK(m.form == Form::Castle);
        CHECK_FALSE(m.castle_long);
    }
    for (const char* text : {"O-O-O", "0-0-0", "O-O-O!?"}) {
        MoveText m = ok(text);
        CHECK(m.form == Form::Castle);
        CHECK(m.castle_long);
    }
}

TEST_CASE("drops in every accepted spelling", "[notation][syntax]") {
    struct Case {
        const char* text;
        PieceType type;
        const char* to;
    };
    for (Case c : {Case{"N@f5", PieceType::Knight, "f5"}, Case{"@d5", PieceType::Pawn, "d5"},
                   Case{"P@d5", PieceType::Pawn, "d5"}, Case{"P*d5", PieceType::Pawn, "d5"},
                   Case{"N*f5", PieceType::Knight, "f5"}, Case{"n@f5", PieceType::Knight, "f5"},
                   Case{"Q@h4+", PieceType::Queen, "h4"}, Case{"*e3", PieceType::Pawn, "e3"}}) {
        MoveText m = ok(c.text);
        CHECK(m.form == Form::Drop);
        CHECK(m.piece == c.type);
        CHECK(*m.to == sq(c.to));
    }
}

TEST_CASE("long algebraic and UCI", "[notation][syntax]") {
    for (const char* text : {"e2e4", "e2-e4", "e2xe4"}) {
        MoveText m = ok(text);
        CHECK(m.form == Form::LongAlgebraic);
        CHECK(m.piece == PieceType::None);
        CHECK(*m.from_file == 4);
        CHECK(*m.from_rank == 1);
        CHECK(*m.to == sq("e4"));
    }
    CHECK(ok("e2xe4").capture);
    MoveText m = ok("e7e8q");
    CHECK(m.form == Form::LongAlgebraic);
    CHECK(m.promotion == PieceType::Queen);
    CHECK(ok("e7-e8=Q").promotion == PieceType::Queen);
    m = ok("e1g1");
    CHECK(m.form == Form::LongAlgebraic);
    CHECK(*m.to == sq("g1"));
}

TEST_CASE("check and mate marks and annotation glyphs", "[notation][syntax]") {
    CHECK(ok("Qh5+").check_mark);
    CHECK(ok("Qxf7#").mate_mark);
    for (const char* text : {"e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!", "Nf3+!", " e4 "}) {
        MoveText m = ok(text);
        CHECK(*m.to == sq(text[0] == 'N' ? "f3" : "e4"));
    }
}

TEST_CASE("figurines stand for piece letters", "[notation][syntax]") {
    MoveText m =
        ok("\xE2\x99\x98"
           "f3");  // U+2658 white knight
    CHECK(m.piece == PieceType::Knight);
    m =
        ok("\xE2\x99\x9B"
           "xd8");  // U+265B black queen
    CHECK(m.piece == PieceType::Queen);
    CHECK(m.capture);
    m =
        ok("\xE2\x99\x99"
           "@d5");  // U+2659 white pawn
    CHECK(m.form == Form::Drop);
    CHECK(m.piece == PieceType::Pawn);
    m = ok("e8=\xE2\x99\x95");  // U+2655 white queen
    CHECK(m.promotion == PieceType::Queen);
    m =
        ok("\xE2\x99\x94"
           "e2");
    CHECK(m.piece == PieceType::King);
    m =
        ok("\xE2\x99\x97"
           "b5");
    CHECK(m.piece == PieceType::Bishop);
    m =
        ok("\xE2\x99\x9C"
           "a1");
    CHECK(m.piece == PieceType::Rook);
}

TEST_CASE("placement suffix and pending-choice prefix", "[notation][syntax]") {
    MoveText m = ok("Nxe5/d6");
    CHECK(m.piece == PieceType::Knight);
    CHECK(*m.to == sq("e5"));
    CHECK(*m.place == sq("d6"));
    CHECK(*ok("exd5/a3").place == sq("a3"));
    CHECK(*ok("e4d5/a3").place == sq("a3"));
    CHECK(ok("e4d5/a3").form == Form::LongAlgebraic);
    m = ok("Bxd5/h1+");
    CHECK(*m.place == sq("h1"));
    CHECK(m.check_mark);
    CHECK(*ok("Bxd5+/h1").place == sq("h1"));
    m = ok("exd8=Q/e1#");
    CHECK(m.promotion == PieceType::Queen);
    CHECK(*m.place == sq("e1"));
    CHECK(m.mate_mark);
    CHECK(*ok("bxa3 e.p./h5").place == sq("h5"));
    m = ok("exd8/e1=Q");
    CHECK(m.promotion == PieceType::Queen);
    CHECK(*m.place == sq("e1"));
    CHECK(ok("exd8+=Q").check_mark);

    m = ok("a8=Q:Nf3");
    CHECK(m.pending_choice == PieceType::Queen);
    CHECK(*m.pending_square == sq("a8"));
    CHECK(m.piece == PieceType::Knight);
    CHECK(*m.to == sq("f3"));
    m = ok("=n:e2e4");
    CHECK(m.pending_choice == PieceType::Knight);
    CHECK_FALSE(m.pending_square);
    CHECK(m.form == Form::LongAlgebraic);
    CHECK(ok("h1R:O-O").pending_choice == PieceType::Rook);
    CHECK(ok("h1(B):Qxd5/d4").pending_choice == PieceType::Bishop);
}

TEST_CASE("gibberish is a syntax error", "[notation][syntax]") {
    for (const char* text :
         {"",      "   ",    "x",        "e",    "e9",    "i4",       "E4",      "Nf",
          "N",     "Zf3",    "Nf3f3f3",  "1.e4", "e4e",   "xd5",      "4e5",     "Nxx5",
          "e8=K",  "e8=P",   "e8=",      "e8=X", "Nf8=Q", "O-O-O-O",  "O--O",    "OO",
          "N@@f5", "NN@f5",  "@",        "@d9",  "K@e4x", "O-O/d6",   "N@f5/d6", "e2--e4",
          "N-f3",  "e-d5",   "Nf3 e.p.", "e4ep", "Q:",    "a8=K:Nf3", "a8=Q:",   "a8=Q:Nf3:Ng5",
          "e4\n",  "e4\x01", "\xE2\x99", "\xff", "e4/d9", "nf3",      "bb",      "a8=Q::Nf3"}) {
        rejected(text);
    }
    rejected(std::string(200, 'a'));
    rejected(std::string("e4\0", 3));
}
