// The next games of an event (tournament_rounds.hpp).
#include "league/tournament_rounds.hpp"

#include <algorithm>
#include <string>

#include "club/knockout.hpp"
#include "club/pgn_archive.hpp"
#include "club/swiss_round.hpp"
#include "core/log.hpp"

namespace ck::league {
namespace {

// Creates the game of pairing `p` of `t`; an error names the event and `p`'s round.
core::Result<PairedGame, core::Error> create_pairing(const GameCreator& create,
                                                     const club::Tournament& t,
                                                     const club::Pairing& p,
                                                     store::Transaction& tx) {
    const GameSpec spec = tournament_game_spec(t, p);
    auto created = create(spec, tx);
    if (!created)
        return core::unexpected(core::Error{
            created.error().kind, "tournament " + t.id + ": round " + std::to_string(p.round) +
                                      ": " + created.error().detail});
    return PairedGame{std::move(*created), spec.event, spec.round};
}

// Creates the games of the last round paired that have none yet.
core::Result<RoundPaired, core::Error> start_round(const GameCreator& create, club::Tournament& t,
                                                   store::Transaction& tx) {
    RoundPaired paired;
    paired.round = club::rounds_paired(t);
    for (club::Pairing& p : t.pairings) {
        if (p.round != paired.round || p.game) continue;
        auto game = create_pairing(create, t, p, tx);
        if (!game) return core::unexpected(game.error());
        p.game = game->created.id;
        paired.games.push_back(std::move(*game));
    }
    t.round_started = core::format_iso8601(tx.now());
    core::operator_log().info("tournament " + t.id + ": round " + std::to_string(paired.round) +
                              " paired, " + std::to_string(paired.games.size()) + " games started");
    paired.event = t;
    return paired;
}

}  // namespace

GameSpec tournament_game_spec(const club::Tournament& t, const club::Pairing& p) {
    const club::EventTags tags = club::event_tags(t, p);
    GameSpec g;
    g.variant = t.settings.variant;
    g.hidden = t.settings.hidden;
    g.rated = t.settings.rated;
    if (t.settings.rules) g.rules = *t.settings.rules;
    g.white = t.players[static_cast<std::size_t>(p.white)].address;
    g.black = t.players[static_cast<std::size_t>(p.black)].address;
    g.time = t.settings.time;
    g.event = tags.event;
    g.round = tags.round;
    return g;
}

core::Result<TournamentEvents, core::Error> advance_swiss(const GameCreator& create,
                                                          club::Tournament& t,
                                                          store::Transaction& tx) {
    TournamentEvents events;
    if (t.system != club::System::Swiss || t.entries_open) return events;
    while (!club::finished(t) && (club::rounds_paired(t) == 0 || club::round_complete(t))) {
        const int before = club::rounds_paired(t);
        auto paired = club::pair_next_round(t);
        if (!paired || club::rounds_paired(t) == before) {
            // No valid pairing (or nobody left to pair): the event ends with the rounds played.
            core::operator_log().error((paired
                                            ? "tournament " + t.id + ": nobody to pair in round " +
                                                  std::to_string(before + 1)
                                            : club::error_text(paired.error())) +
                                       "; the event ends after round " + std::to_string(before));
            t.swiss.rounds = std::max(before, 1);
            break;
        }
        auto round = start_round(create, t, tx);
        if (!round) return core::unexpected(round.error());
        events.emplace_back(std::move(*round));
    }
    return events;
}

core::Result<TournamentEvents, core::Error> advance_stages(const GameCreator& create,
                                                           club::Tournament& t,
                                                           store::Transaction& tx) {
    TournamentEvents events;
    if (!club::is_staged(t) || t.entries_open) return events;
    MatchesPaired paired;
    // A pass may make more due (never in practice: a new match needs games played); bounded.
    for (int pass = 0; pass < 4 && club::extend_stages(t) > 0; ++pass) {
        for (club::Pairing& p : t.pairings) {
            if (p.game) continue;
            auto game = create_pairing(create, t, p, tx);
            if (!game) return core::unexpected(game.error());
            p.game = game->created.id;
            paired.games.push_back(std::move(*game));
        }
    }
    if (paired.games.empty()) return events;
    core::operator_log().info("tournament " + t.id + ": " + std::to_string(paired.games.size()) +
                              " games started (" + club::stage_status(t) + ")");
    paired.event = t;
    events.emplace_back(std::move(paired));
    return events;
}

}  // namespace ck::league
