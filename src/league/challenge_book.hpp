#pragma once
// The open challenges as stored (README "Challenges and tournaments by mail"; answering them by
// mail is the daemon's, daemon/challenges.hpp).
// Storage: the store's typed namespace `challenges` (store/state.hpp), one record an open
// challenge keyed by its id, holding the line
//   ID CHALLENGER CHALLENGED VARIANT hidden|open TIME CREATED
// and the next id as the record `next-challenge` of the namespace `meta`. They are written in
// the caller's transaction, so they commit with the mail's ledger entry. (A legacy store kept
// them as the file tournaments/_challenges/challenges.txt, "next N" and those lines:
// format_challenges / parse_challenges, which the migration reads.)
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/result.hpp"
#include "referee/rule_set.hpp"
#include "store/store.hpp"
#include "store/table.hpp"
#include "store/transaction.hpp"

namespace ck::league {

// The legacy file (club_migration.hpp reads it).
inline constexpr const char* ChallengesDir = "_challenges";
inline constexpr const char* ChallengesFile = "challenges.txt";

struct Challenge {
    std::uint64_t id = 0;
    std::string challenger;  // registered addresses
    std::string challenged;
    std::string variant;  // lower-case variant name
    bool hidden = false;
    bool casual = false;  // the word `casual` in the challenge: an unrated game (README "Ratings")
    referee::RuleSet rules = referee::RuleSet::CrazyKrieg;  // Kriegspiel rules (docs/rulesets.md)
    std::string time;  // time-control spec, never empty (the club default filled in)
    core::TimePoint created{};
};

struct ChallengeBook {
    std::uint64_t next_id = 1;        // ids are never reused
    std::vector<Challenge> open;      // by id
    std::vector<std::string> stored;  // the record keys load_challenges found (save erases)
};

struct ChallengeCodec {
    using Value = Challenge;
    static constexpr store::Namespace ns{"challenges"};
    static constexpr int version = 1;
    static std::string encode(const Challenge& c);
    static core::Result<Challenge, std::string> decode(std::string_view body);
};
using ChallengeTable = store::Table<ChallengeCodec>;

// Counters of the `meta` namespace (the next challenge id).
using CounterTable = store::Table<store::CountCodec<store::MetaNamespace>>;

std::string format_challenges(const ChallengeBook& book);
// A text that is not format_challenges' is Corrupt ("challenges line N: ...").
core::Result<ChallengeBook, core::Error> parse_challenges(std::string_view text);

// The stored book (staged writes of the running group included); none stored: an empty book.
// A record that does not decode is Corrupt (record_error.hpp).
core::Result<ChallengeBook, core::Error> load_challenges(const store::Store& store);
void save_challenges(store::Transaction& tx, const ChallengeBook& book);

// True once `days` whole days have passed since the challenge was made.
bool challenge_lapsed(const Challenge& c, core::TimePoint now, int days);

// Drops the challenges of `book` that have lapsed at `now` (README "Challenges and tournaments
// by mail": a lapsed challenge goes the next time the book is written).
void drop_lapsed_challenges(ChallengeBook& book, core::TimePoint now, int days);

// Removes challenge `id` (lapsed or not) from the book: false if there is none.
bool remove_challenge(ChallengeBook& book, std::uint64_t id);

// "7" or "#7" -> 7; anything else -> 0 (no challenge has id 0).
std::uint64_t parse_challenge_id(const std::string& s);
// The challenges file's visibility word: `open`, `hidden` (default rules) or `hidden:RULES`.
std::string hidden_word(const Challenge& c);

}  // namespace ck::league
