// A new game (Daemon::new_game, Daemon::stage_game; mail_pass.hpp): the game in the store
// (league/game_creation.hpp: its record and files, its clock and deadline entry) and both
// game-start mails (game_start_mail.hpp), staged in one transaction.
#include "league/game_creation.hpp"
#include "daemon/game_start_mail.hpp"
#include "daemon/mail_pass.hpp"

namespace ck::daemon {

core::Result<store::GameId, core::Error> Daemon::new_game(const NewGame& spec,
                                                          const core::Clock& clock) {
    store::Transaction tx(clock.now());
    auto id = stage_game(spec, tx);
    if (!id) return id;
    auto committed = store_.commit(tx);
    if (!committed) return core::unexpected(core::from_io(committed.error()));
    return id;
}

core::Result<store::GameId, core::Error> Daemon::stage_game(const NewGame& spec,
                                                            store::Transaction& tx) {
    auto created = creator()(spec, tx);
    if (!created) return core::unexpected(created.error());
    CK_TRY(queue_game_start_mails(game_desk(), *created,
                                  StartEvent{spec.tournament, spec.event, spec.round}, tx));
    return created->id;
}

}  // namespace ck::daemon
