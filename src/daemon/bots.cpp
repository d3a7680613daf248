// Computer opponents as club players (bots.hpp).
#include "daemon/bots.hpp"

#include <algorithm>
#include <sstream>

#include "bot/engine.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/game_files.hpp"

namespace ck::daemon {

namespace {

// A problem as one field: no tab, no line break.
std::string one_line(const std::string& text) {
    std::string out = text;
    for (char& c : out)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return out;
}

}  // namespace

std::string BotCodec::encode(const Bot& b) {
    return b.address + "\t" + b.engine + "\t" + std::to_string(b.games) + "\t" +
           (b.removed ? "removed" : "active") + "\t" + one_line(b.problem) + "\n";
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
    if (!bot::parse_engine_spec(b.engine))
        return core::unexpected("unknown engine '" + b.engine + "'");
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
    return store.record(store::Namespace::Bots, lower_ascii(address)) != nullptr;
}

std::optional<Bot> find_bot(const store::Store& store, const std::string& address) {
    auto b = BotTable::get(store, lower_ascii(address));
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

core::Result<Bot, std::string> find_bot_named(const store::Store& store, const Config& config,
                                              const std::string& who) {
    const std::string address =
        who.find('@') == std::string::npos ? bot_address(config, who) : lower_ascii(who);
    auto b = BotTable::get(store, address);
    if (!b) return core::unexpected(b.error().describe());
    if (!*b) return core::unexpected("no bot '" + who + "' (" + address + ")");
    return **b;
}

core::Result<std::vector<store::GameId>, core::Error> bot_games_in_progress(
    const store::Store& store, const std::string& address) {
    auto ids = store.list_games();
    if (!ids)
        return core::unexpected(core::from_io(ids.error(), "games list: " + ids.error().message));
    const std::string me = lower_ascii(address);
    std::vector<store::GameId> out;
    for (const store::GameId id : *ids) {
        auto ini = store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta || (lower_ascii(meta->white) != me && lower_ascii(meta->black) != me)) continue;
        auto record = store.read_game_file(id, "record.pgn");
        if (record && record->find("[Result \"*\"]") != std::string::npos) out.push_back(id);
    }
    return out;
}

void stage_bot_removed(Bot bot, store::Transaction& tx) {
    bot.removed = true;
    BotTable::put(tx, bot.address, bot);
}

core::Result<bool, core::Error> note_bot_problem(store::Store& store, const Bot& bot,
                                                 const std::string& problem, core::TimePoint now) {
    auto current = BotTable::get(store, bot.address);
    if (!current) return core::unexpected(core::invalid_error(current.error().describe()));
    if (!*current) return false;  // no longer a bot: nothing to note
    Bot b = **current;
    if (b.problem == one_line(problem)) return false;
    b.problem = one_line(problem);
    store::Transaction tx(now);
    BotTable::put(tx, b.address, b);
    if (auto c = store.commit(tx); !c)
        return core::unexpected(
            core::from_io(c.error(), "commit of bot " + b.address + ": " + c.error().message));
    return true;
}

std::string bot_address(const Config& config, const std::string& name) {
    const auto at = config.referee_address.rfind('@');
    const std::string domain =
        at == std::string::npos ? config.referee_address : config.referee_address.substr(at + 1);
    return lower_ascii(name) + "@" + lower_ascii(domain);
}

core::Result<Bot, std::string> stage_bot(Players& players, const Config& config,
                                         const BotSpec& spec, store::Transaction& tx) {
    const bool good_name = !spec.name.empty() && spec.name.size() <= 32 &&
                           std::all_of(spec.name.begin(), spec.name.end(), [](char c) {
                               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                      (c >= '0' && c <= '9') || c == '-' || c == '_';
                           });
    if (!good_name)
        return core::unexpected("bad bot name '" + spec.name +
                                "' (1 to 32 letters, digits, '-' or '_': it is the address's "
                                "local part)");
    std::string engine = spec.engine;
    if (spec.level != 0)
        engine += (engine.find(':') == std::string::npos ? ":" : ",") + std::string("level=") +
                  std::to_string(spec.level);
    auto parsed = bot::parse_engine_spec(engine);
    if (!parsed) return core::unexpected(parsed.error().message);
    if (spec.games < 1 || spec.games > 999)
        return core::unexpected("bad --games " + std::to_string(spec.games) + " (1 to 999)");
    Bot b{bot_address(config, spec.name), engine, spec.games};
    if (b.address == lower_ascii(config.referee_address))
        return core::unexpected("bot " + b.address + " would be the referee's own address");
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
