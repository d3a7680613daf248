#include "league/game_files.hpp"

#include <sstream>

#include "league/game_salt.hpp"
#include "league/players.hpp"
#include "referee/rule_set.hpp"
#include "referee/spectator_view.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

// The one maker of the true position's key outside the referee's tests (referee/game.hpp).
namespace ck::referee {
struct OperatorKey {
    static TruePositionKey make() { return TruePositionKey(); }
};
}  // namespace ck::referee

namespace ck::league {
namespace {

const char* side_name(rules::Color c) { return c == rules::Color::White ? "white" : "black"; }

std::string record_error_text(const pgn::RecordError& e) {
    return "record.pgn: ply " + std::to_string(e.ply) + ", line " + std::to_string(e.line) + ": " +
           e.message;
}

// `player`'s record, from the rulings in memory: every ruling the daemon records carries the
// players' pictures (play_request, end_game, load_game_from), so a missing one is its own bug.
core::Result<std::string, core::Error> player_record_of(const StoredGame& g, rules::Color player) {
    if (auto kept = g.record.player_record(player, g.game)) return std::move(*kept);
    return core::unexpected(
        core::invalid_error("a ruling was recorded without the players' pictures"));
}

// "a@x, b@y" -> {"a@x", "b@y"}.
std::vector<std::string> split_followers(const std::string& value) {
    std::vector<std::string> out;
    std::istringstream in(value);
    for (std::string item; std::getline(in, item, ',');) {
        const auto b = item.find_first_not_of(' ');
        const auto e = item.find_last_not_of(' ');
        if (b != std::string::npos) out.push_back(item.substr(b, e - b + 1));
    }
    return out;
}

}  // namespace

std::string format_game_ini(const GameMeta& m) {
    std::string s;
    s += "version = " + std::to_string(GameIniVersion) + "\n";
    s += "variant = " + m.variant + "\n";
    s += std::string("hidden = ") + (m.hidden ? "true" : "false") + "\n";
    s += "rules = " + std::string(referee::rule_set_name(m.rules)) + "\n";
    s += "fen = " + m.fen + "\n";
    s += "white = " + m.white + "\n";
    s += "black = " + m.black + "\n";
    s += "created = " + m.created + "\n";
    s += "time = " + m.time + "\n";
    s += std::string("draw_offer = ") + (m.draw_offer ? side_name(*m.draw_offer) : "") + "\n";
    if (!m.salt.empty()) s += "salt = " + m.salt + "\n";
    if (m.rated) s += "rated = yes\n";
    if (!m.followers.empty()) {
        s += "followers = ";
        for (std::size_t i = 0; i < m.followers.size(); ++i) s += (i ? ", " : "") + m.followers[i];
        s += "\n";
        if (m.followers_told) s += "followers_told = " + std::to_string(*m.followers_told) + "\n";
    }
    const auto write_note = [&s](const char* key, const GameNote& n) {
        s += std::string(key) + " = " + std::to_string(n.ply) + " " + side_name(n.by) + " ";
        for (char c : n.text) {
            if (c == '\\')
                s += "\\\\";
            else if (c == '\n')
                s += "\\n";
            else if (c != '\r')
                s += c;
        }
        s += "\n";
    };
    for (const GameNote& n : m.notes) write_note("note", n);
    for (const GameNote& n : m.conditional_plies) write_note("conditional", n);
    return s;
}

namespace {

// A game.ini that does not parse (parse_game_ini).
core::Unexpected<core::Error> corrupt(std::string detail) {
    return core::unexpected(core::corrupt_error(std::move(detail)));
}

// "3 white TEXT" (format_game_ini), or nullopt.
std::optional<GameNote> parse_note(const std::string& value) {
    std::istringstream in(value);
    GameNote n;
    std::string side;
    if (!(in >> n.ply >> side) || n.ply < 0 || (side != "white" && side != "black"))
        return std::nullopt;
    n.by = side == "white" ? rules::Color::White : rules::Color::Black;
    std::string rest;
    std::getline(in, rest);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    for (std::size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == '\\' && i + 1 < rest.size()) {
            n.text += rest[i + 1] == 'n' ? '\n' : rest[i + 1];
            ++i;
        } else {
            n.text += rest[i];
        }
    }
    return n;
}

}  // namespace

core::Result<GameMeta, core::Error> parse_game_ini(const std::string& text) {
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
            return corrupt("game.ini: bad line '" + line + "'");
        }
        if (key == "version") {
            // game_files.hpp: a file without the line is version 1; a newer one is refused.
            if (value != "1")
                return corrupt("game.ini: version '" + value + "' is not one this " +
                               "crazykrieg reads (1)");
        } else if (key == "variant")
            m.variant = value;
        else if (key == "hidden")
            m.hidden = value == "true";
        else if (key == "rules") {
            auto rs = referee::find_rule_set(value);
            if (!rs) return corrupt("game.ini: unknown rule set '" + value + "'");
            m.rules = *rs;
        } else if (key == "fen")
            m.fen = value;
        else if (key == "white")
            m.white = value;
        else if (key == "black")
            m.black = value;
        else if (key == "created")
            m.created = value;
        else if (key == "time")
            m.time = value;
        else if (key == "draw_offer" && (value == "white" || value == "black"))
            m.draw_offer = value == "white" ? rules::Color::White : rules::Color::Black;
        else if (key == "draw_offer" && value.empty())
            m.draw_offer.reset();
        else if (key == "salt")
            m.salt = value;
        else if (key == "rated" && (value == "yes" || value == "no"))
            m.rated = value == "yes";
        else if (key == "followers")
            m.followers = split_followers(value);
        else if (key == "followers_told" && !value.empty() &&
                 value.find_first_not_of("0123456789") == std::string::npos && value.size() < 10)
            m.followers_told = static_cast<std::size_t>(std::stoul(value));
        else if (key == "note") {
            auto note = parse_note(value);
            if (!note) return corrupt("game.ini: bad note '" + value + "'");
            m.notes.push_back(std::move(*note));
        } else if (key == "conditional") {
            auto played = parse_note(value);
            if (!played) return corrupt("game.ini: bad conditional '" + value + "'");
            m.conditional_plies.push_back(std::move(*played));
        } else
            return corrupt("game.ini: bad key or value in '" + line + "'");
    }
    if (m.variant.empty() || m.white.empty() || m.black.empty())
        return corrupt("game.ini: variant, white and black are required");
    return m;
}

core::Result<void, core::Error> resolve_variant(const std::string& name, GameMeta& meta) {
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
    if (!v) return core::unexpected(core::invalid_error("unknown variant '" + name + "'"));
    meta.variant = std::string(v->name);
    return {};
}

core::Result<referee::RuleSet, core::Error> parse_rule_set(const std::string& name) {
    auto rs = referee::find_rule_set(name);
    if (!rs)
        return core::unexpected(core::invalid_error("unknown rule set '" + name + "' (" +
                                                    referee::rule_set_names() + ")"));
    return *rs;
}

core::Result<void, core::Error> check_rule_set(referee::RuleSet rules, bool hidden) {
    if (rules != referee::RuleSet::CrazyKrieg && !hidden)
        return core::unexpected(
            core::invalid_error("the " + std::string(referee::rule_set_name(rules)) +
                                " rules are Kriegspiel rules: the game must be hidden"));
    return {};
}

core::Result<referee::RuleSet, core::Error> resolve_rule_set(const std::string& name, bool hidden) {
    auto rs = parse_rule_set(name);
    if (!rs) return rs;
    if (auto ok = check_rule_set(*rs, hidden); !ok) return core::unexpected(ok.error());
    return *rs;
}

core::Result<referee::GameSetup, core::Error> setup_of(const GameMeta& meta) {
    referee::GameSetup setup;
    setup.variant = rules::find_variant(meta.variant);
    if (!setup.variant)
        return core::unexpected(core::invalid_error("unknown variant '" + meta.variant + "'"));
    setup.hidden = meta.hidden;
    setup.rules = meta.rules;
    if (!meta.fen.empty()) setup.fen = meta.fen;
    return setup;
}

core::Result<StoredGame, core::Error> start_game(const GameMeta& meta, const RecordTags& tags) {
    auto setup = setup_of(meta);
    if (!setup) return core::unexpected(setup.error());
    auto game = referee::Game::create(*setup);
    if (!game) return core::unexpected(core::invalid_error(game.error().message));
    pgn::RecordBuilder record(*setup);
    if (!tags.event.empty()) record.set_tag("Event", tags.event);
    if (!tags.site.empty()) record.set_tag("Site", tags.site);
    if (!tags.round.empty()) record.set_tag("Round", tags.round);
    if (meta.created.size() >= 10) {
        std::string date = meta.created.substr(0, 10);  // 2026-11-21 -> 2026.11.21
        for (char& c : date)
            if (c == '-') c = '.';
        record.set_tag("Date", date);
    }
    record.set_tag("White", tags.white_name.empty() ? meta.white : tags.white_name);
    record.set_tag("Black", tags.black_name.empty() ? meta.black : tags.black_name);
    record.set_tag("Mode", "EM");
    if (!tags.time_control.empty()) record.set_tag("TimeControl", tags.time_control);
    GameMeta m = meta;
    if (m.hidden && m.salt.empty()) m.salt = new_game_salt();
    if (m.hidden) {  // receipt 0 commits the start (README "Fairness receipts")
        record.set_salt(m.salt);
        record.add_commitment(0, game->commitment(m.salt, 0));
    }
    return StoredGame{std::move(m), std::move(*game), std::move(record)};
}

core::Result<StoredGame, core::Error> load_game_from(const std::string& ini,
                                                     const std::string& record, store::GameId id) {
    const std::string gid = "game " + to_string(id) + ": ";
    auto meta = parse_game_ini(ini);
    if (!meta) return core::unexpected(core::with_context(meta.error(), "game " + to_string(id)));
    auto opened = pgn::open_referee_record(record, meta->hidden ? meta->salt : std::string());
    if (!opened)
        return core::unexpected(core::corrupt_error(gid + record_error_text(opened.error())));
    for (const GameNote& n : meta->notes) opened->builder.add_note(n.ply, n.by, n.text);
    for (const GameNote& n : meta->conditional_plies)
        opened->builder.add_conditional_comment(n.ply, n.by, n.text);
    return StoredGame{std::move(*meta), std::move(opened->game), std::move(opened->builder)};
}

core::Result<GameTexts, core::Error> read_game_texts(const store::Store& store, store::GameId id) {
    const std::string gid = "game " + to_string(id) + ": ";
    GameTexts texts;
    for (auto [name, text] : {std::pair{"game.ini", &texts.ini}, {"record.pgn", &texts.record}}) {
        auto bytes = store.read_game_file(id, name);
        if (!bytes)
            return core::unexpected(core::from_io(bytes.error(), gid + bytes.error().describe()));
        *text = std::move(*bytes);
    }
    return texts;
}

core::Result<StoredGame, core::Error> load_game(const store::Store& store, store::GameId id) {
    auto texts = read_game_texts(store, id);
    if (!texts) return core::unexpected(texts.error());
    return load_game_from(texts->ini, texts->record, id);
}

std::size_t spectator_events(const referee::Game& game) {
    using rules::Color;
    return referee::spectator_view(game.view(Color::White), game.view(Color::Black)).events.size();
}

GameMeta saved_meta(const StoredGame& g) {
    GameMeta m = g.meta;
    m.followers_told.reset();
    if (!m.followers.empty()) m.followers_told = spectator_events(g.game);
    return m;
}

core::Result<GameFileTexts, core::Error> game_files(const StoredGame& g) {
    GameFileTexts files;
    files.meta = saved_meta(g);
    files.ini = format_game_ini(files.meta);
    files.record = g.record.referee_record();
    for (rules::Color c : {rules::Color::White, rules::Color::Black}) {
        auto text = player_record_of(g, c);
        if (!text) return core::unexpected(text.error());
        (c == rules::Color::White ? files.white : files.black) = std::move(*text);
    }
    return files;
}

core::Result<void, core::Error> save_game(store::Transaction& tx, store::GameId id,
                                          const StoredGame& g) {
    auto files = game_files(g);
    if (!files) return core::unexpected(files.error());
    tx.write_game_file(id, "game.ini", std::move(files->ini));
    tx.write_game_file(id, "record.pgn", std::move(files->record));
    tx.write_game_file(id, "white.pgn", std::move(files->white));
    tx.write_game_file(id, "black.pgn", std::move(files->black));
    return {};
}

referee::Ruling play_request(StoredGame& g, const std::string& text) {
    referee::Ruling r = g.game.request(text);
    if (r.answer == referee::Answer::Error) return r;
    g.record.add(r, g.game);
    if (r.move && g.game.hidden() && !g.record.salt().empty())
        g.record.add_commitment(g.record.plies(),
                                g.game.commitment(g.record.salt(), g.record.plies()));
    if ((r.move && g.meta.draw_offer == ~r.side) || g.game.over()) g.meta.draw_offer.reset();
    return r;
}

core::Result<std::string, core::Error> record_text(const StoredGame& g, const std::string& as) {
    const std::string text = g.record.referee_record();
    if (as == "referee") return text;
    if (as != "white" && as != "black")
        return core::unexpected(core::invalid_error("--as must be white, black or referee"));
    return player_record_of(g, as == "white" ? rules::Color::White : rules::Color::Black);
}

core::Result<std::string, core::Error> true_fen(const StoredGame& g) {
    return g.game.true_position(referee::OperatorKey::make()).fen();
}

}  // namespace ck::league
