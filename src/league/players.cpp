#include "league/players.hpp"

#include <algorithm>
#include <cctype>

#include "league/record_error.hpp"

namespace ck::league {

core::Result<std::string, std::string> PlayerCodec::v1_to_v2(std::string_view body) {
    return std::string(body) + encode_settings(PlayerSettings{}) + "\n";
}

std::string PlayerCodec::encode(const Player& p) {
    return std::to_string(p.order) + "\t" + p.address + "\t" + p.name + "\n" +
           encode_settings(p.settings) + "\n";
}

core::Result<Player, std::string> PlayerCodec::decode(std::string_view record) {
    // The first line as version 1 wrote it, then the settings line.
    const auto first_end = record.find('\n');
    if (first_end == std::string_view::npos || record.back() != '\n')
        return core::unexpected(std::string("expected ORDER<tab>ADDRESS<tab>NAME and settings"));
    const std::string_view body = record.substr(0, first_end + 1);
    const std::string_view field = record.substr(first_end + 1, record.size() - first_end - 2);
    if (field.find('\n') != std::string_view::npos)
        return core::unexpected(std::string("expected one line of settings"));
    auto settings = decode_settings(field);
    if (!settings) return core::unexpected(settings.error());
    const auto tab1 = body.find('\t');
    const auto tab2 = tab1 == std::string_view::npos ? tab1 : body.find('\t', tab1 + 1);
    Player p;
    if (tab2 == std::string_view::npos || body.back() != '\n' || tab1 == 0 || tab1 > 19 ||
        !std::all_of(body.begin(), body.begin() + static_cast<std::ptrdiff_t>(tab1),
                     [](char c) { return c >= '0' && c <= '9'; }))
        return core::unexpected(std::string("expected ORDER<tab>ADDRESS<tab>NAME"));
    p.order = std::stoull(std::string(body.substr(0, tab1)));
    p.address = std::string(body.substr(tab1 + 1, tab2 - tab1 - 1));
    p.name = std::string(body.substr(tab2 + 1, body.size() - tab2 - 2));
    p.settings = std::move(*settings);
    return p;
}

core::Result<Players, core::Error> Players::load(const store::Store& store) {
    auto all = PlayerTable::all(store);
    if (!all) return core::unexpected(record_error(all.error()));
    Players p;
    for (auto& [key, player] : *all) p.players_.push_back(std::move(player));
    std::sort(p.players_.begin(), p.players_.end(),
              [](const Player& x, const Player& y) { return x.order < y.order; });
    return p;
}

const Player* Players::find(const std::string& address) const {
    const std::string a = lower_ascii(address);
    for (const auto& p : players_)
        if (p.address == a) return &p;
    return nullptr;
}

std::string Players::not_registered(const std::string& given) const {
    std::string text = given + " is not a registered player";
    const std::string as_name = lower_ascii(given);
    for (const auto& p : players_)
        if (lower_ascii(p.name) == as_name)
            return text + " (" + p.name + " is the name of " + p.address + ": give the address)";
    return text;
}

core::Result<void, core::Error> Players::add(const std::string& name, const std::string& address,
                                             store::Transaction& tx) {
    if (name.size() >= BotSuffix.size() &&
        lower_ascii(name.substr(name.size() - BotSuffix.size())) == BotSuffix)
        return core::unexpected(core::invalid_error("bad player name '" + name + "': the mark '" +
                                                    std::string(BotSuffix.substr(1)) +
                                                    "' is kept for bots"));
    return add_any(name, address, tx);
}

core::Result<void, core::Error> Players::add_bot(const std::string& name,
                                                 const std::string& address,
                                                 store::Transaction& tx) {
    return add_any(name + std::string(BotSuffix), address, tx);
}

core::Result<void, core::Error> Players::add_any(const std::string& name,
                                                 const std::string& address,
                                                 store::Transaction& tx) {
    if (name.empty() || name.find_first_of("\t\r\n") != std::string::npos)
        return core::unexpected(core::invalid_error("bad player name"));
    const std::string a = lower_ascii(address);
    const auto at = a.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == a.size() || !store::valid_record_key(a) ||
        a.find_first_of(" \t\r\n<>,") != std::string::npos ||
        a.find('@', at + 1) != std::string::npos)
        return core::unexpected(core::invalid_error("bad address '" + address + "'"));
    if (find(a))
        return core::unexpected(core::invalid_error("player " + a + " is already registered"));
    const std::uint64_t order = players_.empty() ? 0 : players_.back().order + 1;
    players_.push_back(Player{name, a, order, PlayerSettings{}});
    PlayerTable::put(tx, a, players_.back());
    return {};
}

core::Result<void, core::Error> Players::add(const std::string& name, const std::string& address,
                                             store::Store& store, core::TimePoint now) {
    store::Transaction tx(now);
    if (auto staged = add(name, address, tx); !staged) return staged;
    if (auto c = store.commit(tx); !c) {
        players_.pop_back();
        return core::unexpected(core::from_io(
            c.error(), "cannot register " + lower_ascii(address) + ": " + c.error().describe()));
    }
    return {};
}

core::Result<void, core::Error> Players::set_settings(const std::string& address,
                                                      const PlayerSettings& settings,
                                                      store::Transaction& tx) {
    const std::string a = lower_ascii(address);
    for (Player& p : players_) {
        if (p.address != a) continue;
        p.settings = settings;
        PlayerTable::put(tx, a, p);
        return {};
    }
    return core::unexpected(core::invalid_error("no player " + a));
}

}  // namespace ck::league
