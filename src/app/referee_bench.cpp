// Bench section "referee": rulings per second on random hidden games (crazykrieg and
// kriegspiel), 200 games of up to 500 requests. Attempts are chosen from each player's own view
// only (random geometric moves of own pieces, drops from the own pocket, any?), so the mix of legal
// / no / impossible answers is what a real Kriegspiel player produces.
#include <chrono>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "app/bench_section.hpp"
#include "referee/game.hpp"
#include "referee/ruling_json.hpp"
#include "rules/variant.hpp"

namespace ck::app {
namespace {

std::string random_attempt(const referee::PlayerView& v, std::mt19937& rng) {
    std::uniform_int_distribution<int> pct(0, 99);
    if (pct(rng) < 8) return "any?";
    const int side = rules::index_of(v.player);
    std::vector<int> pocket;
    for (int t = 0; t < rules::PocketTypes; ++t)
        if (v.pieces.pockets[side][t]) pocket.push_back(t);
    const auto to = static_cast<rules::Square>(std::uniform_int_distribution<int>(0, 63)(rng));
    if (!pocket.empty() && pct(rng) < 25) {
        const int t = pocket[std::uniform_int_distribution<std::size_t>(0, pocket.size() - 1)(rng)];
        return std::string(1, rules::type_char(static_cast<rules::PieceType>(t))) + "@" +
               rules::square_name(to);
    }
    std::vector<rules::Square> own;
    for (rules::Square s = 0; s < 64; ++s)
        if (rules::is_piece(v.pieces.board[s])) own.push_back(s);
    const rules::Square from =
        own[std::uniform_int_distribution<std::size_t>(0, own.size() - 1)(rng)];
    // Near squares first: most real attempts are short moves.
    int f = rules::file_of(from) + std::uniform_int_distribution<int>(-2, 2)(rng);
    int r = rules::rank_of(from) + std::uniform_int_distribution<int>(-2, 2)(rng);
    rules::Square target =
        (f >= 0 && f < 8 && r >= 0 && r < 8 && pct(rng) < 80) ? rules::make_square(f, r) : to;
    std::string text = rules::square_name(from) + rules::square_name(target);
    if (rules::type_of(v.pieces.board[from]) == rules::PieceType::Pawn &&
        (rules::rank_of(target) == 0 || rules::rank_of(target) == 7))
        text += 'q';
    return text;
}

void run_referee_bench(std::ostream& out) {
    using Clock = std::chrono::steady_clock;
    std::mt19937 rng(20261121);
    long requests = 0;
    double ruling_seconds = 0, json_seconds = 0;
    std::size_t json_bytes = 0;
    for (int game_no = 0; game_no < 200; ++game_no) {
        referee::GameSetup setup;
        setup.variant = rules::find_variant(game_no % 2 ? "chess" : "crazyhouse");
        setup.hidden = true;
        auto game = referee::Game::create(setup);
        if (!game) return;
        for (int i = 0; i < 500 && !game->over(); ++i) {
            const std::string text = random_attempt(game->view(game->side_to_move()), rng);
            const auto t0 = Clock::now();
            const referee::Ruling r = game->request(text);
            const auto t1 = Clock::now();
            json_bytes += referee::ruling_json(r, *game).size();
            const auto t2 = Clock::now();
            ruling_seconds += std::chrono::duration<double>(t1 - t0).count();
            json_seconds += std::chrono::duration<double>(t2 - t1).count();
            ++requests;
        }
    }
    // Requests per second: a ruling plus its umpire JSON line (choosing the attempt, which reads
    // the player's view, is the player's time and not counted).
    out << "referee hidden requests: "
        << static_cast<long>(requests / (ruling_seconds + json_seconds)) << " requests/s\n";
    out << "referee mean ruling time: " << (ruling_seconds / requests * 1e6) << " us\n";
    out << "referee bench requests: " << requests << " requests (" << json_bytes
        << " bytes of JSON)\n";
}

const BenchRegistration breg{{"referee", 20, run_referee_bench}};

}  // namespace
}  // namespace ck::app
