// An organiser's adjudication (adjudication.hpp).
#include "daemon/adjudication.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "daemon/game_end.hpp"
#include "daemon/mail_pass.hpp"
#include "league/game_session.hpp"

namespace ck::daemon {

using league::GameOutcome;
using league::GameResult;
using league::GameSession;
using league::result_text;
using league::Termination;

namespace {

// One line: line breaks and tabs become spaces, outer spaces go.
std::string one_line(const std::string& text) {
    std::string s = text;
    std::replace_if(
        s.begin(), s.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
    const auto b = s.find_first_not_of(' ');
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

}  // namespace

core::Result<GameOutcome, core::Error> adjudicate_game(const GameDesk& desk, store::GameId id,
                                                       GameResult result, const std::string& reason,
                                                       store::Transaction& tx) {
    const std::string name = "game " + to_string(id);
    const std::string why = one_line(reason);
    if (why.empty())
        return core::unexpected(core::invalid_error(name + ": an adjudication needs a reason"));
    auto ids = desk.store.list_games();
    if (!ids) return core::unexpected(core::from_io(ids.error()));
    if (std::find(ids->begin(), ids->end(), id) == ids->end())
        return core::unexpected(core::invalid_error("no " + name));
    auto session = GameSession::open(desk.games, desk.store, id);
    if (!session) return core::unexpected(session.error());
    auto ended = session->adjudicate(result, why);
    if (!ended) return core::unexpected(ended.error());
    // White's mail first; the followers' discriminator is the game's own, as a forfeit's.
    const std::string gid = to_string(id);
    auto settled = settle_game(
        desk, *session,
        EndMailing{rules::Color::White, "adjudication", "g" + gid + "-adjudication"}, tx);
    if (!settled) return core::unexpected(settled.error());
    core::operator_log().info(name + ": adjudicated " + std::string(result_text(result)) + ": " +
                              why);
    return GameOutcome{result, Termination::Adjudication};
}

core::Result<GameOutcome, core::Error> Daemon::adjudicate(store::GameId id, GameResult result,
                                                          const std::string& reason,
                                                          const core::Clock& clock) {
    store::Transaction tx(clock.now());
    const GameDesk desk{config_, players_, store_, templates_, secret_, games_, creator()};
    auto outcome = adjudicate_game(desk, id, result, reason, tx);
    if (!outcome) return outcome;
    auto committed = store_.commit(tx);
    if (!committed) return core::unexpected(core::from_io(committed.error()));
    return outcome;
}

}  // namespace ck::daemon
