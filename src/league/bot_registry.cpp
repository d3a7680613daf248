// The stored bots (bot_registry.hpp).
#include "league/bot_registry.hpp"

#include <sstream>

#include "core/log.hpp"
#include "core/text.hpp"
#include "league/record_error.hpp"

namespace ck::league {

std::string problem_line(const std::string& text) {
    std::string out = text;
    for (char& c : out)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return out;
}

std::string BotCodec::encode(const Bot& b) {
    return b.address + "\t" + b.engine + "\t" + std::to_string(b.games) + "\t" +
           (b.removed ? "removed" : "active") + "\t" + problem_line(b.problem) + "\n";
}

core::Result<Bot, std::string> BotCodec::decode(std::string_view body) {
    std::vector<std::string_view> fields;
    if (body.empty() || body.back() != '\n')
        return core::unexpected(std::string("expected a line ending in a newline"));
    for (std::string_view rest = body.substr(0, body.size() - 1);;) {
        const auto tab = rest.find('\t');
        fields.push_back(rest.substr(0, tab));
        if (tab == std::string_view::npos) break;
        rest.remove_prefix(tab + 1);
    }
    if (fields.size() != 5)
        return core::unexpected(
            std::string("expected ADDRESS<tab>ENGINE<tab>GAMES<tab>STATE<tab>PROBLEM"));
    Bot b;
    b.address = std::string(fields[0]);
    b.engine = std::string(fields[1]);
    const std::string games(fields[2]);
    if (games.empty() || games.size() > 4 ||
        games.find_first_not_of("0123456789") != std::string::npos)
        return core::unexpected("bad games count '" + games + "'");
    b.games = std::stoi(games);
    // The engine is kept as text: whether it names an engine is the bots' service's to check
    // (daemon/bots.hpp), where it is added and where it plays; the club library knows no engine.
    if (b.engine.empty()) return core::unexpected(std::string("no engine"));
    if (fields[3] != "active" && fields[3] != "removed")
        return core::unexpected("bad state '" + std::string(fields[3]) + "' (active or removed)");
    b.removed = fields[3] == "removed";
    b.problem = std::string(fields[4]);
    return b;
}

core::Result<std::string, std::string> BotCodec::v1_to_v2(std::string_view body) {
    if (body.empty() || body.back() != '\n')
        return core::unexpected(std::string("expected a line ending in a newline"));
    return std::string(body.substr(0, body.size() - 1)) + "\tactive\t\n";
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

core::Result<std::vector<Bot>, core::Error> load_bots(const store::Store& store) {
    auto all = BotTable::all(store);
    if (!all) return core::unexpected(record_error(all.error()));
    std::vector<Bot> out;
    for (auto& [key, b] : *all) out.push_back(std::move(b));
    return out;
}

std::string bot_address(const Config& config, const std::string& name) {
    const auto at = config.referee_address.rfind('@');
    const std::string domain =
        at == std::string::npos ? config.referee_address : config.referee_address.substr(at + 1);
    return core::lower_ascii(name) + "@" + core::lower_ascii(domain);
}

core::Result<Bot, core::Error> find_bot_named(const store::Store& store, const Config& config,
                                              const std::string& who) {
    const std::string address =
        who.find('@') == std::string::npos ? bot_address(config, who) : core::lower_ascii(who);
    auto b = BotTable::get(store, address);
    if (!b) return core::unexpected(record_error(b.error()));
    if (!*b) return core::unexpected(core::invalid_error("no bot '" + who + "' (" + address + ")"));
    return **b;
}

void stage_bot_removed(Bot bot, store::Transaction& tx) {
    bot.removed = true;
    BotTable::put(tx, bot.address, bot);
}

core::Result<bool, core::Error> note_bot_problem(store::Store& store, const Bot& bot,
                                                 const std::string& problem, core::TimePoint now) {
    auto current = BotTable::get(store, bot.address);
    if (!current) return core::unexpected(record_error(current.error()));
    if (!*current) return false;  // no longer a bot: nothing to note
    Bot b = **current;
    if (b.problem == problem_line(problem)) return false;
    b.problem = problem_line(problem);
    store::Transaction tx(now);
    BotTable::put(tx, b.address, b);
    if (auto c = store.commit(tx); !c)
        return core::unexpected(
            core::from_io(c.error(), "commit of bot " + b.address + ": " + c.error().message));
    return true;
}

}  // namespace ck::league
