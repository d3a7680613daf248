// The engines make only attempts the referee takes as attempts (never an `error`), in every
// variant and rule set, open and hidden, and finish games (README "Computer opponents").
#include <catch2/catch.hpp>
#include <string>

#include "bot/candidates.hpp"
#include "bot/engine.hpp"
#include "bot/own_position.hpp"
#include "bot/view_turns.hpp"
#include "referee/game.hpp"
#include "rules/variant.hpp"

using namespace ck;

namespace {

referee::Game new_game(const char* variant, bool hidden, referee::RuleSet rules) {
    referee::GameSetup setup;
    setup.variant = rules::find_variant(variant);
    setup.hidden = hidden;
    setup.rules = rules;
    auto g = referee::Game::create(setup);
    REQUIRE(g);
    return std::move(*g);
}

std::unique_ptr<bot::Engine> engine(const char* spec, const referee::PlayerView& start,
                                    std::uint64_t seed) {
    auto s = bot::parse_engine_spec(spec);
    REQUIRE(s);
    auto e = bot::make_engine(*s, start, seed);
    REQUIRE(e);
    return std::move(*e);
}

// Plays `plies` moves (or to the end); every request is an attempt, `any?` or `resign`.
void play(const char* variant, bool hidden, referee::RuleSet rules, const char* white,
          const char* black, int plies) {
    auto game = new_game(variant, hidden, rules);
    std::unique_ptr<bot::Engine> e[2] = {engine(white, game.view(rules::Color::White), 1),
                                         engine(black, game.view(rules::Color::Black), 2)};
    for (int ply = 0; ply < plies && !game.over(); ++ply) {
        const rules::Color side = game.side_to_move();
        for (int tries = 0;; ++tries) {
            REQUIRE(tries < 2000);
            const std::string text = e[rules::index_of(side)]->next_attempt(game.view(side));
            const referee::Ruling r = game.request(text);
            INFO(variant << " " << referee::rule_set_name(rules) << " " << text << ": " << r.error);
            REQUIRE(r.answer != referee::Answer::Error);
            if (r.answer == referee::Answer::Legal || game.over()) break;
            if (!hidden) REQUIRE(text == "any?");  // open play: only legal moves
        }
    }
}

}  // namespace

TEST_CASE("engine specs parse and refuse unknown names and keys") {
    REQUIRE(bot::parse_engine_spec("belief:budget=0.5,particles=20")->particles == 20);
    REQUIRE(bot::parse_engine_spec("fairy-stockfish:level=1")->level == 1);
    REQUIRE(!bot::parse_engine_spec("alphazero"));
    REQUIRE(!bot::parse_engine_spec("random:level=3"));
    REQUIRE(!bot::parse_engine_spec("belief:budget=-1"));
}

TEST_CASE("baselines attempt only what the own pieces allow, in every variant and rule set") {
    const char* variants[] = {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"};
    for (const char* v : variants) {
        for (int r = 0; r < referee::RuleSetCount; ++r)
            for (const char* e : {"random", "random-any", "heuristic"})
                play(v, true, static_cast<referee::RuleSet>(r), e, "random-any", 60);
        play(v, false, referee::RuleSet::CrazyKrieg, "heuristic", "random-any", 60);
    }
}

TEST_CASE("belief plays every variant and rule set hidden") {
    const char* variants[] = {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"};
    for (const char* v : variants)
        for (int r = 0; r < referee::RuleSetCount; ++r)
            play(v, true, static_cast<referee::RuleSet>(r), "belief:particles=12,samples=4",
                 "heuristic", 24);
}

TEST_CASE("belief refuses open games, fairy-stockfish hidden ones and unknown variants") {
    auto open = new_game("crazyhouse", false, referee::RuleSet::CrazyKrieg);
    auto hidden = new_game("crazyhouse", true, referee::RuleSet::CrazyKrieg);
    auto putback = new_game("putback", false, referee::RuleSet::CrazyKrieg);
    REQUIRE(
        !bot::make_engine(*bot::parse_engine_spec("belief"), open.view(rules::Color::White), 1));
    REQUIRE(!bot::make_engine(*bot::parse_engine_spec("fairy-stockfish"),
                              hidden.view(rules::Color::White), 1));
    REQUIRE(!bot::make_engine(*bot::parse_engine_spec("fairy-stockfish"),
                              putback.view(rules::Color::White), 1));
}

TEST_CASE("the heard list splits into turns from White's") {
    auto game = new_game("crazyhouse", true, referee::RuleSet::CrazyKrieg);
    (void)game.request("e4");
    (void)game.request("e4");  // black: impossible
    (void)game.request("any?");
    (void)game.request("d5");
    (void)game.request("exd5");
    const auto heard = game.view(rules::Color::Black).heard;
    const auto turns = bot::split_turns(heard);
    REQUIRE(turns.size() == 3);
    REQUIRE(turns[0].side == rules::Color::White);
    REQUIRE(turns[1].side == rules::Color::Black);
    REQUIRE(turns[1].moved > turns[1].first);  // the refusal and any? came first
    REQUIRE(turns[2].complete());
    REQUIRE(bot::last_loss_square(heard, rules::Color::Black) == 35);  // d5
}

TEST_CASE("candidates exist when the own pieces attack every free square") {
    // White's view in a CrazyKrieg game a bot once resigned (no square left for the placeholder
    // enemy king with White to move).
    referee::PlayerView view;
    view.player = rules::Color::White;
    view.variant = "crazyhouse";
    view.hidden = true;
    view.to_move = rules::Color::White;
    const std::string board = "2Q2B2/5B2/8/2P4R/Q7/NPB1P3/P2PP1PP/R3KBNR";
    for (auto& p : view.pieces.board) p = rules::Piece::NoPiece;
    int rank = 7, file = 0;
    for (char ch : board) {
        if (ch == '/') {
            --rank;
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
        } else {
            view.pieces.board[rules::make_square(file++, rank)] =
                rules::make_piece(rules::Color::White, *rules::parse_type_char(ch));
        }
    }
    view.pieces.pockets[0][0] = 1;
    REQUIRE(bot::own_side_position(view).has_value());
    REQUIRE(!bot::candidates(view).empty());
}
