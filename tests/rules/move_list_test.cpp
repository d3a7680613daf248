// The reader of a mail's move lines (rules/move_list.hpp), shared by try lists and conditional
// moves.
#include <catch2/catch.hpp>

#include "rules/move_list.hpp"

namespace ck::rules {

using Words = std::vector<std::string>;

TEST_CASE("move list: words, moves re-cased, any?, move numbers", "[move_list]") {
    CHECK(split_move_words("Nf3,Nc3; e4\xC2\xA0"
                           "d4\tc4") == Words{"Nf3", "Nc3", "e4", "d4", "c4"});
    CHECK(read_move_word("NF3") == std::string("Nf3"));
    CHECK(read_move_word("E4") == std::string("e4"));
    CHECK(read_move_word("Bxc3") == std::string("Bxc3"));
    CHECK(read_move_word("e4.") == std::string("e4"));
    CHECK_FALSE(read_move_word("then"));

    auto line = read_move_list(split_move_words("12...Nf6 any ? Ng4"));
    REQUIRE(line);
    REQUIRE(line->number);
    CHECK(line->number->number == 12);
    CHECK(line->number->side == Color::Black);
    CHECK(line->attempts == Words{"Nf6", "any?", "Ng4"});
    auto spaced = read_move_list(split_move_words("3. ... e5"));
    REQUIRE(spaced);
    CHECK(spaced->number->side == Color::Black);
    CHECK(spaced->attempts == Words{"e5"});
    CHECK_FALSE(read_move_list(split_move_words("e4 please")));
    CHECK_FALSE(read_move_list({}));
    CHECK_FALSE(read_move_number("12"));
    CHECK_FALSE(read_move_number("12345."));
    CHECK(is_ellipsis("\xE2\x80\xA6"));
}

}  // namespace ck::rules
