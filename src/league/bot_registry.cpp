// The stored bots (bot_registry.hpp).
#include "league/bot_registry.hpp"

#include <sstream>

#include "bot/engine.hpp"
#include "core/log.hpp"
#include "core/text.hpp"

namespace ck::league {

std::string BotCodec::encode(const Bot& b) {
    return b.address + "\t" + b.engine + "\t" + std::to_string(b.games) + "\n";
}

core::Result<Bot, std::string> BotCodec::decode(std::string_view body) {
    const auto tab1 = body.find('\t');
    const auto tab2 = tab1 == std::string_view::npos ? tab1 : body.find('\t', tab1 + 1);
    if (tab2 == std::string_view::npos || body.back() != '\n')
        return core::unexpected(std::string("expected ADDRESS<tab>ENGINE<tab>GAMES"));
    Bot b;
    b.address = std::string(body.substr(0, tab1));
    b.engine = std::string(body.substr(tab1 + 1, tab2 - tab1 - 1));
    const std::string games(body.substr(tab2 + 1, body.size() - tab2 - 2));
    if (games.empty() || games.size() > 4 ||
        games.find_first_not_of("0123456789") != std::string::npos)
        return core::unexpected("bad games count '" + games + "'");
    b.games = std::stoi(games);
    if (!bot::parse_engine_spec(b.engine))
        return core::unexpected("unknown engine '" + b.engine + "'");
    return b;
}

bool is_bot_address(const store::Store& store, const std::string& address) {
    return store.record(BotCodec::ns, core::lower_ascii(address)) != nullptr;
}

std::optional<Bot> find_bot(const store::Store& store, const std::string& address) {
    auto b = BotTable::get(store, core::lower_ascii(address));
    if (!b) {
        core::operator_log().error(b.error().describe());
        return std::nullopt;
    }
    return *b;
}

core::Result<std::vector<Bot>, std::string> load_bots(const store::Store& store) {
    auto all = BotTable::all(store);
    if (!all) return core::unexpected(all.error().describe());
    std::vector<Bot> out;
    for (auto& [key, b] : *all) out.push_back(std::move(b));
    return out;
}

}  // namespace ck::league
