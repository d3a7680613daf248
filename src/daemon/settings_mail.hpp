#pragma once
// The answer to a player's `set ...` and `settings` lines (README "Your settings",
// player_settings.hpp), valid in a reply to a game's mail and in a mail to the plain referee
// address: the `set` lines are applied in order (a line whose value is wrong changes nothing
// and is quoted with what is wrong), the player record is staged with the new settings (and,
// when the digest is turned on, its start, digest.hpp) into the mail's transaction, and one
// settings mail shows every setting; it is merged into the mail's one answer.
// The organiser's `crazykrieg player set EMAIL KEY=VALUE...` changes the same record
// (change_settings).
#include <string>
#include <utility>
#include <vector>

#include "compose/compose.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/commands.hpp"
#include "league/player_settings.hpp"
#include "league/players.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Whether the mail holds a `set` or `settings` line.
bool asks_settings(const std::vector<Command>& commands);

// The lines are answered by the command table's handler run_setting (command_handlers.hpp), in the
// order written, with MailRun::players the registry whose record of the sender is changed in
// memory as staged; finish_settings stages the record and queues the one settings mail.

// Stages `address`'s settings `next` (and the digest's start when it is turned on) into `tx`.
// An address that is no player is Invalid; the registry's errors keep their kind.
core::Result<void, core::Error> change_settings(league::Players& players,
                                                const std::string& address,
                                                const league::PlayerSettings& next,
                                                store::Transaction& tx);

}  // namespace ck::daemon
