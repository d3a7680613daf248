// The answer to `set ...` and `settings` (settings_mail.hpp).
#include "daemon/settings_mail.hpp"

#include <algorithm>

#include "daemon/digest.hpp"
#include "daemon/queue_mail.hpp"

namespace ck::daemon {

bool asks_settings(const std::vector<Command>& commands) {
    return std::any_of(commands.begin(), commands.end(), [](const Command& c) {
        return c.kind == Command::Kind::Set || c.kind == Command::Kind::Settings;
    });
}

core::Result<void, std::string> change_settings(Players& players, const std::string& address,
                                                const PlayerSettings& next,
                                                store::Transaction& tx) {
    const Player* p = players.find(address);
    if (!p) return core::unexpected("no player " + lower_ascii(address));
    const bool digest_on = digest_reader(next) && (!digest_reader(p->settings) ||
                                                   p->settings.digest_minute != next.digest_minute);
    if (auto r = players.set_settings(address, next, tx); !r) return r;
    if (digest_on) start_digest(tx, address, tx.now());
    return {};
}

core::Result<void, core::Error> answer_settings(const ClubDesk& desk, Players& players,
                                                const std::vector<Command>& commands,
                                                const std::string& address,
                                                const std::string& discriminator,
                                                store::Transaction& tx) {
    if (!asks_settings(commands)) return {};
    const Player* p = players.find(address);
    if (!p)
        return core::unexpected(
            core::invalid_error("settings of " + address + ", who is no registered player"));
    PlayerSettings next = p->settings;
    compose::SettingsDetails d;
    for (const Command& c : commands) {
        if (c.kind != Command::Kind::Set) continue;
        if (auto r = apply_setting(next, c.argument, c.value); !r) {
            d.refused.push_back({"set " + c.argument + " " + c.value, r.error()});
            continue;
        }
        if (std::find(d.changed.begin(), d.changed.end(), c.argument) == d.changed.end())
            d.changed.push_back(c.argument);
    }
    if (next != p->settings)
        if (auto r = change_settings(players, address, next, tx); !r)
            return core::unexpected(core::invalid_error(r.error()));
    for (const SettingLine& l : describe_settings(next, desk.config.reminder_days))
        d.settings.push_back({l.key, l.value});
    const compose::Envelope env = club_envelope(desk, address, discriminator + "c", tx);
    return queue_mail(tx, desk.config, address, compose::settings_mail(desk.templates, env, d));
}

}  // namespace ck::daemon
