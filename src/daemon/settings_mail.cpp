// The answer to `set ...` and `settings` (settings_mail.hpp).
#include "daemon/settings_mail.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "daemon/digest.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::apply_setting;
using league::describe_settings;
using league::digest_reader;
using league::Player;
using league::Players;
using league::PlayerSettings;
using league::SettingLine;

bool asks_settings(const std::vector<Command>& commands) {
    return std::any_of(commands.begin(), commands.end(), [](const Command& c) {
        return c.kind == Command::Kind::Set || c.kind == Command::Kind::Settings;
    });
}

core::Result<void, core::Error> change_settings(Players& players, const std::string& address,
                                                const PlayerSettings& next,
                                                store::Transaction& tx) {
    const Player* p = players.find(address);
    if (!p) return core::unexpected(core::invalid_error("no player " + lower_ascii(address)));
    const bool digest_on = digest_reader(next) && (!digest_reader(p->settings) ||
                                                   p->settings.digest_minute != next.digest_minute);
    if (auto r = players.set_settings(address, next, tx); !r) return core::unexpected(r.error());
    if (digest_on) start_digest(tx, address, tx.now());
    return {};
}

// One mail's `set` and `settings` lines (mail_run.hpp): the settings as the lines so far left
// them; staged, and shown in one settings mail, after the last (finish_settings).
struct SettingsRun {
    PlayerSettings next;
    compose::SettingsDetails details;
};

Handled run_setting(MailRun& run, const Command& c) {
    if (run.players == nullptr) {  // not acted on here (a digest's game part, a bot's turn)
        if (run.where == Where::Club) return club_not_here(run, c);
        return {};
    }
    if (!run.settings) {
        const Player* p = run.players->find(run.sender);
        if (!p)
            return core::unexpected(
                core::invalid_error("settings of " + run.sender + ", who is no registered player"));
        run.settings = std::make_shared<SettingsRun>();
        run.settings->next = p->settings;
    }
    if (c.kind != Command::Kind::Set) return {};
    const SetArgs& set = c.as<SetArgs>();
    compose::SettingsDetails& d = run.settings->details;
    if (auto r = apply_setting(run.settings->next, set.key, set.value); !r) {
        d.refused.push_back({"set " + set.key + " " + set.value, r.error().detail});
        return {};
    }
    if (std::find(d.changed.begin(), d.changed.end(), set.key) == d.changed.end())
        d.changed.push_back(set.key);
    return {};
}

Handled finish_settings(MailRun& run) {
    const PlayerSettings& next = run.settings->next;
    compose::SettingsDetails& d = run.settings->details;
    const Player* p = run.players->find(run.sender);
    if (!p)
        return core::unexpected(
            core::invalid_error("settings of " + run.sender + ", who is no registered player"));
    if (next != p->settings)
        if (auto r = change_settings(*run.players, run.sender, next, run.tx); !r)
            return core::unexpected(r.error());
    for (const SettingLine& l : describe_settings(next, run.desk.config.reminder_days))
        d.settings.push_back({l.key, l.value});
    const compose::Envelope env = club_envelope(run.desk, run.sender, run.disc + "c", run.tx);
    return queue_mail(run.tx, run.desk.config, run.sender,
                      compose::settings_mail(run.desk.templates, env, d));
}

}  // namespace ck::daemon
