// Bots' turns (bot_turns.hpp).
#include "daemon/bot_turns.hpp"

#include <algorithm>
#include <map>

#include "bot/engine.hpp"
#include "bot/rng.hpp"
#include "core/crypto.hpp"
#include "core/log.hpp"
#include "daemon/auth.hpp"
#include "daemon/commands.hpp"
#include "daemon/game_turn.hpp"
#include "league/bot_games.hpp"
#include "mail/message.hpp"
#include "referee/ruling.hpp"

namespace ck::daemon {

using league::Bot;
using league::BotTable;
using league::find_bot;
using league::is_bot_address;
using league::note_bot_problem;
using league::parse_game_ini;
using league::play_request;
using league::StoredGame;

namespace {

using rules::Color;

// Played: the bot moved (or the game ended); Cut: its move was cut at BotRefusedPerTurn and it
// is still to move; Stuck: its engine could not play (noted in its record; the game waits).
enum class BotTurn : std::uint8_t { Played, Cut, PlayerToMove, Over, Stuck };

core::Result<BotTurn, core::Error> bot_turn(const GameDesk& desk, store::Store& store,
                                            store::GameId id, core::TimePoint now) {
    auto loaded = desk.games.load(store, id);
    if (!loaded) return core::unexpected(loaded.error());
    const StoredGame& g = *loaded;
    if (g.game.over()) return BotTurn::Over;
    const Color me = g.game.side_to_move();
    const auto bot = find_bot(store, g.meta.address(me));
    if (!bot) return BotTurn::PlayerToMove;
    const std::size_t heard = g.game.view(me).heard.size();
    auto requests = bot_requests(*bot, g, bot_seed(id, heard));
    if (!requests) {
        // README "Bots as club players": the bot's record keeps the problem (`bot list`), the
        // operator log says it when it is new, not at every pass; its games wait.
        auto noted = note_bot_problem(store, *bot, requests.error().detail, now);
        if (!noted) return core::unexpected(noted.error());
        if (*noted)
            core::operator_log().error("game " + to_string(id) + ": " + requests.error().detail +
                                       "; the bot's games wait until it can play (bot list)");
        return BotTurn::Stuck;
    }
    // README "Bots as club players": a bot declines every draw offer, in its next turn, before
    // its move (the offer is in both players' mails: nothing hidden is read).
    std::string body = g.meta.draw_offer == ~me ? "decline\n" : "";
    for (const std::string& r : *requests) body += r + "\n";
    // The bot's turn as the mail a player would write: the same commands, the same path.
    mail::MailMessage msg;
    msg.from_address = bot->address;
    msg.body_text = body;
    msg.full_text = body;
    AuthVerdict v;
    v.kind = AuthVerdict::Kind::Accept;
    v.game = id;
    v.colour = me;
    // Names the turn (never recorded in the ledger: the game's own state makes a committed
    // turn act once); its hash tells the turn's mails apart, as a mail's Message-ID does.
    v.message_id = "bot." + to_string(id) + "." + std::to_string(g.record.plies()) + "." +
                   std::to_string(heard) + "." + bot->address;
    const std::string disc = core::sha256_hex(v.message_id).substr(0, 10);
    store::Transaction tx(now);
    if (!bot->problem.empty()) {  // it plays again: the problem goes with this turn
        Bot mended = *bot;
        mended.problem.clear();
        BotTable::put(tx, mended.address, mended);
        core::operator_log().info("bot " + bot->address + " plays again");
    }
    CK_TRY(answer_game_mail(desk, msg, v, parse_commands(body), disc, tx, now));
    auto committed = store.commit(tx);
    if (!committed)
        return core::unexpected(
            core::from_io(committed.error(), "commit: " + committed.error().message));
    core::operator_log().info("game " + to_string(id) + ": bot " + bot->address + " (" +
                              bot->engine + ") played " + std::to_string(requests->size()) +
                              " request(s)");
    auto after = desk.games.load(store, id);
    if (after && !after->game.over() && after->game.side_to_move() == me) return BotTurn::Cut;
    return BotTurn::Played;
}

bool in_progress_record(const std::string& record) {
    return record.find("[Result \"*\"]") != std::string::npos;
}

}  // namespace

std::uint64_t bot_seed(store::GameId id, std::size_t heard) {
    return bot::mix_seed(0x626f742d7475726eULL, id.number(), heard);
}

core::Result<std::vector<std::string>, core::Error> bot_requests(const Bot& bot,
                                                                 const StoredGame& g,
                                                                 std::uint64_t seed) {
    const Color me = g.game.side_to_move();
    const std::string about = "bot " + bot.address + " (" + bot.engine + ")";
    auto spec = bot::parse_engine_spec(bot.engine);
    if (!spec) return core::unexpected(core::invalid_error(about + ": " + spec.error().message));
    // The rehearsal: a copy of the game answers the engine's attempts; the engine itself is
    // given only the bot's view of the copy.
    StoredGame trial = g;
    auto engine = bot::make_engine(*spec, trial.game.view(me), seed);
    if (!engine)
        return core::unexpected(core::invalid_error(about + ": " + engine.error().message));
    std::vector<std::string> out;
    int refused = 0;
    while (!trial.game.over() && trial.game.side_to_move() == me && refused < BotRefusedPerTurn) {
        const std::string request = (*engine)->next_attempt(trial.game.view(me));
        const auto r = play_request(trial, request);
        if (r.answer == referee::Answer::Error) {
            core::operator_log().error(about + ": '" + request + "' is no request: " + r.error);
            break;
        }
        out.push_back(request);
        if (r.answer != referee::Answer::Legal && r.answer != referee::Answer::Try &&
            request != "any?")
            ++refused;
    }
    if (out.empty())
        return core::unexpected(core::invalid_error(about + ": the engine made no request"));
    return out;
}

void BotTurns::scan(const store::Store& store) {
    scanned_ = true;
    // The bot-games index (league/bot_games.hpp): no game.ini is read. A store from before it
    // got it at the daemon's open (Daemon::open); a store without it is walked.
    auto ids = league::games_with_bots(store, "");
    if (!ids) {
        core::operator_log().error("bots: " + ids.error().detail);
        scanned_ = false;  // tried again next pass
        return;
    }
    for (const store::GameId id : *ids)
        if (std::find(watched_.begin(), watched_.end(), id) == watched_.end())
            watched_.push_back(id);
}

void BotTurns::notice(const store::Store& store, const std::set<store::GameId>& saved) {
    const bool indexed = league::bot_game_index_built(store);
    for (const store::GameId id : saved) {
        if (std::find(watched_.begin(), watched_.end(), id) != watched_.end()) continue;
        if (indexed) {
            // A game a bot plays has its entry from its creation to its end (bot_games.hpp).
            if (store.record(league::BotGameCodec::ns, to_string(id))) watched_.push_back(id);
            continue;
        }
        // game.ini says who plays, the record's Result tag whether the game goes on: no replay.
        auto ini = store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = parse_game_ini(*ini);
        if (!meta || (!is_bot_address(store, meta->white) && !is_bot_address(store, meta->black)))
            continue;
        auto record = store.read_game_file(id, "record.pgn");
        if (record && in_progress_record(*record)) watched_.push_back(id);
    }
}

BotTurns::Report BotTurns::play(const GameDesk& desk, store::Store& store, const core::Clock& clock,
                                const std::function<bool()>& spent,
                                const std::function<bool()>& stop) {
    Report report;
    if (!scanned_) scan(store);
    notice(store, desk.games.take_saved());
    std::map<store::GameId, int> turns;  // this pass's transactions, by game
    std::set<store::GameId> done;        // nothing more to do in this pass
    std::set<store::GameId> cut;         // bots' moves cut at BotRefusedPerTurn, to finish
    for (bool progressed = true; progressed;) {
        progressed = false;
        const std::vector<store::GameId> round = watched_;
        for (const store::GameId id : round) {
            if (done.count(id)) continue;
            // The budget bounds when a bot's move may start; a move cut by the refusal limit
            // is finished in this pass (bot_turns.hpp), so its opponent hears it with the
            // ruling of their own mail.
            if (stop && stop()) {
                for (const store::GameId w : watched_) report.waiting += done.count(w) ? 0 : 1;
                return report;
            }
            const bool resuming = cut.count(id) != 0;
            if (!resuming && spent()) {
                ++report.waiting;
                done.insert(id);
                continue;
            }
            auto turn = bot_turn(desk, store, id, clock.now());
            if (!turn) {
                core::operator_log().error("game " + to_string(id) + ": bot turn: " +
                                           turn.error().detail + " (tried again next pass)");
                ++report.failed;
                done.insert(id);
                continue;
            }
            if (*turn == BotTurn::Over)
                watched_.erase(std::find(watched_.begin(), watched_.end(), id));
            if (*turn != BotTurn::Played && *turn != BotTurn::Cut) {
                if (*turn == BotTurn::Stuck) ++report.waiting;
                done.insert(id);
                continue;
            }
            if (*turn == BotTurn::Cut)
                cut.insert(id);
            else
                cut.erase(id);
            ++report.turns;
            if (resuming) ++report.resumed;
            progressed = true;
            // The longest waiting first: this game goes to the back.
            watched_.erase(std::find(watched_.begin(), watched_.end(), id));
            watched_.push_back(id);
            if (++turns[id] >= BotTurnsPerGamePerPass) done.insert(id);
        }
        notice(store, desk.games.take_saved());  // e.g. nothing new; cheap when empty
    }
    return report;
}

}  // namespace ck::daemon
