#pragma once
// The daily digest (README "Your settings"; player_settings.hpp `mail digest HH:MM` / `both`):
// once a day, at the player's HH:MM UTC, one mail listing every game in progress of the player,
// the games on their move first (least time left first), then the games waiting for the
// opponent (least time left first); each from the player's own view (compose/compose.hpp
// digest_mail), with what they heard since the last digest and the opponent's notes since then.
// Run by the daemon after the clock pass of every pass (Daemon::tick), at the pass's `now`.
//
// The store's typed namespace `digests` keeps, per digest reader (key: the address), the
// instant of the last digest and, per game it listed, how much of the player's view and of the
// game's notes it showed:
//   "last <ISO 8601>\n" then "game <id> <heard> <notes>\n" a game.
// A digest is due when the latest HH:MM at or before `now` is after `last`; the mail and the new
// record commit in one transaction (a crash sends it whole or not at all; a second pass at the
// same `now` sends nothing), and a pass after days without one sends one digest, not several.
// Turning the digest on (settings_mail.hpp, `player set`) writes `last` = that instant, so the
// first digest comes at the next HH:MM.
//
// A player who reads the digest only (`mail digest`) gets no per-move mail: the turn mail that
// the opponent's move would send them is withheld (withhold_per_move_mails). Every other mail
// still comes: game starts and ends, draw offers, leave notices, reminders (their own
// schedule), the answers to their own mails.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "daemon/game_desk.hpp"
#include "league/players.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::daemon {

struct DigestMark {
    core::TimePoint last{};
    struct Game {
        std::size_t heard = 0;  // view.heard entries shown
        std::size_t notes = 0;  // game.ini notes seen
        friend bool operator==(const Game& a, const Game& b) {
            return a.heard == b.heard && a.notes == b.notes;
        }
    };
    std::map<store::GameId, Game> games;
};

struct DigestCodec {
    using Value = DigestMark;
    static constexpr store::Namespace ns{"digests"};
    static constexpr int version = 1;
    static std::string encode(const DigestMark& m);
    static core::Result<DigestMark, std::string> decode(std::string_view body);
};
using DigestTable = store::Table<DigestCodec>;

// The digest instant due at `now` for a digest at `minute` after 00:00 UTC: the latest such
// instant at or before `now`.
core::TimePoint digest_due(int minute, core::TimePoint now);

// Stages the start of `address`'s digest (last = now, no game shown yet) into `tx`.
void start_digest(store::Transaction& tx, const std::string& address, core::TimePoint now);

struct DigestReport {
    std::size_t sent = 0;
    std::size_t failed = 0;  // players skipped for an error (logged; retried next pass)
};

// Sends every digest due at `now`, each in a transaction of its own.
DigestReport run_digests(const GameDesk& desk, store::Store& store, core::TimePoint now);

// Drops from `tx` the turn mails (compose::MailKind::Turn) queued to players who read the
// digest only, except to `sender` (the answer to their own mail). Returns how many.
std::size_t withhold_per_move_mails(const league::Players& players, store::Transaction& tx,
                                    const std::string& sender);

}  // namespace ck::daemon
