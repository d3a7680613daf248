// The desk and envelope of a game's mails (game_desk.hpp).
#include "daemon/game_desk.hpp"
#include "daemon/text_view.hpp"

#include "daemon/reply_address.hpp"

namespace ck::daemon {

using league::GameMeta;
using league::Player;

using rules::Color;

core::Result<compose::Envelope, core::Error> game_envelope(const GameDesk& desk, store::GameId game,
                                                           const GameMeta& meta, Color c,
                                                           const std::string& discriminator,
                                                           const store::Transaction& tx) {
    compose::Envelope env;
    env.from = {RefereeDisplayName, desk.config.referee_address};
    const Player* p = desk.players.find(meta.address(c));
    env.to = {p ? p->name : std::string(), meta.address(c)};
    env.player_name = p ? p->name : std::string();
    if (p) env.view = text_view(p->settings);
    env.date = tx.now();
    env.discriminator = discriminator;
    env.game_id = game;
    auto reply = build_reply_address(desk.config.referee_address, game, c, desk.secret);
    if (!reply) return core::unexpected(core::invalid_error(reply.error().message));
    env.reply_to = {RefereeDisplayName, *reply};
    const Player* opp = desk.players.find(meta.address(~c));
    env.opponent_name = opp ? opp->name : meta.address(~c);
    return env;
}

mail::Attachment record_attachment(store::GameId game, const std::string& as, std::string text) {
    const std::string name =
        "crazykrieg-" + to_string(game) + (as == "referee" ? std::string() : "-" + as) + ".pgn";
    return mail::Attachment{name, "application/vnd.chess-pgn", std::move(text)};
}

}  // namespace ck::daemon
