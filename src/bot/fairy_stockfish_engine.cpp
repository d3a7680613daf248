#include "bot/fairy_stockfish_engine.hpp"

#include <string>

#include "bot/candidates.hpp"
#include "bot/own_position.hpp"
#include "bot/rng.hpp"
#include "bot/uci_process.hpp"
#include "rules/notation.hpp"

namespace ck::bot {

namespace {

constexpr double ReplyTimeoutS = 60;

class FairyStockfishEngine final : public Engine {
public:
    FairyStockfishEngine(UciProcess p, int level, std::uint64_t seed)
        : process_(std::move(p)), level_(level), seed_(seed) {}

    std::string next_attempt(const referee::PlayerView& view) override {
        auto pos = replay_open(view);
        std::string moves;
        if (pos) {
            // The UCI history from the start: the replayed position knows every move.
            std::vector<rules::Move> line;
            for (rules::Position p = *pos; p.game_ply() > 0; p.undo_move())
                line.insert(line.begin(), p.last_move());
            for (rules::Move m : line) moves += " " + rules::to_uci(m);
        }
        if (pos && process_.send("position startpos" + (moves.empty() ? "" : " moves" + moves)) &&
            process_.send("go nodes " + std::to_string(200 * level_ * level_))) {
            if (auto best = process_.read_until("bestmove", ReplyTimeoutS)) {
                std::string uci = best->substr(9);
                uci = uci.substr(0, uci.find(' '));
                if (rules::parse_move(*pos, uci)) return uci;
            }
        }
        // The child failed or answered nonsense: a random legal move keeps the game going.
        const auto all = candidates(view);
        if (all.empty()) return "resign";
        Rng rng(mix_seed(seed_, view.heard.size(), 23));
        return all[rng.below(static_cast<int>(all.size()))].text;
    }

    double child_cpu_seconds() const override { return process_.cpu_seconds(); }

private:
    UciProcess process_;
    int level_;
    std::uint64_t seed_;
};

}  // namespace

std::optional<std::string_view> fairy_stockfish_variant(std::string_view variant) {
    if (variant == "chess") return std::string_view("chess");
    if (variant == "crazyhouse") return std::string_view("crazyhouse");
    if (variant == "loop") return std::string_view("loop");
    if (variant == "chessgi") return std::string_view("chessgi");
    return std::nullopt;
}

core::Result<std::unique_ptr<Engine>, EngineError> make_fairy_stockfish(
    const EngineSpec& spec, const referee::PlayerView& start, std::uint64_t seed) {
    if (start.hidden) return core::unexpected(EngineError{"fairy-stockfish plays open games only"});
    const auto variant = fairy_stockfish_variant(start.variant);
    if (!variant)
        return core::unexpected(
            EngineError{"fairy-stockfish does not know the variant '" + start.variant + "'"});
    std::string why;
    auto process = UciProcess::start(std::string(FairyStockfishProgram), why);
    if (!process) return core::unexpected(EngineError{"fairy-stockfish: " + why});
    const int level = spec.level > 0 ? spec.level : 8;
    bool ok = process->send("uci") && process->read_until("uciok", ReplyTimeoutS).has_value();
    ok = ok && process->send("setoption name Threads value 1") &&
         process->send("setoption name Hash value 16") &&
         process->send("setoption name UCI_Variant value " + std::string(*variant)) &&
         process->send("ucinewgame") && process->send("isready") &&
         process->read_until("readyok", ReplyTimeoutS).has_value();
    if (!ok) return core::unexpected(EngineError{"fairy-stockfish: no answer to uci/isready"});
    return std::unique_ptr<Engine>(
        std::make_unique<FairyStockfishEngine>(std::move(*process), level, seed));
}

}  // namespace ck::bot
