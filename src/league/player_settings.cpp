// A player's own settings (player_settings.hpp).
#include "league/player_settings.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace ck::league {
namespace {

using std::chrono::hours;

// "07:00" or "7:00" -> minutes; nullopt when it is no time of day.
std::optional<int> parse_minute(std::string_view t) {
    const auto colon = t.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 2 || t.size() != colon + 3)
        return std::nullopt;
    int h = 0, m = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (i == colon) continue;
        if (t[i] < '0' || t[i] > '9') return std::nullopt;
        (i < colon ? h : m) = (i < colon ? h : m) * 10 + (t[i] - '0');
    }
    if (h > 23 || m > 59) return std::nullopt;
    return h * 60 + m;
}

// "8h", "2d" -> hours; nullopt otherwise.
std::optional<hours> parse_offset(std::string_view w) {
    if (w.size() < 2 || w.size() > 5) return std::nullopt;
    const char unit = w.back();
    if (unit != 'h' && unit != 'd') return std::nullopt;
    long n = 0;
    for (const char c : w.substr(0, w.size() - 1)) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (n == 0) return std::nullopt;
    return hours(unit == 'd' ? n * 24 : n);
}

std::string format_offset(hours h) {
    const auto n = h.count();
    return n % 24 == 0 && n >= 48 ? std::to_string(n / 24) + "d" : std::to_string(n) + "h";
}

// Words split at blanks and commas.
std::vector<std::string> words_of(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    for (const char c : s) {
        if (c == ' ' || c == '\t' || c == ',') {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

}  // namespace

std::string format_minute(int minute) {
    const int h = minute / 60, m = minute % 60;
    return std::string(h < 10 ? "0" : "") + std::to_string(h) + ":" + (m < 10 ? "0" : "") +
           std::to_string(m);
}

std::string encode_settings(const PlayerSettings& s) {
    std::string out = "mail=";
    out += s.mail == MailMode::Each     ? "each"
           : s.mail == MailMode::Digest ? "digest@" + format_minute(s.digest_minute)
                                        : "both@" + format_minute(s.digest_minute);
    out += " reminders=";
    if (!s.reminders) {
        out += "club";
    } else if (s.reminders->empty()) {
        out += "none";
    } else {
        for (std::size_t i = 0; i < s.reminders->size(); ++i)
            out += (i ? "," : "") + format_offset((*s.reminders)[i]);
    }
    out += " view=";
    out += s.view == ViewMode::Board ? "board" : s.view == ViewMode::List ? "list" : "both";
    return out;
}

namespace {

// A setting the player (or organiser) asked for that cannot be (apply_setting).
core::Unexpected<core::Error> invalid(std::string detail) {
    return core::unexpected(core::invalid_error(std::move(detail)));
}

}  // namespace

core::Result<PlayerSettings, std::string> decode_settings(std::string_view field) {
    PlayerSettings s;
    std::vector<std::string> fields;
    std::string cur;
    for (const char c : field) {
        if (c != ' ') {
            cur += c;
        } else if (!cur.empty()) {
            fields.push_back(std::move(cur));
            cur.clear();
        }
    }
    if (!cur.empty()) fields.push_back(std::move(cur));
    for (const std::string& word : fields) {
        const auto eq = word.find('=');
        if (eq == std::string::npos) return core::unexpected("setting '" + word + "' without =");
        if (auto r = apply_setting(s, word.substr(0, eq), word.substr(eq + 1)); !r)
            return core::unexpected("setting '" + word + "': " + r.error().detail);
    }
    return s;
}

core::Result<void, core::Error> apply_setting(PlayerSettings& s, std::string_view key_in,
                                              std::string_view value) {
    const std::string key = core::lower_ascii(key_in);
    // "digest@07:00" (the record, the organiser's command line) reads as "digest 07:00".
    std::string spaced = core::lower_ascii(value);
    for (char& c : spaced)
        if (c == '@') c = ' ';
    const std::vector<std::string> words = words_of(spaced);
    if (key == "mail") {
        const bool one = words.size() == 1, two = words.size() == 2;
        if (one && words[0] == "each") {
            s.mail = MailMode::Each;
            return {};
        }
        if ((one || two) && (words[0] == "digest" || words[0] == "both")) {
            const std::string& mode = words[0];
            const auto minute = two ? parse_minute(words[1]) : std::nullopt;
            if (!minute)
                return invalid(
                    "the digest needs its time of day in UTC, as in: set mail digest 07:00");
            s.mail = mode == "digest" ? MailMode::Digest : MailMode::Both;
            s.digest_minute = *minute;
            return {};
        }
        return invalid("mail takes each, digest HH:MM or both HH:MM, as in: set mail digest 07:00");
    }
    if (key == "reminders") {
        if (words.size() == 1 && (words[0] == "none" || words[0] == "off")) {
            s.reminders = std::vector<hours>{};
            return {};
        }
        if (words.size() == 1 && (words[0] == "club" || words[0] == "default")) {
            s.reminders.reset();
            return {};
        }
        if (words.empty() || words.size() > MaxReminders)
            return invalid("reminders take none or at most " + std::to_string(MaxReminders) +
                           " times before the deadline, as in: set reminders 24h,8h,1h");
        std::vector<hours> offsets;
        for (const std::string& w : words) {
            const auto h = parse_offset(w);
            if (!h)
                return invalid("'" + w +
                               "' is no time before the deadline: write hours or days, "
                               "as in 8h or 2d");
            if (*h > MaxReminderOffset)
                return invalid("'" + w + "' is more than 30 days before the deadline");
            offsets.push_back(*h);
        }
        std::sort(offsets.begin(), offsets.end(), std::greater<>());
        offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
        s.reminders = std::move(offsets);
        return {};
    }
    if (key == "view") {
        if (words.size() == 1 && words[0] == "board") {
            s.view = ViewMode::Board;
            return {};
        }
        if (words.size() == 1 && words[0] == "list") {
            s.view = ViewMode::List;
            return {};
        }
        if (words.size() == 1 && words[0] == "both") {
            s.view = ViewMode::Both;
            return {};
        }
        return invalid(std::string("view takes board, list or both, as in: set view list"));
    }
    return invalid("there is no setting '" + std::string(key_in) +
                   "': the settings are mail, reminders and view");
}

std::vector<SettingLine> describe_settings(const PlayerSettings& s, int club_reminder_days) {
    std::vector<SettingLine> out;
    const std::string at = format_minute(s.digest_minute) + " UTC";
    out.push_back({"mail", s.mail == MailMode::Each ? "each: a mail after every move"
                           : s.mail == MailMode::Digest
                               ? "digest " + format_minute(s.digest_minute) +
                                     ": one digest a day at " + at + ", no mail after each move"
                               : "both " + format_minute(s.digest_minute) +
                                     ": a mail after every move and a digest a day at " + at});
    std::string reminders;
    if (!s.reminders) {
        reminders = club_reminder_days > 0
                        ? "club: the club's " + std::to_string(club_reminder_days) + "d before " +
                              "each deadline"
                        : "club: none (the club sends no reminders)";
    } else if (s.reminders->empty()) {
        reminders = "none";
    } else {
        for (std::size_t i = 0; i < s.reminders->size(); ++i)
            reminders += (i ? "," : "") + format_offset((*s.reminders)[i]);
        reminders += ": before each deadline";
    }
    out.push_back({"reminders", reminders});
    out.push_back({"view", s.view == ViewMode::Board  ? "board"
                           : s.view == ViewMode::List ? "list"
                                                      : "both"});
    return out;
}

std::vector<std::chrono::hours> reminder_offsets(const PlayerSettings& s, int club_reminder_days) {
    if (s.reminders) return *s.reminders;
    if (club_reminder_days <= 0) return {};
    return {hours(24 * club_reminder_days)};
}

}  // namespace ck::league
