#include "bot/match.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>

#include "bot/rng.hpp"
#include "core/text.hpp"
#include "referee/game.hpp"
#include "rules/cpu_timer.hpp"

namespace ck::bot {

using rules::Color;

core::Result<GameOutcome, EngineError> play_game(const MatchConfig& config, int index) {
    GameOutcome out;
    out.index = index;
    out.a_white = index % 2 == 1;
    referee::GameSetup setup;
    setup.variant = config.variant;
    setup.hidden = config.hidden;
    setup.rules = config.rules;
    auto game = referee::Game::create(setup);
    if (!game)
        return core::unexpected(
            EngineError{"game " + std::to_string(index) + ": " + game.error().message});
    // engines[colour]; who[colour] is 0 for A, 1 for B.
    std::unique_ptr<Engine> engines[2];
    int who[2];
    for (Color c : {Color::White, Color::Black}) {
        const int i = rules::index_of(c);
        who[i] = (c == Color::White) == out.a_white ? 0 : 1;
        const EngineSpec& spec = who[i] == 0 ? config.a : config.b;
        auto e = make_engine(spec, game->view(c), mix_seed(config.seed, index, who[i] + 1));
        if (!e) return core::unexpected(e.error());
        engines[i] = std::move(*e);
    }
    while (!game->over() && out.plies < config.max_plies) {
        const Color side = game->side_to_move();
        const int i = rules::index_of(side);
        const int ab = who[i];
        for (int tries = 0;; ++tries) {
            const referee::PlayerView view = game->view(side);
            const double t0 = rules::thread_cpu_seconds();
            const std::string text = engines[i]->next_attempt(view);
            out.cpu_s[ab] += rules::thread_cpu_seconds() - t0;
            ++out.decisions[ab];
            const bool any = core::iequals_ascii(text, "any?");
            const bool resign = core::iequals_ascii(text, "resign");
            if (tries >= config.max_attempts_per_turn) {
                (void)game->request("resign");
                break;
            }
            const referee::Ruling r = game->request(text);
            if (!any && !resign) {
                ++out.attempts[ab];
                if (r.answer != referee::Answer::Legal) ++out.refused[ab];
            }
            if (r.answer == referee::Answer::Legal) {
                if (!resign) {
                    ++out.plies;
                    ++out.moves[ab];
                }
                break;
            }
            if (game->over()) break;
        }
    }
    for (int i = 0; i < 2; ++i) out.cpu_s[who[i]] += engines[i]->child_cpu_seconds();
    if (game->over()) {
        out.result = *game->result();
        const auto& heard = game->view(Color::White).heard;
        for (auto it = heard.rbegin(); it != heard.rend(); ++it)
            if (it->type == referee::AnnouncementType::GameOver) {
                out.reason = it->reason;
                break;
            }
    } else {
        out.result = referee::GameResult::Draw;
        out.reason = "max-plies";
    }
    return out;
}

core::Result<MatchReport, EngineError> run_match(const MatchConfig& config) {
    std::vector<std::optional<GameOutcome>> outcomes(static_cast<std::size_t>(config.games));
    std::optional<EngineError> failure;
    std::mutex failure_lock;
    std::atomic<int> next{1};
    auto worker = [&] {
        for (int i; (i = next++) <= config.games;) {
            auto g = play_game(config, i);
            if (!g) {
                std::lock_guard<std::mutex> l(failure_lock);
                if (!failure) failure = g.error();
                return;
            }
            outcomes[static_cast<std::size_t>(i - 1)] = std::move(*g);
        }
    };
    const int jobs = std::max(1, std::min(config.jobs, config.games));
    std::vector<std::thread> threads;
    for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    if (failure) return core::unexpected(*failure);

    MatchReport r;
    r.engine_a = config.a_text;
    r.engine_b = config.b_text;
    r.variant = std::string(config.variant->name);
    r.rules = config.hidden ? std::string(referee::rule_set_name(config.rules)) : "open";
    r.games = config.games;
    long attempts[2] = {0, 0}, refused[2] = {0, 0}, moves[2] = {0, 0}, plies = 0;
    double cpu[2] = {0, 0};
    for (auto& g : outcomes) {
        const bool white_won = g->result == referee::GameResult::WhiteWins;
        const bool black_won = g->result == referee::GameResult::BlackWins;
        if (white_won || black_won) {
            const bool a_won = white_won == g->a_white;
            ++(a_won ? r.a_wins : r.b_wins);
        } else {
            ++r.draws;
        }
        plies += g->plies;
        for (int k = 0; k < 2; ++k) {
            attempts[k] += g->attempts[k];
            refused[k] += g->refused[k];
            moves[k] += g->moves[k];
            cpu[k] += g->cpu_s[k];
        }
        r.outcomes.push_back(*g);
    }
    auto share = [](long part, long whole) { return whole ? double(part) / double(whole) : 0.0; };
    r.a_illegal_share = share(refused[0], attempts[0]);
    r.b_illegal_share = share(refused[1], attempts[1]);
    r.plies_per_game = config.games ? double(plies) / config.games : 0;
    r.a_cpu_per_move_s = moves[0] ? cpu[0] / double(moves[0]) : 0;
    r.b_cpu_per_move_s = moves[1] ? cpu[1] / double(moves[1]) : 0;
    return r;
}

namespace {

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string number(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

}  // namespace

std::string report_json(const MatchReport& r) {
    return "{\"engine_a\":" + json_string(r.engine_a) + ",\"engine_b\":" + json_string(r.engine_b) +
           ",\"variant\":" + json_string(r.variant) + ",\"rules\":" + json_string(r.rules) +
           ",\"games\":" + std::to_string(r.games) + ",\"a_wins\":" + std::to_string(r.a_wins) +
           ",\"b_wins\":" + std::to_string(r.b_wins) + ",\"draws\":" + std::to_string(r.draws) +
           ",\"a_illegal_share\":" + number(r.a_illegal_share, 4) +
           ",\"b_illegal_share\":" + number(r.b_illegal_share, 4) +
           ",\"plies_per_game\":" + number(r.plies_per_game, 1) +
           ",\"a_cpu_per_move_s\":" + number(r.a_cpu_per_move_s, 6) +
           ",\"b_cpu_per_move_s\":" + number(r.b_cpu_per_move_s, 6) + "}";
}

std::string report_text(const MatchReport& r) {
    std::string out;
    out += "engines: " + r.engine_a + " (A) vs " + r.engine_b + " (B)\n";
    out += "variant: " + r.variant + ", rules: " + r.rules + ", games: " + std::to_string(r.games) +
           "\n";
    for (const auto& g : r.outcomes)
        out += "game " + std::to_string(g.index) + ": A " + (g.a_white ? "white" : "black") + ", " +
               std::string(referee::result_text(g.result)) + " (" + g.reason + "), " +
               std::to_string(g.plies) + " plies\n";
    out += "A wins: " + std::to_string(r.a_wins) + ", B wins: " + std::to_string(r.b_wins) +
           ", draws: " + std::to_string(r.draws) + "\n";
    out += "illegal attempts: A " + number(100 * r.a_illegal_share, 1) + "%, B " +
           number(100 * r.b_illegal_share, 1) + "%\n";
    out += "plies per game: " + number(r.plies_per_game, 1) + "\n";
    out += "CPU per move: A " + number(r.a_cpu_per_move_s, 6) + " s, B " +
           number(r.b_cpu_per_move_s, 6) + " s\n";
    return out;
}

}  // namespace ck::bot
