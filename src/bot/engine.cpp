#include "bot/engine.hpp"

#include <sstream>

#include "bot/baseline_engines.hpp"
#include "bot/belief_engine.hpp"
#include "bot/fairy_stockfish_engine.hpp"

namespace ck::bot {

std::string_view engine_names() { return "random, random-any, heuristic, belief, fairy-stockfish"; }

core::Result<EngineSpec, EngineError> parse_engine_spec(std::string_view text) {
    EngineSpec spec;
    const auto colon = text.find(':');
    spec.name = std::string(text.substr(0, colon));
    if (spec.name != "random" && spec.name != "random-any" && spec.name != "heuristic" &&
        spec.name != "belief" && spec.name != "fairy-stockfish")
        return core::unexpected(EngineError{"unknown engine '" + spec.name + "' (" +
                                            std::string(engine_names()) + ")"});
    if (colon == std::string_view::npos) return spec;
    std::stringstream rest{std::string(text.substr(colon + 1))};
    std::string item;
    while (std::getline(rest, item, ',')) {
        const auto eq = item.find('=');
        const std::string key = item.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
        try {
            if (key == "level" && spec.name == "fairy-stockfish") {
                spec.level = std::stoi(value);
                if (spec.level < 1 || spec.level > 20) throw std::out_of_range("level");
            } else if (key == "budget" && spec.name == "belief") {
                spec.cpu_budget_s = std::stod(value);
                if (spec.cpu_budget_s <= 0) throw std::out_of_range("budget");
            } else if (key == "particles" && spec.name == "belief") {
                spec.particles = std::stoi(value);
                if (spec.particles < 1 || spec.particles > 4096) throw std::out_of_range("n");
            } else if (key == "samples" && spec.name == "belief") {
                spec.samples = std::stoi(value);
                if (spec.samples < 1 || spec.samples > 4096) throw std::out_of_range("n");
            } else {
                return core::unexpected(EngineError{"engine '" + std::string(text) +
                                                    "': unknown option '" + key + "'"});
            }
        } catch (const std::exception&) {
            return core::unexpected(EngineError{"engine '" + std::string(text) + "': bad value '" +
                                                value + "' for " + key});
        }
    }
    return spec;
}

std::optional<std::string> engine_cannot_play(const EngineSpec& spec, std::string_view variant,
                                              bool hidden, bool fen) {
    if (spec.name == "fairy-stockfish") {
        if (hidden) return std::string("fairy-stockfish plays open games only");
        if (!fairy_stockfish_variant(variant))
            return "fairy-stockfish does not know " + std::string(variant);
    }
    if (spec.name == "belief") {
        if (!hidden) return std::string("belief plays hidden games only");
        if (fen) return std::string("belief plays from the standard start only");
    }
    return std::nullopt;
}

core::Result<std::unique_ptr<Engine>, EngineError> make_engine(const EngineSpec& spec,
                                                               const referee::PlayerView& start,
                                                               std::uint64_t seed) {
    if (spec.name == "random") return make_baseline(Baseline::Random, seed);
    if (spec.name == "random-any") return make_baseline(Baseline::RandomAny, seed);
    if (spec.name == "heuristic") return make_baseline(Baseline::Heuristic, seed);
    if (spec.name == "fairy-stockfish") return make_fairy_stockfish(spec, start, seed);
    if (spec.name == "belief") {
        if (!start.hidden)
            return core::unexpected(EngineError{
                "belief plays hidden games only (open games: fairy-stockfish or heuristic)"});
        return make_belief(spec, start, seed);
    }
    return core::unexpected(EngineError{"unknown engine '" + spec.name + "'"});
}

}  // namespace ck::bot
