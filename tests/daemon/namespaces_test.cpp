// The club's namespaces of state (store/state.hpp): each codec declares its own, the store keeps
// no list. No two codecs may claim one name (meta, the store's own, is shared by the counters
// and marks), and the names are those of the on-disk format (state/<name>, the journal's word),
// so a store written before the codecs declared them reads unchanged.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/bots.hpp"
#include "daemon/challenges.hpp"
#include "daemon/digest.hpp"
#include "daemon/request_spool.hpp"
#include "daemon/unknown_sender.hpp"
#include "league/bot_games.hpp"
#include "league/deadline_index.hpp"
#include "league/leave_book.hpp"
#include "league/players.hpp"
#include "league/rate_limits.hpp"
#include "league/ratings.hpp"
#include "league/tournament_store.hpp"
#include "store/state.hpp"

TEST_CASE("every club codec claims a namespace of its own, named as on disk", "[store][state]") {
    namespace d = ck::daemon;
    namespace l = ck::league;
    const std::vector<std::string_view> claimed = {
        l::PlayerCodec::ns.name(),    l::LeaveCodec::ns.name(),
        l::ChallengeCodec::ns.name(), l::TournamentCodec::ns.name(),
        l::RateLimitNamespace.name(), l::RatingPoolCodec::ns.name(),
        l::DeadlineNamespace.name(),  d::RequestAnswerCodec::ns.name(),
        d::DigestCodec::ns.name(),    l::BotCodec::ns.name(),
        l::BotGameCodec::ns.name(),
    };
    std::set<std::string_view> seen = {ck::store::MetaNamespace.name()};
    for (const std::string_view name : claimed) {
        INFO(std::string(name));
        CHECK(ck::store::valid_namespace_name(name));
        CHECK(name != "format");  // state/format is the store's layout file
        CHECK(seen.insert(name).second);
    }
    CHECK(seen == std::set<std::string_view>{"meta", "players", "leaves", "challenges",
                                             "tournaments", "rate-limits", "ratings", "deadlines",
                                             "requests", "digests", "bots", "bot-games"});
}
