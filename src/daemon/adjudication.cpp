// An organiser's adjudication (adjudication.hpp).
#include "daemon/adjudication.hpp"

#include <algorithm>

#include "core/log.hpp"
#include "daemon/game_end.hpp"
#include "daemon/mail_pass.hpp"

namespace ck::daemon {
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
    const std::string name = "game " + std::to_string(id);
    const std::string why = one_line(reason);
    if (why.empty())
        return core::unexpected(core::invalid_error(name + ": an adjudication needs a reason"));
    auto ids = desk.store.list_games();
    if (!ids) return core::unexpected(core::from_io(ids.error()));
    if (std::find(ids->begin(), ids->end(), id) == ids->end())
        return core::unexpected(core::invalid_error("no " + name));
    auto loaded = desk.games.load(desk.store, id);
    if (!loaded) return core::unexpected(loaded.error());
    StoredGame& g = *loaded;
    if (g.game.over())
        return core::unexpected(
            core::invalid_error(name + " is over already (" + g.game.result().value_or("*") +
                                "): only a game in progress can be adjudicated"));
    const GameEnded ended{id, GameOutcome{result, Termination::Adjudication}, why};
    if (auto e = end_game(g, id, ended.outcome); !e) return core::unexpected(e.error());
    if (auto saved = desk.games.save(tx, id, g); !saved) return core::unexpected(saved.error());
    // White's mail first; the followers' discriminator is the game's own, as a forfeit's.
    const std::string gid = std::to_string(id);
    auto concluded = conclude_game(
        desk, g, ended,
        EndMailing{rules::Color::White, "adjudication", "g" + gid + "-adjudication"}, tx);
    if (!concluded) return core::unexpected(concluded.error());
    core::operator_log().info(name + ": adjudicated " + std::string(result_text(result)) + ": " +
                              why);
    return ended.outcome;
}

core::Result<GameOutcome, core::Error> Daemon::adjudicate(store::GameId id, GameResult result,
                                                          const std::string& reason,
                                                          const core::Clock& clock) {
    store::Transaction tx(clock.now());
    const GameDesk desk{config_, players_, store_, templates_, secret_, games_};
    auto outcome = adjudicate_game(desk, id, result, reason, tx);
    if (!outcome) return outcome;
    auto committed = store_.commit(tx);
    if (!committed) return core::unexpected(core::from_io(committed.error()));
    return outcome;
}

}  // namespace ck::daemon
