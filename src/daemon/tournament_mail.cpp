// The mails of a club's events (tournament_mail.hpp).
#include "daemon/tournament_mail.hpp"

#include <string>
#include <vector>

#include "club/tournament.hpp"
#include "daemon/game_start_mail.hpp"
#include "daemon/standings_mail.hpp"
#include "league/tournament_store.hpp"

namespace ck::daemon {
using league::EventFinished;
using league::MatchesPaired;
using league::PairedGame;
using league::RoundPaired;
using league::tournament_archive;
using league::TournamentEvent;
using league::TournamentEvents;

namespace {

ClubDesk club_desk(const GameDesk& desk) {
    return ClubDesk{desk.config, desk.players, desk.store, desk.templates, &desk.games};
}

core::Result<void, core::Error> start_mails(const GameDesk& desk, const club::Tournament& t,
                                            const std::vector<PairedGame>& games,
                                            store::Transaction& tx) {
    for (const PairedGame& g : games)
        CK_TRY(queue_game_start_mails(desk, g.created, StartEvent{t.id, g.event, g.round}, tx));
    return {};
}

core::Result<void, core::Error> round_mails(const GameDesk& desk, const RoundPaired& paired,
                                            store::Transaction& tx) {
    const club::Tournament& t = paired.event;
    CK_TRY(start_mails(desk, t, paired.games, tx));
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        if (club::withdrawn(t, static_cast<int>(i), paired.round)) continue;
        const std::string disc =
            "round-" + t.id + "-" + std::to_string(paired.round) + "-" + std::to_string(i + 1);
        CK_TRY(queue_standings(club_desk(desk), t.players[i].address, {t}, false, std::string(),
                               disc, tx, true));
    }
    return {};
}

core::Result<void, core::Error> matches_mails(const GameDesk& desk, const MatchesPaired& paired,
                                              store::Transaction& tx) {
    const club::Tournament& t = paired.event;
    CK_TRY(start_mails(desk, t, paired.games, tx));
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        const std::string disc =
            "stage-" + t.id + "-" + std::to_string(t.pairings.size()) + "-" + std::to_string(i + 1);
        CK_TRY(queue_standings(club_desk(desk), t.players[i].address, {t}, false, std::string(),
                               disc, tx, true));
    }
    return {};
}

core::Result<void, core::Error> final_mails(const GameDesk& desk, const club::Tournament& t,
                                            store::Transaction& tx) {
    // The records of the games ending in this transaction are in `tx` only.
    auto archive = tournament_archive(desk.store, t, &tx);
    if (!archive) return core::unexpected(archive.error());
    std::vector<std::string> to;
    for (const club::Player& player : t.players) to.push_back(player.address);
    for (const club::Team& team : t.match.teams)
        if (!team.captain.empty() && !club::find_player(t, team.captain))
            to.push_back(team.captain);
    for (std::size_t i = 0; i < to.size(); ++i)
        CK_TRY(queue_standings(club_desk(desk), to[i], {t}, true, *archive,
                               "final-" + t.id + "-" + std::to_string(i + 1), tx));
    return {};
}

}  // namespace

core::Result<void, core::Error> queue_tournament_mails(const GameDesk& desk,
                                                       const TournamentEvents& events,
                                                       store::Transaction& tx) {
    for (const TournamentEvent& event : events) {
        if (const auto* round = std::get_if<RoundPaired>(&event)) {
            CK_TRY(round_mails(desk, *round, tx));
        } else if (const auto* matches = std::get_if<MatchesPaired>(&event)) {
            CK_TRY(matches_mails(desk, *matches, tx));
        } else if (const auto* finished = std::get_if<EventFinished>(&event)) {
            CK_TRY(final_mails(desk, finished->event, tx));
        }
    }
    return {};
}

}  // namespace ck::daemon
