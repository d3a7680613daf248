// Tournaments in the store (tournaments.hpp).
#include "daemon/tournaments.hpp"
#include "daemon/queue_mail.hpp"

#include <algorithm>
#include <cctype>

#include "club/crosstable.hpp"
#include "club/knockout.hpp"
#include "club/pgn_archive.hpp"
#include "club/tournament_file.hpp"
#include "core/log.hpp"
#include "daemon/knockout_rounds.hpp"
#include "daemon/league_names.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/swiss_rounds.hpp"
#include "daemon/team_matches.hpp"
#include "league/game_files.hpp"
#include "league/players.hpp"
#include "league/ratings.hpp"
#include "league/time_control.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {
namespace {

// The ASCII letters of a Latin letter with a diacritic (U+00C0..U+017F), as a tournament id
// spells it ("Ünïcode Cup" -> unicode-cup); empty for any other code point.
std::string latin_ascii(char32_t cp) {
    // U+00C0..U+00FF, one entry per code point ("" for the signs × and ÷).
    static const char* const Latin1[64] = {
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",
        "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",
        "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y"};
    // U+0100..U+017F (Latin Extended-A), one letter per code point ('?': the ligatures below).
    static const char* const ExtA =
        "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii??jjkkkllllllllllnnnnnnnnnoooooo??"
        "rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";
    if (cp >= 0xC0 && cp <= 0xFF) return Latin1[cp - 0xC0];
    if (cp == 0x152 || cp == 0x153) return "oe";
    if (cp == 0x132 || cp == 0x133) return "ij";
    if (cp >= 0x100 && cp <= 0x17F) return std::string(1, ExtA[cp - 0x100]);
    return {};
}

std::string slug(const std::string& name) {
    std::string out;
    bool dash = false;
    const auto letters = [&](const std::string& s) {
        if (dash && !out.empty()) out += '-';
        out += s;
        dash = false;
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (std::isalnum(c) != 0 && c < 0x80) {
            letters(std::string(1, static_cast<char>(std::tolower(c))));
            continue;
        }
        // A two-byte UTF-8 sequence: a Latin letter with a diacritic keeps its letter.
        if ((c & 0xE0) == 0xC0 && i + 1 < name.size() &&
            (static_cast<unsigned char>(name[i + 1]) & 0xC0) == 0x80) {
            const char32_t cp = static_cast<char32_t>(
                ((c & 0x1F) << 6) | (static_cast<unsigned char>(name[i + 1]) & 0x3F));
            if (const std::string a = latin_ascii(cp); !a.empty()) {
                letters(a);
                ++i;
                continue;
            }
        }
        dash = true;
    }
    if (out.size() > 40) out.resize(40);
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? std::string("tournament") : out;
}

}  // namespace

namespace {

// Checks what new_game could refuse, before the first game is staged (a clear error before any
// work; a failure half-way is taken back whole by the GroupCommit of start_games).
core::Result<void, std::string> check_settings(const club::GameSettings& s) {
    GameMeta check;
    check.hidden = s.hidden;
    if (auto v = resolve_variant(s.variant, check); !v) return core::unexpected(v.error().detail);
    if (s.rules) {
        if (auto rs = check_rule_set(*s.rules, check.hidden); !rs)
            return core::unexpected(rs.error().detail);
    }
    if (!s.time.empty()) {
        if (auto tc = parse_time_control(s.time); !tc) return core::unexpected(tc.error().message);
    }
    return {};
}

// A Swiss event (entries closed): round 1 is paired and started, and the event written, in one
// transaction (swiss_rounds.hpp). A knockout or a group stage the same way: its first matches or
// every group game (knockout_rounds.hpp).
core::Result<void, std::string> start_swiss(Daemon& daemon, club::Tournament& t,
                                            const core::Clock& clock) {
    for (const club::Player& p : t.players)
        if (!daemon.players().find(p.address))
            return core::unexpected(p.address + " is not a registered player");
    const ClubDesk desk{daemon.config(),    daemon.players(),          daemon.store(),
                        daemon.templates(), &daemon.game_repository(), daemon.starter()};
    store::Transaction tx(clock.now());
    if (club::is_staged(t)) {  // a knockout or groups (knockout_rounds.hpp)
        if (auto ok = advance_stages(desk, t, tx); !ok) return core::unexpected(ok.error().detail);
    } else if (auto ok = advance_swiss(desk, t, tx); !ok) {
        return core::unexpected(ok.error().detail);
    }
    save_tournament(tx, t);
    if (auto c = daemon.store().commit(tx); !c) return core::unexpected(c.error().describe());
    core::operator_log().info("tournament " + t.id + " started: round 1 of " +
                              std::to_string(club::rounds(t)));
    return {};
}

// Starts every pairing of `t` (entries closed) and writes tournament.ini, as one store group.
core::Result<void, std::string> start_games(Daemon& daemon, club::Tournament& t,
                                            const core::Clock& clock) {
    if (t.system == club::System::Swiss || club::is_staged(t)) return start_swiss(daemon, t, clock);
    store::Store& store = daemon.store();
    for (const club::Player& p : t.players)
        if (!daemon.players().find(p.address))
            return core::unexpected(p.address + " is not a registered player");
    // One group: every game and the tournament record commit as one journal (store.hpp), or
    // nothing: a GroupCommit dropped on an error takes back every game staged so far.
    store::GroupCommit group(store);
    for (club::Pairing& p : t.pairings) {
        const NewGame g = tournament_game(t, p);
        const club::EventTags tags = club::event_tags(t, p);
        auto gid = daemon.new_game(g, clock);
        if (!gid) return core::unexpected("round " + tags.round + ": " + gid.error().detail);
        p.game = *gid;
    }
    store::Transaction tx(clock.now());
    save_tournament(tx, t);
    if (auto c = store.commit(tx); !c) return core::unexpected(c.error().describe());
    if (auto c = group.commit(); !c) return core::unexpected(c.error().describe());
    core::operator_log().info("tournament " + t.id +
                              " started: " + std::to_string(t.pairings.size()) + " games");
    return {};
}

}  // namespace

core::Result<std::string, std::string> create_tournament(Daemon& daemon, const TournamentSpec& spec,
                                                         const core::Clock& clock) {
    store::Store& store = daemon.store();
    auto taken = tournament_ids(store);
    if (!taken) return core::unexpected(taken.error().detail);
    const std::string base = slug(spec.name);
    std::string id = base;
    for (int n = 2; std::find(taken->begin(), taken->end(), id) != taken->end(); ++n)
        id = base + "-" + std::to_string(n);

    club::NewTournament nt;
    nt.id = id;
    nt.name = spec.name;
    nt.kind = spec.double_round ? club::Kind::Double : club::Kind::Single;
    nt.settings.variant = spec.variant;
    nt.settings.hidden = spec.hidden;
    nt.settings.rated = spec.rated;
    if (!spec.rules.empty()) {
        GameMeta check;
        check.hidden = spec.hidden;
        if (auto v = resolve_variant(spec.variant, check); !v)
            return core::unexpected(v.error().detail);
        auto rs = resolve_rule_set(spec.rules, check.hidden);
        if (!rs) return core::unexpected(rs.error().detail);
        if (*rs != referee::RuleSet::CrazyKrieg) nt.settings.rules = *rs;
    }
    nt.settings.time = spec.time;
    nt.entries_open = spec.entries_open;
    nt.system = spec.system;
    nt.swiss = spec.swiss;
    nt.stages = spec.stages;
    for (const std::string& address : spec.players) {
        const Player* p = daemon.players().find(address);
        if (!p) return core::unexpected(address + " is not a registered player");
        nt.players.push_back(club::Player{p->name, p->address});
    }
    if (spec.system == club::System::Teams)
        if (auto ok = team_match_spec(daemon.players(), spec, nt); !ok)
            return core::unexpected(ok.error());
    auto t = club::create_tournament(std::move(nt));
    if (!t) return core::unexpected(club::error_text(t.error()));
    if (auto ok = check_settings(t->settings); !ok) return core::unexpected(ok.error());
    if (t->entries_open) {
        store::Transaction tx(clock.now());
        save_tournament(tx, *t);
        if (auto c = store.commit(tx); !c) return core::unexpected(c.error().describe());
        core::operator_log().info("tournament " + id + " created, taking entries");
        return id;
    }
    if (auto ok = seed_by_rating(store, *t); !ok) return core::unexpected(ok.error());
    if (auto ok = start_games(daemon, *t, clock); !ok) return core::unexpected(ok.error());
    return id;
}

core::Result<std::size_t, std::string> start_tournament(Daemon& daemon, const std::string& id,
                                                        const core::Clock& clock) {
    auto t = load_tournament(daemon.store(), id);
    if (!t) return core::unexpected(t.error().detail);
    if (auto ordered = order_team_rosters(daemon.store(), *t); !ordered)  // team_matches.hpp
        return core::unexpected(ordered.error());
    if (auto closed = club::close_entries(*t); !closed)
        return core::unexpected(club::error_text(closed.error()));
    if (auto ok = check_settings(t->settings); !ok) return core::unexpected(ok.error());
    if (auto ok = seed_by_rating(daemon.store(), *t); !ok) return core::unexpected(ok.error());
    if (auto ok = start_games(daemon, *t, clock); !ok) return core::unexpected(ok.error());
    return t->pairings.size();  // a Swiss: round 1's games
}

core::Result<void, core::Error> queue_standings(const ClubDesk& desk, const std::string& address,
                                                const std::vector<club::Tournament>& events,
                                                bool final, const std::string& archive,
                                                const std::string& discriminator,
                                                store::Transaction& tx, bool own_mail) {
    compose::StandingsDetails d;
    d.final = final;
    for (const club::Tournament& t : events) {
        // A rated event's crosstables have a rating column (ratings.hpp).
        auto labels = event_rating_labels(desk.store, t, &tx);
        if (!labels) return core::unexpected(labels.error());
        const club::RatingLabels* r = *labels ? &**labels : nullptr;
        // The id joins the name in the subject when the name alone could be another event's
        // (a second "Spring Open" is spring-open-2).
        d.events.push_back({t.name, club::crosstable_text(t, r), club::crosstable_html(t, r),
                            t.id == slug(t.name) ? std::string() : t.id});
    }
    if (final && events.size() == 1) d.archive_name = "tournament-" + events[0].id + ".pgn";
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    auto mail = compose::standings_mail(desk.templates, env, d);
    // The answer to `standings` joins the sender's one answer (compose/reply_sections.hpp);
    // the final standings, with the event's archive, are a mail of their own.
    if (!final && !own_mail) return queue_mail(tx, desk.config, address, std::move(mail));
    std::optional<mail::Attachment> attachment;
    if (!d.archive_name.empty())
        attachment = mail::Attachment{d.archive_name, "application/vnd.chess-pgn", archive};
    return queue_own_mail(tx, desk.config, address, std::move(mail), std::move(attachment));
}

core::Result<void, core::Error> answer_standings(const ClubDesk& desk, const std::string& address,
                                                 const std::string& argument,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 const store::Transaction* pending) {
    auto ids = tournament_ids(desk.store);
    if (!ids) return core::unexpected(ids.error());
    std::vector<club::Tournament> events;
    for (const std::string& id : *ids) {
        if (!argument.empty() && lower_ascii(argument) != id) continue;
        auto t = load_tournament(desk.store, id, pending);
        if (!t) {
            core::operator_log().error("standings: " + t.error().detail);
            continue;
        }
        if (argument.empty() && !club::find_player(*t, address)) continue;
        events.push_back(std::move(*t));
    }
    return queue_standings(desk, address, events, false, std::string(), discriminator, tx);
}

}  // namespace ck::daemon
