#pragma once
// The referee's game object: the ONLY holder of the true position (docs/design.md: "Hidden
// information is a type"). Everything a player learns leaves through a Ruling's per-player
// announcement lists or through view(colour); the true position is reachable only with a
// TruePositionKey, which only the operator's console (league/game_files.cpp true_fen: `game show
// --as referee`, never mailed) and the referee's own tests can make. Both reach it through a
// friend this header names in its own namespace, so the referee names no module above it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "referee/player_view.hpp"
#include "referee/rule_set.hpp"
#include "referee/ruling.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

namespace ck::referee {

class TruePositionKey {
    TruePositionKey() = default;
    friend struct OperatorKey;              // defined only in league/game_files.cpp
    friend struct TruePositionKeyForTests;  // defined only in tests/referee
};

struct GameSetup {
    const rules::Variant* variant = nullptr;
    bool hidden = false;
    RuleSet rules = RuleSet::CrazyKrieg;
    std::optional<std::string> fen;  // nullopt: the standard start
};

struct SetupError {
    std::string message;
};

class Game {
public:
    static core::Result<Game, SetupError> create(const GameSetup& setup);

    // One request line (move attempt, `any?`, `resign`); leading/trailing blanks are trimmed.
    // The caller skips blank and `#` lines; every line given here is answered and counted.
    Ruling request(std::string_view line);

    // Ends the game outside the requests (docs/mail-protocol.md: draw agreed by mail, loss on
    // time, the operator's adjudication). `reason` is "agreement" (result must be 1/2-1/2),
    // "forfeit" (1-0 or 0-1: the loser ran out of time), "resignation" (1-0 or 0-1: the loser
    // resigned while it was not their turn; on their turn `resign` is a request) or
    // "adjudication" (any result). Both
    // players are told game-over with that result and reason, exactly as for a referee's own
    // end; the returned Ruling has ending = true and is not counted as a request. Fails (and
    // changes nothing) when the game is already over or the result/reason do not fit.
    core::Result<Ruling, std::string> end_by(GameResult result, const std::string& reason);

    // What `player` may see now (their own pieces only in hidden play).
    PlayerView view(rules::Color player) const;
    // view(player).board_text() without building a view.
    std::string view_text(rules::Color player) const;
    // view(player).move_number, the same for both players, without building a view.
    int move_number() const { return position_.fullmove_number(); }

    bool hidden() const { return hidden_; }
    RuleSet rule_set() const { return rules_; }
    bool over() const { return result_.has_value(); }
    const std::optional<GameResult>& result() const { return result_; }
    rules::Color side_to_move() const { return position_.side_to_move(); }
    const rules::Variant& variant() const { return position_.variant(); }
    const rules::Position& true_position(const TruePositionKey&) const { return position_; }
    // Open play has no secret: the position both players see (conditional moves are checked
    // against it when stored, docs/conditionals.md); nullptr in hidden play.
    const rules::Position* open_position() const { return hidden_ ? nullptr : &position_; }

    // Fairness receipt (README "Fairness receipts"): upper-case hex SHA-256 of
    //   "crazykrieg-commit-v1\n" + salt + "\n" + decimal ply + "\n" + FEN of the true position
    // (rules::Position::fen: pockets and ~ marks included). `ply` is the number of moves of the
    // record so far (0 = the start), given by the caller. Reveals nothing without the salt.
    std::string commitment(std::string_view salt, int ply) const;

private:
    explicit Game(rules::Position pos) : position_(std::move(pos)) {}

    void attempt(std::string_view text, Ruling& r);
    void attempt_open(std::string_view text, Ruling& r);
    void ask_any(Ruling& r);
    void resign(Ruling& r);
    void play(rules::Move m, Ruling& r);
    void refuse(Ruling& r, Answer answer, bool mover_only = false);
    void end_game(Ruling& r, GameResult result, std::string reason);
    void tell(rules::Color c, Ruling& r, Announcement a);
    void tell_both(Ruling& r, const Announcement& a);
    void start_turn();
    void announce_pawn_tries(Ruling& r);
    bool askable(rules::Move m, bool pawn_capture) const;
    bool refused_this_turn(rules::Move m) const;
    OwnPieces own_pieces(rules::Color player) const;
    const KriegspielRules& kriegspiel() const { return kriegspiel_rules(rules_); }

    rules::Position position_;
    bool hidden_ = false;
    RuleSet rules_ = RuleSet::CrazyKrieg;
    int requests_ = 0;
    bool asked_any_ = false;  // `any?` asked in this turn
    bool duty_ = false;       // after `any?` -> try: the next attempt must be a pawn capture
    bool any_no_ = false;     // `any?` answered `no` in this turn
    std::vector<rules::Move> refused_;  // own-board moves answered `no` in this turn
    std::optional<GameResult> result_;
    Heard heard_[2];  // shared with the views (heard.hpp)
};

}  // namespace ck::referee
