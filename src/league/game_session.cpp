// One game while something acts on it (game_session.hpp).
#include "league/game_session.hpp"

#include <utility>

#include "league/leave_book.hpp"

namespace ck::league {

using rules::Color;

core::Result<void, core::Error> end_game(StoredGame& g, store::GameId id,
                                         const GameOutcome& outcome) {
    auto r = g.game.end_by(outcome.result, std::string(termination_word(outcome.termination)));
    if (!r)
        return core::unexpected(core::invalid_error("game " + to_string(id) + ": " + r.error()));
    g.record.add(*r, g.game);
    g.meta.draw_offer.reset();
    return {};
}

GameSession::GameSession(GameRepository& games, const store::Store& store, store::GameId id,
                         StoredGame g, std::uint64_t lease)
    : games_(&games),
      store_(&store),
      id_(id),
      g_(std::move(g)),
      over_at_open_(g_.game.over()),
      plies_at_open_(g_.record.plies()),
      to_move_at_open_(g_.game.side_to_move()),
      offer_at_open_(g_.meta.draw_offer),
      lease_(lease),
      offer_at_save_(g_.meta.draw_offer) {}

core::Result<GameSession, core::Error> GameSession::open(GameRepository& games,
                                                         const store::Store& store,
                                                         store::GameId id) {
    auto lent = games.take(store, id);
    if (!lent) return core::unexpected(lent.error());
    return GameSession(games, store, id, std::move(lent->game), lent->number);
}

GameSession::~GameSession() {
    // Given back only as it was taken or last saved.
    if (lease_.number != 0 && !failed_ && !changed_since_save())
        games_->give_back(id_, lease_.number, std::move(g_));
}

GameEvents GameSession::emit(GameEvents events) {
    events_.insert(events_.end(), events.begin(), events.end());
    return events;
}

core::Result<GameEvents, core::Error> GameSession::end(const GameOutcome& outcome,
                                                       std::string reason, GameEvents before) {
    if (auto ended = end_game(g_, id_, outcome); !ended) {
        failed_ = true;
        return core::unexpected(ended.error());
    }
    before.emplace_back(GameEnded{id_, outcome, std::move(reason)});
    return emit(std::move(before));
}

GameEvents GameSession::request(Color side, const std::string& text) {
    if (over()) return {};
    if (g_.game.side_to_move() != side) return emit({NotOnMove{side}});
    const auto offer = g_.meta.draw_offer;
    referee::Ruling r = play_request(g_, text);
    if (r.answer == referee::Answer::Error) return emit({RequestUnread{side, text, r.error}});
    GameEvents out;
    const bool ends_turn = over() || g_.game.side_to_move() != side;
    out.emplace_back(RequestRuled{std::move(r), ends_turn});
    // The opponent's offer lapses with this side's move (README "Draw offers").
    if (offer == ~side && !g_.meta.draw_offer && !over()) out.emplace_back(DrawLapsed{~side});
    if (over()) {
        if (const auto outcome = outcome_of(g_)) out.emplace_back(GameEnded{id_, *outcome, {}});
    }
    return emit(std::move(out));
}

GameEvents GameSession::play_tries(Color side, const std::vector<std::string>& tries) {
    GameEvents out;
    for (const std::string& t : tries) {
        if (over() || g_.game.side_to_move() != side) break;
        GameEvents e = request(side, t);
        out.insert(out.end(), e.begin(), e.end());
    }
    return out;
}

core::Result<GameEvents, core::Error> GameSession::resign(Color side) {
    if (over()) return GameEvents{};
    return end(GameOutcome{loss_of(side), Termination::Resignation}, {}, {Resigned{side}});
}

core::Result<GameEvents, core::Error> GameSession::offer_draw(Color side) {
    if (over()) return GameEvents{};
    if (g_.meta.draw_offer == ~side) return accept_draw(side);
    const bool renewed = g_.meta.draw_offer == side;
    g_.meta.draw_offer = side;
    return emit({DrawOffered{side, renewed}});
}

core::Result<GameEvents, core::Error> GameSession::accept_draw(Color side) {
    if (over()) return GameEvents{};
    if (g_.meta.draw_offer != ~side) return emit({NoDrawOffer{side, true}});
    return end(GameOutcome{GameResult::Draw, Termination::Agreement}, {}, {DrawAccepted{side}});
}

GameEvents GameSession::decline_draw(Color side) {
    if (over()) return {};
    if (g_.meta.draw_offer != ~side) return emit({NoDrawOffer{side, false}});
    g_.meta.draw_offer.reset();
    return emit({DrawDeclined{side}});
}

GameEvents GameSession::note(Color side, const std::string& text) {
    const int ply = g_.record.plies();
    g_.meta.notes.push_back(GameNote{ply, side, text});
    g_.record.add_note(ply, side, text);
    return emit({NoteAdded{side, ply, text}});
}

core::Result<GameEvents, core::Error> GameSession::end_by_time() {
    if (over())
        return core::unexpected(
            core::invalid_error("game " + to_string(id_) + " is over: no loss on time"));
    return end(GameOutcome{loss_of(g_.game.side_to_move()), Termination::Forfeit}, {});
}

core::Result<GameEvents, core::Error> GameSession::adjudicate(GameResult result,
                                                              const std::string& reason) {
    if (over())
        return core::unexpected(
            core::invalid_error("game " + to_string(id_) + " is over already (" +
                                std::string(result_text(*g_.game.result())) +
                                "): only a game in progress can be adjudicated"));
    return end(GameOutcome{result, Termination::Adjudication}, reason);
}

GameEvents GameSession::conditional_played(Color side, const std::string& line) {
    const int ply = g_.record.plies();
    g_.meta.conditional_plies.push_back(GameNote{ply, side, line});
    g_.record.add_conditional_comment(ply, side, line);
    return emit({ConditionalPlayed{side, ply, line}});
}

core::Result<ClockState, core::Error> GameSession::clock(const store::Transaction* staged) const {
    if (staged)
        for (const store::FileWrite& f : staged->files())
            if (f.game == id_ && f.name == "clock.ini") {
                auto s = parse_clock_ini(f.bytes);
                if (!s)  // staged by this process: its own broken invariant
                    return core::unexpected(core::invalid_error(
                        "game " + to_string(id_) + ": clock.ini: " + s.error().detail));
                return std::move(*s);
            }
    return load_clock(*store_, id_, g_.meta);
}

core::Result<std::optional<core::TimePoint>, core::Error> GameSession::deadline(
    const store::Transaction* staged) const {
    return game_deadline(*store_, id_, g_, staged);
}

core::Result<ConditionalBook, core::Error> GameSession::conditionals(const store::Transaction& tx) {
    return ConditionalBook::load(*store_, id_, g_.game.hidden(), &tx, g_.no_conditionals);
}

void GameSession::save_conditionals(store::Transaction& tx, const ConditionalBook& book) {
    book.save(tx, id_, g_.no_conditionals);
}

bool GameSession::changed_since_save() const {
    return changed_events_since(saved_events_) || g_.meta.draw_offer != offer_at_save_;
}

bool GameSession::changed_events_since(std::size_t from) const {
    for (std::size_t i = from; i < events_.size(); ++i) {
        const GameEvent& e = events_[i];
        if (std::holds_alternative<RequestRuled>(e) || std::holds_alternative<GameEnded>(e) ||
            std::holds_alternative<NoteAdded>(e))
            return true;
    }
    return false;
}

bool GameSession::changed() const {
    return changed_events_since(saved_events_) || g_.meta.draw_offer != offer_at_open_;
}

core::Result<GameEvents, core::Error> GameSession::save(store::Transaction& tx,
                                                        std::optional<core::TimePoint> arrived) {
    if (changed()) {
        CK_TRY(games_->save_lent(tx, id_, lease_.number, g_));
        offer_at_save_ = g_.meta.draw_offer;  // as staged (an unstaged change keeps it apart)
    }
    const bool moved = g_.record.plies() > plies_at_open_;
    saved_events_ = events_.size();
    if (over() || !moved) return GameEvents{};
    // The clock (game_clock.hpp): the mover's turn ended with this commit, then each
    // conditional reply's turn, charged nothing (it was played when that turn began).
    const Color to = g_.game.side_to_move();
    const auto tc = clock_control(g_.meta);
    if (!tc) return emit({TurnPassed{to, std::nullopt}});
    auto s = load_clock(*store_, id_, g_.meta);
    if (!s) return core::unexpected(s.error());
    auto book = LeaveBook::load(*store_, &tx);
    if (!book) return core::unexpected(book.error());
    const auto periods = [&](Color c) { return book->periods(g_.meta.address(c)); };
    const core::TimePoint at = tx.now();
    const core::TimePoint counted = arrived ? counted_arrival(*s, *arrived, at) : at;
    ClockState next = after_move(*s, *tc, to_move_at_open_, at, periods(to_move_at_open_), counted);
    for (const GameEvent& e : events_)
        if (const auto* c = std::get_if<ConditionalPlayed>(&e))
            next = after_move(next, *tc, c->side, at, periods(c->side), at);
    save_clock(tx, id_, next);
    return emit({TurnPassed{to, deadline_of(next, *tc, to, periods(to))}});
}

}  // namespace ck::league
