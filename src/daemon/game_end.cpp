// The one game-end path (game_end.hpp).
#include "daemon/game_end.hpp"

#include "core/log.hpp"
#include "daemon/queue_mail.hpp"
#include "daemon/receipt_line.hpp"
#include "daemon/spectators.hpp"
#include "daemon/tournament_mail.hpp"
#include "league/conditional_book.hpp"
#include "league/deadline_index.hpp"
#include "league/ratings.hpp"
#include "mail/outgoing.hpp"

namespace ck::daemon {

using league::AppliedEffects;
using league::apply_game_events;
using league::find_event;
using league::GameEnded;
using league::GameSession;
using league::loser_of;
using league::StoredGame;
using league::Termination;

using rules::Color;

core::Result<void, core::Error> queue_game_end_mails(const GameDesk& desk, const StoredGame& g,
                                                     const GameEnded& ended,
                                                     const std::vector<std::string>& rating_lines,
                                                     const EndMailing& mailing,
                                                     store::Transaction& tx) {
    const store::GameId gid = ended.game;
    const std::string full = g.record.referee_record();
    const auto loser = loser_of(ended.outcome.result);
    for (Color c : {mailing.first, ~mailing.first}) {
        auto env = game_envelope(desk, gid, g.meta, c, mailing.players_discriminator, tx);
        if (!env) return core::unexpected(env.error());
        add_receipt(*env, g);  // receipt_line.hpp
        env->ratings = rating_lines;
        const auto view = g.game.view(c);
        auto mail = [&]() -> compose::MailResult {
            if (ended.outcome.termination == Termination::Forfeit && loser)
                return compose::forfeit_mail(desk.templates, *env, view,
                                             compose::ForfeitDetails{*loser});
            compose::GameEndDetails d;
            d.record_attached = true;
            d.adjudication_reason = ended.reason;
            return compose::game_end_mail(desk.templates, *env, view, d);
        }();
        if (auto q = queue_mail(tx, desk.config, g.meta.address(c), std::move(mail),
                                record_attachment(gid, "referee", full));
            !q)
            return q;
    }
    // Followers get the end mail with the full record, as the players do (spectators.hpp).
    const ClubDesk club{desk.config, desk.players, desk.store, desk.templates, &desk.games};
    return queue_spectator_mails(club, gid, g, mailing.followers_discriminator, tx, ended.reason);
}

core::Result<AppliedEffects, core::Error> settle_game(const GameDesk& desk, GameSession& session,
                                                      const EndMailing& mailing,
                                                      store::Transaction& tx,
                                                      std::optional<core::TimePoint> arrived) {
    auto turn = session.save(tx, arrived);
    if (!turn) return core::unexpected(turn.error());
    const StoredGame& g = session.game();
    // 1. The store's consequences of the events (event_effects.hpp), the tournament's last.
    auto applied = apply_game_events(desk.store, desk.players, session.id(), g, session.events(),
                                     tx, desk.create ? &*desk.create : nullptr);
    if (!applied) return applied;
    const GameEnded* ended = find_event<GameEnded>(session.events());
    if (!ended) return applied;
    // 2. The end mails.
    if (auto m = queue_game_end_mails(desk, g, *ended, applied->rating_lines, mailing, tx); !m)
        return core::unexpected(m.error());
    // 3. The event's mails, last (tournament_mail.hpp).
    if (auto t = queue_tournament_mails(desk, applied->tournament, tx); !t)
        return core::unexpected(t.error());
    return applied;
}

}  // namespace ck::daemon
