#pragma once
// What a player's `view` setting (league/player_settings.hpp, README "Your settings") asks of
// every mail's text part, as compose renders it (compose::Envelope::view). The daemon maps it
// because it is the module that knows both the club's records and the mails; a mail to an
// address that is no player keeps the envelope's default (the board).
#include "compose/list_view.hpp"
#include "league/player_settings.hpp"

namespace ck::daemon {

compose::TextView text_view(const league::PlayerSettings& s);

}  // namespace ck::daemon
