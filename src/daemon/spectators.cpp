// Spectators: followers of a game (spectators.hpp).
#include "daemon/spectators.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "core/text.hpp"
#include "daemon/game_desk.hpp"
#include "daemon/queue_mail.hpp"
#include "mail/outgoing.hpp"
#include "referee/spectator_view.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::format_game_ini;
using league::GameMeta;
using league::load_game;
using league::Player;
using league::saved_meta;
using league::spectator_events;
using league::StoredGame;

namespace {

using rules::Color;
using Occasion = compose::SpectatorDetails::Occasion;

// The ONLY way a follower's view is made: the meet of both players' views.
referee::SpectatorView spectator_of(const referee::Game& game) {
    return referee::spectator_view(game.view(Color::White), game.view(Color::Black));
}

std::string display_name(const ClubDesk& desk, const std::string& address) {
    const Player* p = desk.players.find(address);
    return p && !p->name.empty() ? p->name : address;
}

// `game`: the game the mail is about; none for a text that names no game.
core::Result<void, core::Error> queue_one(const ClubDesk& desk, std::optional<store::GameId> game,
                                          const GameMeta& meta, const referee::SpectatorView& view,
                                          compose::SpectatorDetails d, const std::string& to,
                                          const std::string& discriminator, store::Transaction& tx,
                                          std::optional<mail::Attachment> attachment = {}) {
    compose::Envelope env = club_envelope(desk, to, discriminator, tx);
    env.game_id = game;
    d.white_name = display_name(desk, meta.white);
    d.black_name = display_name(desk, meta.black);
    return queue_mail(tx, desk.config, to, compose::spectator_mail(desk.templates, env, view, d),
                      std::move(attachment));
}

}  // namespace

const char* follow_outcome_text(FollowOutcome o) {
    switch (o) {
        case FollowOutcome::Done:
            return "done";
        case FollowOutcome::Unchanged:
            return "nothing to change";
        case FollowOutcome::NoSuchGame:
            return "no such game";
        case FollowOutcome::OwnGame:
            return "the address plays in that game";
        case FollowOutcome::GameOver:
            return "the game is over";
    }
    return "";
}

core::Result<void, core::Error> queue_spectator_mails(const ClubDesk& desk, store::GameId game,
                                                      const StoredGame& g,
                                                      const std::string& discriminator,
                                                      store::Transaction& tx,
                                                      const std::string& adjudication_reason) {
    if (g.meta.followers.empty()) return {};
    const referee::SpectatorView view = spectator_of(g.game);
    // What followers were told already: game.ini's count for the state still in the store
    // (game_files.hpp followers_told; `g` was loaded from it, and the save that stages the new
    // state leaves g.meta as it was). A game.ini from before the count existed: the state in
    // the store is replayed, once (the save staged with this mail writes the count).
    std::size_t told = 0;
    if (g.meta.followers_told)
        told = *g.meta.followers_told;
    else if (auto before = load_game(desk.store, game))
        told = spectator_events(before->game);
    const std::size_t news_from = std::min(view.events.size(), told);
    compose::SpectatorDetails d;
    d.news_from = news_from;
    d.occasion = g.game.over() ? Occasion::End : Occasion::Turn;
    d.adjudication_reason = adjudication_reason;
    std::optional<mail::Attachment> record;
    if (g.game.over()) {
        record = record_attachment(game, "referee", g.record.referee_record());
        d.file_name = record->name;
    }
    for (std::size_t i = 0; i < g.meta.followers.size(); ++i) {
        auto r = queue_one(desk, game, g.meta, view, d, g.meta.followers[i],
                           discriminator + "s" + std::to_string(i), tx, record);
        if (!r) return r;
    }
    return {};
}

core::Result<FollowOutcome, core::Error> set_following(
    const ClubDesk& desk, std::optional<store::GameId> game, const std::string& address,
    bool follow, bool mail_refusals, const std::string& discriminator, store::Transaction& tx) {
    const std::string who = lower_ascii(address);
    const auto refuse = [&](FollowOutcome o) -> core::Result<FollowOutcome, core::Error> {
        if (!mail_refusals) return o;
        compose::SpectatorDetails d;
        d.occasion = Occasion::Refused;
        d.refusal = o == FollowOutcome::NoSuchGame ? compose::SpectatorDetails::Refusal::NoSuchGame
                    : o == FollowOutcome::OwnGame  ? compose::SpectatorDetails::Refusal::OwnGame
                                                   : compose::SpectatorDetails::Refusal::GameOver;
        auto r =
            queue_one(desk, game, GameMeta{}, referee::SpectatorView{}, d, who, discriminator, tx);
        if (!r) return core::unexpected(r.error());
        return o;
    };
    if (!game) return refuse(FollowOutcome::NoSuchGame);
    const store::GameId id = *game;
    auto ids = desk.store.list_games();
    if (!ids) return core::unexpected(core::from_io(ids.error()));
    if (std::find(ids->begin(), ids->end(), id) == ids->end())
        return refuse(FollowOutcome::NoSuchGame);
    auto loaded = load_desk_game(desk, id);
    if (!loaded) return core::unexpected(loaded.error());
    StoredGame& g = *loaded;
    auto& list = g.meta.followers;
    const auto at = std::find(list.begin(), list.end(), who);
    if (follow) {
        if (lower_ascii(g.meta.white) == who || lower_ascii(g.meta.black) == who)
            return refuse(FollowOutcome::OwnGame);
        if (g.game.over()) return refuse(FollowOutcome::GameOver);
        if (at != list.end()) return FollowOutcome::Unchanged;
        list.push_back(who);
    } else {
        if (at == list.end()) {
            // By mail the sender still gets an answer: true either way, and it tells nothing.
            if (!mail_refusals) return FollowOutcome::Unchanged;
            compose::SpectatorDetails d;
            d.occasion = Occasion::Unfollowed;
            auto r =
                queue_one(desk, id, g.meta, referee::SpectatorView{}, d, who, discriminator, tx);
            if (!r) return core::unexpected(r.error());
            return FollowOutcome::Unchanged;
        }
        list.erase(at);
    }
    // Only game.ini changes: the record is not rewritten. With it, what the followers are told
    // (everything so far: the confirmation below shows it).
    tx.write_game_file(id, "game.ini", format_game_ini(saved_meta(g)));
    compose::SpectatorDetails d;
    d.occasion = follow ? Occasion::Following : Occasion::Unfollowed;
    auto r = queue_one(desk, id, g.meta, spectator_of(g.game), d, who, discriminator, tx);
    if (!r) return core::unexpected(r.error());
    core::operator_log().info("game " + to_string(id) + ": " + who +
                              (follow ? " follows" : " unfollowed"));
    return FollowOutcome::Done;
}

}  // namespace ck::daemon
