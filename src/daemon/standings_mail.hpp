#pragma once
// The standings mail (README "Tournaments by mail"): the crosstables of events, as the answer to
// `standings [TOURNAMENT]` (club_mail.hpp, game_turn.hpp) and as the mail a round or an event's
// end sends to every player (tournament_mail.hpp).
#include <string>
#include <vector>

#include "club/tournament.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// The standings mail (compose::MailKind::Standings) to `address`: the crosstables of `events`.
// final: `archive` is attached as tournament-<id>.pgn (the single event's id). A final mail, or
// one with `own_mail` (a Swiss round's standings and pairings), is a mail of its own; else it
// joins the sender's one answer.
core::Result<void, core::Error> queue_standings(const ClubDesk& desk, const std::string& address,
                                                const std::vector<club::Tournament>& events,
                                                bool final, const std::string& archive,
                                                const std::string& discriminator,
                                                store::Transaction& tx, bool own_mail = false);

// The answer to the `standings [TOURNAMENT]` command from registered player `address`: the
// named event (any, by id; an unknown id gives the no-event mail), else every event the player
// plays in.
// `pending` (may be null): a transaction not yet committed whose tournament records win over
// the store's (an entry made earlier in the same mail).
core::Result<void, core::Error> answer_standings(const ClubDesk& desk, const std::string& address,
                                                 const std::string& argument,
                                                 const std::string& discriminator,
                                                 store::Transaction& tx,
                                                 const store::Transaction* pending = nullptr);

}  // namespace ck::daemon
