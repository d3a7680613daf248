// The daily digest (digest.hpp).
#include "daemon/digest.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ratio>
#include <vector>

#include "compose/view_model.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/reply_address.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::digest_reader;
using league::game_deadline;
using league::GameNote;
using league::parse_game_ini;
using league::per_move_mail;
using league::Player;
using league::Players;
using league::StoredGame;

namespace {

using rules::Color;

// "ck.<game>.<ply>.<w|b>.turn[.<disc>]@domain" (compose::message_id of a turn mail).
bool is_turn_mail(const mail::OutgoingMail& m) {
    const std::string& id = m.message_id;
    if (id.rfind("ck.", 0) != 0) return false;
    std::size_t at = 0;
    for (int dots = 0; dots < 4; ++dots) {
        at = id.find('.', at + 1);
        if (at == std::string::npos) return false;
    }
    const std::string tail = id.substr(at + 1);
    return tail.rfind("turn.", 0) == 0 || tail.rfind("turn@", 0) == 0;
}

// The games in progress of `address`, with the player's colour, by id.
std::vector<std::pair<store::GameId, Color>> games_of_player(const store::Store& store,
                                                             const std::string& address) {
    std::vector<std::pair<store::GameId, Color>> out;
    auto ids = store.list_games();
    if (!ids) return out;
    for (const store::GameId id : *ids) {
        auto ini = store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta) continue;
        if (lower_ascii(meta->white) == address)
            out.emplace_back(id, Color::White);
        else if (lower_ascii(meta->black) == address)
            out.emplace_back(id, Color::Black);
    }
    return out;
}

// Least time left first; a game without a clock after every game with one. Ties keep their
// order (stable_sort): the games are listed by ascending id (games_of_player).
bool sooner(const compose::DigestGame& a, const compose::DigestGame& b) {
    if (a.deadline.has_value() != b.deadline.has_value()) return a.deadline.has_value();
    return a.deadline && a.deadline->at < b.deadline->at;
}

// One player's digest into `tx`: the mail and the new mark.
core::Result<bool, core::Error> digest_of(const GameDesk& desk, const Player& player,
                                          const std::optional<DigestMark>& before,
                                          core::TimePoint due, store::Transaction& tx) {
    compose::DigestDetails details;
    DigestMark mark;
    mark.last = due;
    if (before) details.since = before->last;
    for (const auto& [id, colour] : games_of_player(desk.store, player.address)) {
        auto loaded = desk.games.load(desk.store, id);
        if (!loaded) return core::unexpected(loaded.error());
        const StoredGame& g = *loaded;
        if (g.game.over()) continue;
        compose::DigestGame e{id};
        const std::string& opp = g.meta.address(~colour);
        const Player* op = desk.players.find(opp);
        e.opponent = op && !op->name.empty() ? op->name : opp;
        // The player's own view only (docs/design.md "Hidden information is a type").
        e.view = g.game.view(colour);
        const DigestMark::Game* seen = nullptr;
        if (before)
            if (const auto it = before->games.find(id); it != before->games.end())
                seen = &it->second;
        // A game new to the digest: from the player's own last turn, as a turn mail tells it.
        e.news_from =
            seen ? std::min(seen->heard, e.view.heard.size()) : compose::last_turn_start(e.view);
        // Notes: those after the last digest's; in a game new to it, those since the
        // opponent's last move.
        const std::size_t notes_from = seen ? std::min(seen->notes, g.meta.notes.size()) : 0;
        for (std::size_t i = notes_from; i < g.meta.notes.size(); ++i) {
            const GameNote& n = g.meta.notes[i];
            if (n.by != colour && (seen || n.ply >= g.record.plies() - 1))
                e.notes.push_back(n.text);
        }
        auto at = game_deadline(desk.store, id, g);
        if (!at) return core::unexpected(at.error());
        if (*at) e.deadline = compose::Deadline{**at};
        mark.games[id] = DigestMark::Game{e.view.heard.size(), g.meta.notes.size()};
        (e.view.to_move == colour ? details.your_turn : details.waiting).push_back(std::move(e));
    }
    std::stable_sort(details.your_turn.begin(), details.your_turn.end(), sooner);
    std::stable_sort(details.waiting.begin(), details.waiting.end(), sooner);
    DigestTable::put(tx, player.address, mark);
    if (details.your_turn.empty() && details.waiting.empty()) return false;  // nothing to tell
    const ClubDesk club{desk.config, desk.players, desk.store, desk.templates, &desk.games};
    const std::string disc =
        "d" + core::format_iso_date(due) + "-" + core::sha256_hex(player.address).substr(0, 8);
    compose::Envelope env = club_envelope(club, player.address, disc, tx);
    // Replies act in the games listed (digest_reply.hpp).
    auto reply = build_digest_address(desk.config.referee_address, player.address, desk.secret);
    if (!reply) return core::unexpected(core::invalid_error(reply.error().message));
    env.reply_to = {RefereeDisplayName, *reply};
    CK_TRY(queue_own_mail(tx, desk.config, player.address,
                          compose::digest_mail(desk.templates, env, details)));
    return true;
}

}  // namespace

std::string DigestCodec::encode(const DigestMark& m) {
    std::string out = "last " + core::format_iso8601(m.last) + "\n";
    for (const auto& [id, g] : m.games)
        out += "game " + to_string(id) + " " + std::to_string(g.heard) + " " +
               std::to_string(g.notes) + "\n";
    return out;
}

core::Result<DigestMark, std::string> DigestCodec::decode(std::string_view body) {
    DigestMark m;
    bool have_last = false;
    std::size_t pos = 0;
    while (pos < body.size()) {
        const std::size_t eol = body.find('\n', pos);
        if (eol == std::string_view::npos) return core::unexpected(std::string("no final newline"));
        const std::string line(body.substr(pos, eol - pos));
        pos = eol + 1;
        if (line.rfind("last ", 0) == 0) {
            auto t = core::parse_iso8601(line.substr(5));
            if (!t) return core::unexpected("bad time in '" + line + "'");
            m.last = *t;
            have_last = true;
            continue;
        }
        unsigned long long heard = 0, notes = 0;
        char id_text[24] = {};
        char extra = 0;
        if (std::sscanf(line.c_str(), "game %23s %llu %llu%c", id_text, &heard, &notes, &extra) !=
            3)
            return core::unexpected("bad line '" + line + "'");
        const auto id = core::parse_game_id(id_text);
        if (!id) return core::unexpected("bad line '" + line + "': " + id.error().describe());
        m.games[*id] = DigestMark::Game{heard, notes};
    }
    if (!have_last) return core::unexpected(std::string("no `last` line"));
    return m;
}

core::TimePoint digest_due(int minute, core::TimePoint now) {
    using Day = std::chrono::duration<std::int64_t, std::ratio<86400>>;
    const core::TimePoint day = std::chrono::floor<Day>(now);
    core::TimePoint due = day + std::chrono::minutes(minute);
    if (due > now) due -= std::chrono::hours(24);
    return due;
}

void start_digest(store::Transaction& tx, const std::string& address, core::TimePoint now) {
    DigestMark m;
    m.last = now;
    DigestTable::put(tx, lower_ascii(address), m);
}

DigestReport run_digests(const GameDesk& desk, store::Store& store, core::TimePoint now) {
    DigestReport report;
    auto& log = core::operator_log();
    for (const Player& p : desk.players.all()) {
        if (!digest_reader(p.settings)) continue;
        const core::TimePoint due = digest_due(p.settings.digest_minute, now);
        auto before = DigestTable::get(store, p.address);
        if (!before) {
            log.error("digest of " + p.address + ": " + before.error().describe());
            ++report.failed;
            continue;
        }
        if (*before && (*before)->last >= due) continue;
        store::Transaction tx(now);
        auto sent = digest_of(desk, p, *before, due, tx);
        if (!sent) {
            log.error("digest of " + p.address + ": " + sent.error().detail);
            ++report.failed;
            continue;
        }
        if (auto committed = store.commit(tx); !committed) {
            log.error("digest of " + p.address +
                      ": commit failed: " + committed.error().describe());
            ++report.failed;
            continue;
        }
        if (*sent) {
            ++report.sent;
            log.info("digest sent to " + p.address);
        }
    }
    return report;
}

std::size_t withhold_per_move_mails(const Players& players, store::Transaction& tx,
                                    const std::string& sender) {
    const std::string me = lower_ascii(sender);
    return tx.drop_outgoing([&](const std::string& to, const mail::OutgoingMail& m) {
        const std::string a = lower_ascii(to);
        if (a == me || !is_turn_mail(m)) return false;
        const Player* p = players.find(a);
        return p && !per_move_mail(p->settings);
    });
}

}  // namespace ck::daemon
