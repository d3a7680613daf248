// What the services borrow from the daemon (club_desk.hpp).
#include "daemon/club_desk.hpp"
#include "daemon/text_view.hpp"

namespace ck::daemon {

using league::load_game;
using league::Player;
using league::StoredGame;

core::Result<StoredGame, core::Error> load_desk_game(const ClubDesk& desk, store::GameId id) {
    if (desk.games) return desk.games->load(desk.store, id);
    return load_game(desk.store, id);
}

compose::Envelope club_envelope(const ClubDesk& desk, const std::string& address,
                                const std::string& discriminator, const store::Transaction& tx) {
    compose::Envelope env;
    env.from = {RefereeDisplayName, desk.config.referee_address};
    const Player* p = desk.players.find(address);
    env.to = {p ? p->name : std::string(), address};
    env.player_name = p ? p->name : std::string();
    if (p) env.view = text_view(p->settings);
    env.date = tx.now();
    env.discriminator = discriminator;
    return env;
}

}  // namespace ck::daemon
