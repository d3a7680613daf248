#pragma once
// Opening a store for the club, and moving the club state of a store written before typed
// namespaces (store/state.hpp) into them, on its first open by this build:
//   <root>/players                              -> players   (players.hpp)
//   <root>/leaves                               -> leaves    (leave_book.hpp)
//   tournaments/<id>/tournament.ini             -> tournaments (tournaments.hpp)
//   tournaments/_challenges/challenges.txt      -> challenges, meta/next-challenge
//                                                 (challenge_book.hpp)
//   unknown-sender.*@ratelimit.crazykrieg.invalid in ledger/seen -> rate-limits (rate_limits.hpp)
// Everything moves in ONE transaction; only after it committed are the legacy files removed.
// A crash in between leaves files that the next open migrates again to the same records
// (the legacy files are never written any more, so their content cannot have changed).
// The ledger keeps the old rate-limit ids: harmless, as nothing looks them up.
#include <chrono>
#include <filesystem>
#include <string>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "store/store.hpp"

namespace ck::league {

// Migrates the legacy club state of `store` if it has any; returns whether it did. A legacy
// file that does not parse is Corrupt; a failed read, commit or removal has the store's kind
// (core::from_io; a removal: Transient).
core::Result<bool, core::Error> migrate_club_state(store::Store& store, core::TimePoint now);

// store::Store::open (creating the directory) followed by migrate_club_state: how every
// command and the daemon open the club's store. The bots' addresses are its silent recipients
// (bot_registry.hpp: no mail to a bot). A store that cannot be opened is described with what the
// operator should do (store_advice.hpp).
core::Result<store::Store, core::Error> open_club_store(
    const std::filesystem::path& dir, std::chrono::milliseconds wait,
    store::Store::Sweep sweep = store::Store::Sweep::All);

}  // namespace ck::league
