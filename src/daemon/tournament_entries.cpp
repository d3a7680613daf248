// Tournament entries by mail (tournament_entries.hpp).
#include "daemon/tournament_entries.hpp"

#include <algorithm>
#include <map>

#include "club/crosstable.hpp"
#include "club/knockout.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/mail_run.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/standings_mail.hpp"
#include "league/game_files.hpp"
#include "league/tournament_store.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::load_tournament;
using league::Player;
using league::save_tournament;
using league::tournament_ids;

namespace {

using Event = compose::EntryDetails::Event;

core::Result<void, core::Error> send(const ClubDesk& desk, const std::string& address,
                                     const compose::EntryDetails& d,
                                     const std::string& discriminator, store::Transaction& tx) {
    const compose::Envelope env = club_envelope(desk, address, discriminator, tx);
    return queue_mail(tx, desk.config, address, compose::entry_mail(desk.templates, env, d));
}

compose::EntryDetails details(const club::Tournament& t, Event event) {
    compose::EntryDetails d;
    d.event = event;
    d.tournament_id = t.id;
    d.tournament_name = t.name;
    d.settings = club::make_crosstable(t).subtitle;
    d.entrants = t.players.size();
    d.swiss = t.system == club::System::Swiss;
    return d;
}

// The Swiss events under way that player `address` plays in (not withdrawn), by id.
std::vector<std::string> swiss_events_of(const ClubDesk& desk, const std::vector<std::string>& ids,
                                         const std::string& address) {
    std::vector<std::string> out;
    for (const std::string& id : ids) {
        auto t = load_tournament(desk.store, id);
        if (!t || t->system != club::System::Swiss || t->entries_open || club::finished(*t))
            continue;
        const auto p = club::find_player(*t, address);
        if (p && !club::withdrawn(*t, *p, club::rounds_paired(*t) + 1)) out.push_back(id);
    }
    return out;
}

Event event_of(club::ErrorCode code) {
    switch (code) {
        case club::ErrorCode::EntriesClosed:
            return Event::Closed;
        case club::ErrorCode::AlreadyEntered:
            return Event::AlreadyIn;
        case club::ErrorCode::NotEntered:
            return Event::NotIn;
        default:  // add_entrant's only other refusal: the list is full
            return Event::Full;
    }
}

}  // namespace

// One mail's entry lines (mail_run.hpp): the events they touched, each loaded once; a changed
// one is staged at once, so that a later `standings` line of the mail shows it (a later
// change of the same event replaces the staged record).
struct EntryRun {
    const Player* me = nullptr;
    std::vector<std::string> ids;
    std::map<std::string, club::Tournament> events;  // loaded, by id
    int n = 0;                                       // entry lines answered so far
};

namespace {

core::Result<EntryRun*, core::Error> entry_part(MailRun& run) {
    if (run.entries) return run.entries.get();
    auto part = std::make_shared<EntryRun>();
    part->me = run.desk.players.find(run.sender);
    if (!part->me)
        return core::unexpected(
            core::invalid_error("tournament entry from unregistered " + run.sender));
    auto ids = tournament_ids(run.desk.store);
    if (!ids) return core::unexpected(ids.error());
    part->ids = std::move(*ids);
    run.entries = part;
    return part.get();
}

}  // namespace

Handled club_entry(MailRun& run, const Command& cmd) {
    if (!run.acts) return club_not_here(run, cmd);
    auto part = entry_part(run);
    if (!part) return core::unexpected(part.error());
    EntryRun& e = **part;
    const ClubDesk& desk = run.desk;
    store::Transaction& tx = run.tx;
    const Player* me = e.me;
    const std::string disc = run.disc + "e" + std::to_string(e.n++);
    const bool bye = cmd.kind == Command::Kind::Bye;
    const std::string& written = bye ? cmd.as<ByeArgs>().tournament : cmd.argument();
    std::string id = lower_ascii(written);
    if (bye && id.empty()) {
        // `bye ROUND`: the one Swiss event under way the sender plays in.
        const auto mine = swiss_events_of(desk, e.ids, me->address);
        if (mine.size() == 1) id = mine[0];
    }
    if (std::find(e.ids.begin(), e.ids.end(), id) == e.ids.end()) {
        compose::EntryDetails d;
        d.event = Event::NoSuchEvent;
        d.tournament_id = written.empty() ? "(name it: bye TOURNAMENT ROUND)" : written;
        return send(desk, me->address, d, disc, tx);
    }
    auto at = e.events.find(id);
    if (at == e.events.end()) {
        auto t = load_tournament(desk.store, id);
        if (!t) return core::unexpected(t.error());
        at = e.events.emplace(id, std::move(*t)).first;
    }
    club::Tournament& t = at->second;
    const auto changed = [&] { save_tournament(tx, t); };
    if (bye) {
        const int round = cmd.as<ByeArgs>().round;
        compose::EntryDetails d = details(t, Event::ByeGranted);
        d.round = round;
        const int pts = t.swiss.requested_bye_points;
        d.bye_points = pts == 5 ? "1/2" : std::to_string(pts / 10);
        if (t.system != club::System::Swiss) {
            // Only a Swiss has byes to ask for (docs/knockout.md: a knockout's are the bracket's).
            d.event = Event::NoByes;
            d.knockout = club::is_staged(t);
        } else if (auto r = club::request_bye(t, me->address, round); r) {
            changed();
            core::operator_log().info("tournament " + t.id + ": " + me->address +
                                      " asked for a bye in round " + std::to_string(round));
        } else {
            d.event = r.error().code == club::ErrorCode::BadRound ? Event::BadRound
                      : r.error().code == club::ErrorCode::AlreadyEntered
                          ? Event::ByeGranted  // asked twice: the same answer
                          : event_of(r.error().code);
        }
        return send(desk, me->address, d, disc, tx);
    }
    const bool join = cmd.kind == Command::Kind::Join;
    if (!join && t.system == club::System::Swiss && !t.entries_open) {
        // A Swiss under way: the player is not paired from the next round on.
        compose::EntryDetails d = details(t, Event::Retired);
        d.round = club::rounds_paired(t) + 1;
        if (auto r = club::withdraw_player(t, me->address); r) {
            changed();
            core::operator_log().info("tournament " + t.id + ": " + me->address +
                                      " withdrew from round " + std::to_string(d.round));
        } else {
            d.event = event_of(r.error().code);
        }
        return send(desk, me->address, d, disc, tx);
    }
    if (join && t.system == club::System::Swiss && !t.entries_open) {
        // A late entry (docs/swiss.md "Late entries"): paired from the next round paired on.
        compose::EntryDetails d = details(t, Event::LateJoined);
        auto r = club::enter_late(t, club::Player{me->name, me->address});
        if (r) {
            changed();
            d = details(t, Event::LateJoined);
            d.round = *r;
            const int pts = t.swiss.late_bye_points;
            d.bye_points = pts == 5 ? "1/2" : std::to_string(pts / 10);
            core::operator_log().info("tournament " + t.id + ": " + me->address +
                                      " entered late, paired from round " + std::to_string(*r));
        } else {
            switch (r.error().code) {
                case club::ErrorCode::AlreadyEntered:
                    d.event = Event::AlreadyIn;
                    break;
                case club::ErrorCode::WithdrawnBefore:
                    d.event = Event::Rejoin;
                    break;
                case club::ErrorCode::LastRoundPaired:
                    d.event = Event::TooLate;
                    break;
                default:  // BadPlayers: the most players an event may have
                    d.event = Event::Full;
                    break;
            }
        }
        return send(desk, me->address, d, disc, tx);
    }
    Event event = join ? Event::Joined : Event::Withdrawn;
    if (join && !t.entries_open && club::find_player(t, me->address)) {
        event = Event::AlreadyIn;  // a player of a started event is in it, not "closed" out
    } else {
        auto r = join ? club::add_entrant(t, club::Player{me->name, me->address})
                      : club::remove_entrant(t, me->address);
        if (r) {
            changed();
            core::operator_log().info("tournament " + t.id + ": " + me->address +
                                      (join ? " joined" : " withdrew"));
        } else {
            event = event_of(r.error().code);
        }
    }
    return send(desk, me->address, details(t, event), disc, tx);
}

}  // namespace ck::daemon
