#pragma once
// The club's events in the store (README "Challenges and tournaments by mail"): ck_club holds the
// logic (pairings, standings, crosstables, the tournament.ini text); this file keeps each event
// in the store's typed namespace `tournaments` (one record an event, keyed by its id, holding
// the tournament.ini text) and assembles its PGN archive. Starting an event's games and mailing
// its standings are the daemon's (daemon/tournaments.hpp).
// - The PGN archive holds referee records: of every game over, and of open games in progress
//   (open play is no secret); a hidden game in progress is left out (docs/design.md "Hidden
//   information is a type": its full record is given out only once it is over).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "club/tournament.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// The file of a legacy store (tournaments/<id>/tournament.ini; club_migration.hpp).
inline constexpr const char* TournamentFile = "tournament.ini";

struct TournamentCodec {
    using Value = club::Tournament;
    static constexpr store::Namespace ns{"tournaments"};
    static constexpr int version = 1;
    static std::string encode(const club::Tournament& t);
    static core::Result<club::Tournament, std::string> decode(std::string_view body);
};
using TournamentTable = store::Table<TournamentCodec>;

core::Result<std::vector<std::string>, core::Error> tournament_ids(const store::Store& store);
// `pending` (may be null): an uncommitted transaction whose write of the event wins. A record
// that does not decode is Corrupt (record_error.hpp); an id with no event is Invalid. Both name
// the event ("tournament ID: ...").
core::Result<club::Tournament, core::Error> load_tournament(
    const store::Store& store, const std::string& id, const store::Transaction* pending = nullptr);
// Queues the record of `t` into `tx`.
void save_tournament(store::Transaction& tx, const club::Tournament& t);

// The event's PGN archive (see above). `pending` (may be null): a transaction not yet committed
// whose files win over the store's (the games ending in it). A game's record that cannot be
// read has the kind of its read (core::from_io); a started game without a record is Corrupt.
core::Result<std::string, core::Error> tournament_archive(
    const store::Store& store, const club::Tournament& t,
    const store::Transaction* pending = nullptr);

// A file of `tx` not yet committed: games/<game>.<name>; null when `tx` does not write it.
const std::string* pending_file(const store::Transaction& tx, store::GameId game,
                                const std::string& name);

}  // namespace ck::league
