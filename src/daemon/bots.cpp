// Computer opponents as club players (bots.hpp).
#include "daemon/bots.hpp"

#include <algorithm>
#include <sstream>

#include "bot/engine.hpp"
#include "core/text.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::Bot;
using league::bot_address;
using league::BotTable;
using league::Config;
using league::is_bot_address;
using league::Players;

core::Result<Bot, core::Error> stage_bot(Players& players, const Config& config,
                                         const BotSpec& spec, store::Transaction& tx) {
    const bool good_name = !spec.name.empty() && spec.name.size() <= 32 &&
                           std::all_of(spec.name.begin(), spec.name.end(), [](char c) {
                               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                      (c >= '0' && c <= '9') || c == '-' || c == '_';
                           });
    if (!good_name)
        return core::unexpected(core::invalid_error(
            "bad bot name '" + spec.name +
            "' (1 to 32 letters, digits, '-' or '_': it is the address's local part)"));
    std::string engine = spec.engine;
    if (spec.level != 0)
        engine += (engine.find(':') == std::string::npos ? ":" : ",") + std::string("level=") +
                  std::to_string(spec.level);
    auto parsed = bot::parse_engine_spec(engine);
    if (!parsed) return core::unexpected(core::invalid_error(parsed.error().message));
    if (spec.games < 1 || spec.games > 999)
        return core::unexpected(
            core::invalid_error("bad --games " + std::to_string(spec.games) + " (1 to 999)"));
    Bot b;  // active, with no problem yet
    b.address = bot_address(config, spec.name);
    b.engine = engine;
    b.games = spec.games;
    if (b.address == lower_ascii(config.referee_address))
        return core::unexpected(
            core::invalid_error("bot " + b.address + " would be the referee's own address"));
    if (auto added = players.add_bot(spec.name, b.address, tx); !added)
        return core::unexpected(added.error());
    BotTable::put(tx, b.address, b);
    return b;
}

std::vector<Command> with_bot_names(std::vector<Command> commands, const store::Store& store,
                                    const Config& config) {
    for (Command& c : commands) {
        if (c.kind != Command::Kind::Unknown) continue;
        std::istringstream words(c.text);
        std::string keyword, name;
        words >> keyword >> name;
        const bool bot_name = !name.empty() && name.size() <= 32 &&
                              std::all_of(name.begin(), name.end(), [](char ch) {
                                  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                                         (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
                              });
        if (lower_ascii(keyword) != "challenge" || !bot_name) continue;
        const std::string address = bot_address(config, name);
        if (!is_bot_address(store, address)) continue;
        std::string rest;
        std::getline(words, rest);
        auto parsed = parse_commands("challenge " + address + rest);
        if (parsed.size() != 1 || parsed[0].kind != Command::Kind::Challenge) continue;
        parsed[0].line = c.line;
        c = std::move(parsed[0]);
    }
    return commands;
}

std::optional<std::string> bot_declines(const Bot& bot, const std::string& variant, bool hidden,
                                        bool fen, std::size_t playing) {
    if (bot.removed) return std::string("it was removed from the club");
    auto spec = bot::parse_engine_spec(bot.engine);
    if (!spec) return spec.error().message;
    if (auto why = bot::engine_cannot_play(*spec, variant, hidden, fen)) return why;
    if (playing >= static_cast<std::size_t>(bot.games))
        return "it plays " + std::to_string(playing) + " games, its most";
    return std::nullopt;
}

}  // namespace ck::daemon
