#pragma once
// A player's own settings (README "Your settings"), a field of the player record
// (players.hpp, record version 2; a version-1 record reads as the defaults):
//   mail each | digest HH:MM | both   per-move mails (the default), one digest a day at HH:MM
//                                     UTC instead of them (digest.hpp), or both
//   reminders club | none | 24h,8h,1h before each deadline of the player's turn: the club's
//                                     `[club] reminder_days` (the default), none, or at most
//                                     MaxReminders offsets of hours (h) or days (d)
//   view board | list | both          the text part of every mail (default board)
// Set by mail (`set mail digest 07:00`, `set reminders 8h,1h`, `set view list`; `settings`
// shows them, settings_mail.hpp) and by the organiser (`crazykrieg player set EMAIL
// mail=digest@07:00 reminders=8h,1h view=list`).
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"

namespace ck::league {

enum class MailMode : std::uint8_t { Each, Digest, Both };
// What the text part of every mail to the player shows: the board diagram, the move list or
// both.
enum class ViewMode : std::uint8_t { Board, List, Both };

inline constexpr std::size_t MaxReminders = 4;
// The longest reminder offset a player may ask for.
inline constexpr std::chrono::hours MaxReminderOffset{24 * 30};

struct PlayerSettings {
    MailMode mail = MailMode::Each;
    int digest_minute = 0;  // the digest's time of day, minutes after 00:00 UTC
    // Offsets before the deadline, longest first, no two equal; nullopt: the club's default;
    // empty: no reminders.
    std::optional<std::vector<std::chrono::hours>> reminders;
    ViewMode view = ViewMode::Board;

    friend bool operator==(const PlayerSettings& a, const PlayerSettings& b) {
        return a.mail == b.mail &&
               (a.mail == MailMode::Each || a.digest_minute == b.digest_minute) &&
               a.reminders == b.reminders && a.view == b.view;
    }
    friend bool operator!=(const PlayerSettings& a, const PlayerSettings& b) { return !(a == b); }
};

// Whether the player gets the mail each move causes them / the daily digest.
inline bool per_move_mail(const PlayerSettings& s) { return s.mail != MailMode::Digest; }
inline bool digest_reader(const PlayerSettings& s) { return s.mail != MailMode::Each; }

// The record field: "mail=each reminders=club view=board" (mail=digest@07:00, reminders=none,
// reminders=24h,8h,1h); written in this order, every key present.
// decode_settings is part of the players codec (players.hpp): its reason is a string, as every
// codec's (store/table.hpp); the table makes the record Corrupt (record_error.hpp).
std::string encode_settings(const PlayerSettings& s);
core::Result<PlayerSettings, std::string> decode_settings(std::string_view field);

// One setting changed: `key` is mail, reminders or view and `words` its value as written
// (`digest 07:00`, `digest@07:00`, `8h,1h`, `8h 1h`, `none`, `list`). The error says what is
// wrong in a sentence for the player ("reminders take at most 4 times, as in 24h,8h,1h"); it is
// Invalid.
core::Result<void, core::Error> apply_setting(PlayerSettings& s, std::string_view key,
                                              std::string_view words);

// "digest at 07:00 UTC", "8h, 1h before each deadline", ...: one line a setting, as `settings`
// shows them; `club_reminder_days` words the club's default.
struct SettingLine {
    std::string key;
    std::string value;
};
std::vector<SettingLine> describe_settings(const PlayerSettings& s, int club_reminder_days);

// The reminder offsets that apply to the player, longest first: their own, else the club's
// `reminder_days` (0: none).
std::vector<std::chrono::hours> reminder_offsets(const PlayerSettings& s, int club_reminder_days);

// "07:00".
std::string format_minute(int minute);

}  // namespace ck::league
