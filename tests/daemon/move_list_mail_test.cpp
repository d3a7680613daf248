// A game's move list kept from its last mail (compose/move_list.hpp) changes no byte of any mail
// the daemon sends: the same game played in two stores, once with the lists kept across passes
// and a reopened daemon, once with nothing kept before each pass, gives the same mails.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "compose/move_list.hpp"
#include "one_game_club.hpp"

using ck::daemon::test::Ada;
using ck::daemon::test::Bob;
using ck::daemon::test::OutMail;
using ck::rules::Color;

namespace {

ck::daemon::NewGame open_crazyhouse() {
    ck::daemon::NewGame spec;
    spec.variant = "crazyhouse";
    spec.hidden = false;  // a hidden game's receipts differ from store to store (its salt)
    return spec;
}

class Club : public ck::daemon::test::OneGameClub {
public:
    explicit Club(const std::string& tag)
        : OneGameClub("move-list-" + tag, "m", open_crazyhouse()) {}
};

// Each mail of the game, in order: moves, a refused try, a board request.
const std::vector<std::pair<std::string, std::string>> Mails = {
    {Ada, "e4"},   {Bob, "e5"},   {Ada, "Nf3"},   {Bob, "Nc6"}, {Ada, "Bc4"},   {Bob, "Bc5"},
    {Ada, "c3"},   {Bob, "Nf6"},  {Ada, "d3"},    {Bob, "d6"},  {Ada, "Qh5"},   {Ada, "O-O"},
    {Bob, "O-O"},  {Ada, "h3"},   {Bob, "h6"},    {Ada, "a4"},  {Bob, "a6"},    {Ada, "Re1"},
    {Bob, "Re8"},  {Ada, "Nbd2"}, {Bob, "Be6"},   {Ada, "b4"},  {Bob, "board"}, {Bob, "Ba7"},
    {Ada, "Bxe6"}, {Bob, "Rxe6"}, {Ada, "board"}, {Ada, "Nf1"},
};

}  // namespace

TEST_CASE("a kept move list changes no mail the daemon sends, across passes and a reopen") {
    std::vector<std::string> kept, fresh;
    {
        Club club("kept");
        for (std::size_t i = 0; i < Mails.size(); ++i) {
            if (i == Mails.size() / 2) club.reopen();  // the lists outlive the daemon
            for (const OutMail& m : club.send(Mails[i].first, Mails[i].second))
                kept.push_back(m.raw);
        }
    }
    {
        Club club("fresh");
        for (const auto& [from, body] : Mails) {
            ck::compose::forget_move_lists();
            for (const OutMail& m : club.send(from, body)) fresh.push_back(m.raw);
        }
    }
    REQUIRE(kept.size() >= Mails.size());
    REQUIRE(kept.size() == fresh.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
        INFO("mail " << i);
        CHECK(kept[i] == fresh[i]);
    }
    // The game was played: its last mails list the moves.
    CHECK(kept.back().find("Nf1") != std::string::npos);
}
