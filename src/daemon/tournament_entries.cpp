// Tournament entries by mail (tournament_entries.hpp).
#include "daemon/tournament_entries.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "club/crosstable.hpp"
#include "core/log.hpp"
#include "daemon/game_files.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/tournaments.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {
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

bool is_entry_command(const Command& c) {
    return c.kind == Command::Kind::Join || c.kind == Command::Kind::Withdraw ||
           c.kind == Command::Kind::Bye;
}

core::Result<void, core::Error> answer_entries(const ClubDesk& desk,
                                               const std::vector<Command>& commands,
                                               const std::string& sender,
                                               const std::string& discriminator,
                                               store::Transaction& tx) {
    if (std::none_of(commands.begin(), commands.end(), is_entry_command)) return {};
    const Player* me = desk.players.find(sender);
    if (!me)
        return core::unexpected(
            core::invalid_error("tournament entry from unregistered " + sender));
    auto ids = tournament_ids(desk.store);
    if (!ids) return core::unexpected(core::corrupt_error(ids.error()));
    std::map<std::string, club::Tournament> events;  // loaded, by id
    std::set<std::string> changed;                   // ids to write, once each, at the end
    int n = 0;
    for (const Command& cmd : commands) {
        if (!is_entry_command(cmd)) continue;
        const std::string disc = discriminator + "e" + std::to_string(n++);
        std::string id = lower_ascii(cmd.argument);
        if (cmd.kind == Command::Kind::Bye && id.empty()) {
            // `bye ROUND`: the one Swiss event under way the sender plays in.
            const auto mine = swiss_events_of(desk, *ids, me->address);
            if (mine.size() == 1) id = mine[0];
        }
        if (std::find(ids->begin(), ids->end(), id) == ids->end()) {
            compose::EntryDetails d;
            d.event = Event::NoSuchEvent;
            d.tournament_id =
                cmd.argument.empty() ? "(name it: bye TOURNAMENT ROUND)" : cmd.argument;
            if (auto sent = send(desk, me->address, d, disc, tx); !sent) return sent;
            continue;
        }
        auto at = events.find(id);
        if (at == events.end()) {
            auto t = load_tournament(desk.store, id);
            if (!t) return core::unexpected(core::corrupt_error(t.error()));
            at = events.emplace(id, std::move(*t)).first;
        }
        club::Tournament& t = at->second;
        if (cmd.kind == Command::Kind::Bye) {
            compose::EntryDetails d = details(t, Event::ByeGranted);
            d.round = cmd.round;
            const int pts = t.swiss.requested_bye_points;
            d.bye_points = pts == 5 ? "1/2" : std::to_string(pts / 10);
            if (auto r = club::request_bye(t, me->address, cmd.round); r) {
                changed.insert(id);
                core::operator_log().info("tournament " + t.id + ": " + me->address +
                                          " asked for a bye in round " + std::to_string(cmd.round));
            } else {
                d.event = r.error().code == club::ErrorCode::BadRound ? Event::BadRound
                          : r.error().code == club::ErrorCode::AlreadyEntered
                              ? Event::ByeGranted  // asked twice: the same answer
                              : event_of(r.error().code);
            }
            if (auto sent = send(desk, me->address, d, disc, tx); !sent) return sent;
            continue;
        }
        const bool join = cmd.kind == Command::Kind::Join;
        if (!join && t.system == club::System::Swiss && !t.entries_open) {
            // A Swiss under way: the player is not paired from the next round on.
            compose::EntryDetails d = details(t, Event::Retired);
            d.round = club::rounds_paired(t) + 1;
            if (auto r = club::withdraw_player(t, me->address); r) {
                changed.insert(id);
                core::operator_log().info("tournament " + t.id + ": " + me->address +
                                          " withdrew from round " + std::to_string(d.round));
            } else {
                d.event = event_of(r.error().code);
            }
            if (auto sent = send(desk, me->address, d, disc, tx); !sent) return sent;
            continue;
        }
        Event event = join ? Event::Joined : Event::Withdrawn;
        if (join && !t.entries_open && club::find_player(t, me->address)) {
            event = Event::AlreadyIn;  // a player of a started event is in it, not "closed" out
        } else {
            auto r = join ? club::add_entrant(t, club::Player{me->name, me->address})
                          : club::remove_entrant(t, me->address);
            if (r) {
                changed.insert(id);
                core::operator_log().info("tournament " + t.id + ": " + me->address +
                                          (join ? " joined" : " withdrew"));
            } else {
                event = event_of(r.error().code);
            }
        }
        if (auto sent = send(desk, me->address, details(t, event), disc, tx); !sent) return sent;
    }
    for (const std::string& id : changed) save_tournament(tx, events.at(id));
    return {};
}

}  // namespace ck::daemon
