// GameRecord from PGN text (contract in game.hpp).
#include "pgn/game.hpp"

#include "pgn/reader.hpp"
#include "pgn/validator.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace ck::pgn {
namespace {

// Builds the move tree of a game the validator has accepted. A variation's moves after a defect
// inside it are dropped (the validator's lenient reading).
class GameBuilder : public Visitor {
public:
    explicit GameBuilder(GameRecord& game) : game_(game) {}

    void tag(std::string_view name, std::string_view value, int) override {
        game_.tags.emplace_back(std::string(name), std::string(value));
        if (name == "Variant") variant_tag_ = value;
        if (name == "FEN") fen_ = value;
        if (name == "Result") tag_result_ = value;
    }
    void san(std::string_view token, int) override {
        if (dead_ || !setup()) return;
        auto m = rules::parse_move(*pos_, token);
        if (!m) {
            dead_ = depth_;
            return;
        }
        MoveNode node;
        node.move = *m;
        node.comments_before = std::move(pending_);
        pending_.clear();
        lines_.back().line->push_back(std::move(node));
        pos_->make_move(*m);
        lines_.back().made++;
    }
    void nag(int code, int) override {
        if (dead_ || lines_.empty() || lines_.back().line->empty()) return;
        lines_.back().line->back().nags.push_back(code);
    }
    void comment(std::string_view text, int) override {
        if (dead_ || !setup()) return;
        auto& line = *lines_.back().line;
        if (line.empty() || !pending_.empty()) {
            pending_.emplace_back(text);
        } else {
            line.back().comments.emplace_back(text);
        }
    }
    void begin_variation(int) override {
        ++depth_;
        if (dead_ || !setup()) return;
        Line& cur = lines_.back();
        if (cur.line->empty() || cur.made == 0) {
            dead_ = depth_;  // a variation before any move: nothing to be an alternative to
            return;
        }
        pos_->undo_move();
        cur.made--;
        MoveNode& last = cur.line->back();
        last.variations.emplace_back();
        lines_.push_back(Line{&last.variations.back(), 0});
    }
    void end_variation(int) override {
        int closing = depth_--;
        if (dead_) {
            if (closing > dead_) return;
            dead_ = 0;
            if (lines_.size() < 2 || static_cast<int>(lines_.size()) - 1 < closing) return;
        }
        if (lines_.size() < 2) return;
        Line done = lines_.back();
        lines_.pop_back();
        for (int i = 0; i < done.made; ++i) pos_->undo_move();
        pending_.clear();
        Line& parent = lines_.back();
        // A variation left without moves (its first move was a defect, or it held only a
        // comment) is no alternative: drop it, as the writer would (round trip keeps moves).
        if (done.line->empty()) parent.line->back().variations.pop_back();
        pos_->make_move(parent.line->back().move);
        parent.made++;
    }
    void result(std::string_view token, int) override {
        if (depth_ == 0) marker_ = token;
    }
    void end_game() override {
        setup();
        auto valid = [](std::string_view r) {
            return r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "*";
        };
        game_.result = valid(marker_)       ? std::string(marker_)
                       : valid(tag_result_) ? std::string(tag_result_)
                                            : "*";
    }

private:
    struct Line {
        std::vector<MoveNode>* line;
        int made;  // moves of this line currently made on pos_
    };
    bool setup() {
        if (pos_) return true;
        const rules::Variant* v = variant_from_tag(variant_tag_);
        if (!v) return false;
        game_.variant = v;
        if (!fen_.empty()) {
            auto p = rules::Position::from_fen(fen_, *v);
            if (!p) return false;
            pos_.emplace(*p);
            if (p->fen() != rules::Position::startpos(*v).fen()) game_.fen = p->fen();
        } else {
            pos_.emplace(rules::Position::startpos(*v));
        }
        lines_.push_back(Line{&game_.moves, 0});
        return true;
    }

    GameRecord& game_;
    std::string_view variant_tag_, fen_, tag_result_, marker_;
    std::optional<rules::Position> pos_;
    std::vector<Line> lines_;
    std::vector<std::string> pending_;
    int depth_ = 0;
    int dead_ = 0;  // depth of a variation whose rest is skipped
};

}  // namespace

const std::string* GameRecord::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return &v;
    return nullptr;
}

std::optional<GameRecord> read_game(std::string_view text, int first_line, std::string* error) {
    auto verdict = validate_game(text, first_line);
    if (!verdict || !verdict->valid) {
        if (error) *error = verdict ? verdict->error : "no game";
        return std::nullopt;
    }
    GameRecord game;
    GameBuilder builder(game);
    parse_game(text, first_line, builder);
    return game;
}

}  // namespace ck::pgn
