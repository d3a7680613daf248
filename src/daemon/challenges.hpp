#pragma once
// Challenges by mail (README "Challenges and tournaments by mail"; README "Mail protocol for
// players").
//
// A registered player mails the plain referee address (AuthVerdict::ClubMail) a line
//   challenge ADDRESS VARIANT [hidden] [TIME]
// If ADDRESS is a registered player other than the sender, an open challenge with a new id N is
// stored and the challenged player gets the challenge mail (compose MailKind::Challenge), which
// tells them to answer with a mail to the plain referee address holding `accept N` or
// `decline N`; the challenger gets a confirmation. Otherwise only the challenger is told.
//   accept N   from the challenged player: the game starts in the same transaction (the
//              challenger plays White), both players get the normal game-start mails, and the
//              challenge is removed.
//   decline N  from the challenged player: the challenger is told; the challenge is removed.
// An unknown N, a challenge to someone else, an answered, cancelled or lapsed one: the sender is
// told there is no open challenge N, nothing else happens. Only ClubMail mail acts (its sender
// is the registered address, auth.hpp), so the From of an answer is the challenged player's.
// `accept`/`decline` WITHOUT a number keep answering a draw offer inside a game (game_turn.hpp).
// A challenge lapses `[club] challenge_days` after it was made; a lapsed challenge is treated as
// unknown when answered and dropped the next time the book is written (no background pass).
//
// The book and its records (storage, lapse, ids) are the club library's: league/challenge_book.hpp.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "daemon/club_desk.hpp"
#include "daemon/commands.hpp"
#include "league/challenge_book.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

// Lines of a club mail that this file answers: `challenge ...`, `accept N`, `decline N`.
bool is_challenge_command(const Command& c);

// The lines are answered by the command table's handler club_challenge (command_handlers.hpp), each
// where it stands in the mail; the book is loaded at the first and written after the last
// (finish_challenges). A game that cannot be started answers the acceptance as for an unknown
// challenge, unless the failure is Transient: then it is the error (the mail is retried).

}  // namespace ck::daemon
