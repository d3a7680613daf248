#pragma once
// `leave N` (docs/mail-protocol.md "What the referee reads"; leave_book.hpp for the book and the
// allowance). Acts on all of a player's games, so it is taken only from a mail to one of the
// player's game reply addresses (AuthVerdict::Accept: token, registered From, fresh Message-ID); at
// the plain referee address it gets the help mail like other game commands. Booked: for each of the
// player's games in progress, the player gets the leave notice in that game's thread ("your leave
// ... until ...") and the opponent the leave notice ("X is on leave"); a player with no game in
// progress gets the games list as the confirmation. Over the allowance: the unknown-command mail
// quotes the line with the reason; nothing booked.
#include <string>

#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/game_desk.hpp"
#include "league/game_files.hpp"

namespace ck::daemon {

// `current` (may be null) is the game the mail came to, as the caller holds it (its changes
// may not be committed yet); `current_id` its id.
core::Result<void, core::Error> answer_leave(const GameDesk& desk, const std::string& address,
                                             int days, const std::string& message_id,
                                             const std::string& discriminator,
                                             store::GameId current_id,
                                             const league::StoredGame* current,
                                             store::Transaction& tx);

}  // namespace ck::daemon
