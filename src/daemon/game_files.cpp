#include "daemon/game_files.hpp"

#include <sstream>

#include "daemon/players.hpp"
#include "referee/rule_set.hpp"
#include "rules/variant.hpp"

namespace ck::daemon {

std::string format_game_ini(const GameMeta& m) {
    std::string s;
    s += "variant = " + m.variant + "\n";
    s += std::string("hidden = ") + (m.hidden ? "true" : "false") + "\n";
    s += "rules = " + m.rules + "\n";
    s += "fen = " + m.fen + "\n";
    s += "white = " + m.white + "\n";
    s += "black = " + m.black + "\n";
    s += "created = " + m.created + "\n";
    s += "time = " + m.time + "\n";
    return s;
}

core::Result<GameMeta, std::string> parse_game_ini(const std::string& text) {
    GameMeta m;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto eq = line.find(" = ");
        const auto eq2 = line.find(" =");
        std::string key, value;
        if (eq != std::string::npos) {
            key = line.substr(0, eq);
            value = line.substr(eq + 3);
        } else if (eq2 != std::string::npos && eq2 + 2 == line.size()) {
            key = line.substr(0, eq2);
        } else {
            return core::unexpected("game.ini: bad line '" + line + "'");
        }
        if (key == "variant")
            m.variant = value;
        else if (key == "hidden")
            m.hidden = value == "true";
        else if (key == "rules")
            m.rules = value;
        else if (key == "fen")
            m.fen = value;
        else if (key == "white")
            m.white = value;
        else if (key == "black")
            m.black = value;
        else if (key == "created")
            m.created = value;
        else if (key == "time")
            m.time = value;
        else
            return core::unexpected("game.ini: unknown key '" + key + "'");
    }
    if (m.variant.empty() || m.white.empty() || m.black.empty())
        return core::unexpected(std::string("game.ini: variant, white and black are required"));
    return m;
}

std::string format_requests(const std::vector<RequestLine>& lines) {
    std::string s;
    for (const auto& [side, text] : lines)
        s += std::string(side == rules::Color::White ? "w " : "b ") + text + "\n";
    return s;
}

core::Result<std::vector<RequestLine>, std::string> parse_requests(const std::string& text) {
    std::vector<RequestLine> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        if (line.size() < 3 || (line[0] != 'w' && line[0] != 'b') || line[1] != ' ')
            return core::unexpected("requests.log: bad line '" + line + "'");
        out.emplace_back(line[0] == 'w' ? rules::Color::White : rules::Color::Black,
                         line.substr(2));
    }
    return out;
}

core::Result<void, std::string> resolve_variant(const std::string& name, GameMeta& meta) {
    const std::string n = lower_ascii(name);
    const rules::Variant* v = nullptr;
    if (n == "kriegspiel") {
        v = rules::find_variant("chess");
        meta.hidden = true;
    } else if (n == "crazykrieg") {
        v = rules::find_variant("crazyhouse");
        meta.hidden = true;
    } else {
        v = rules::find_variant(n);
    }
    if (!v) return core::unexpected("unknown variant '" + name + "'");
    meta.variant = std::string(v->name);
    return {};
}

core::Result<referee::Game, std::string> replay_game(const GameMeta& meta,
                                                     const std::vector<RequestLine>& lines) {
    referee::GameSetup setup;
    setup.variant = rules::find_variant(meta.variant);
    if (!setup.variant) return core::unexpected("unknown variant '" + meta.variant + "'");
    setup.hidden = meta.hidden;
    auto rs = referee::find_rule_set(meta.rules);
    if (!rs) return core::unexpected("unknown rule set '" + meta.rules + "'");
    setup.rules = *rs;
    if (!meta.fen.empty()) setup.fen = meta.fen;
    auto game = referee::Game::create(setup);
    if (!game) return core::unexpected(game.error().message);
    for (const auto& [side, text] : lines) {
        if (game->over() || game->side_to_move() != side)
            return core::unexpected("requests.log: '" + text + "' out of turn");
        const auto r = game->request(text);
        if (r.answer == referee::Answer::Error)
            return core::unexpected("requests.log: '" + text + "': " + r.error);
    }
    return std::move(*game);
}

}  // namespace ck::daemon
