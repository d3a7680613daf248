// rules::parse_move's fast path (rules/san_resolver.hpp) agrees with its general path, matching
// against every legal move, on every move of the reference samples.
#include <catch2/catch.hpp>
#include <fstream>
#include <optional>
#include <string>

#include "pgn/reader.hpp"
#include "pgn/validator.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "rules/san_resolver.hpp"

using namespace ck;

namespace {

// Replays each game's main line with the general path and asks the fast path too.
class CrossCheck : public pgn::Visitor {
public:
    long moves = 0, fast = 0, disagreements = 0;
    std::string first_problem;

    void begin_game(int) override {
        variant_ = "";
        fen_ = "";
        pos_.reset();
        depth_ = 0;
        dead_ = false;
    }
    void tag(std::string_view n, std::string_view v, int) override {
        if (n == "Variant") variant_ = v;
        if (n == "FEN") fen_ = v;
    }
    void begin_variation(int) override { ++depth_; }
    void end_variation(int) override { --depth_; }
    void san(std::string_view token, int line) override {
        if (depth_ > 0 || dead_) return;
        if (!pos_) {
            // invalid.pgn has unknown variants and bad FENs: skip those games.
            const rules::Variant* v = pgn::variant_from_tag(variant_);
            if (!v) {
                dead_ = true;
                return;
            }
            if (fen_.empty()) {
                pos_.emplace(rules::Position::startpos(*v));
            } else {
                auto p = rules::Position::from_fen(fen_, *v);
                if (!p) {
                    dead_ = true;
                    return;
                }
                pos_.emplace(*p);
            }
        }
        auto mt = rules::detail::parse_plain_san(token);
        if (!mt) {
            auto parsed = rules::parse_move_text(token);
            if (parsed) mt = *parsed;
        }
        ++moves;
        if (!mt) {  // a syntax error: neither path reads it
            dead_ = true;
            return;
        }
        auto slow = rules::detail::parse_move_by_generation(*pos_, token, *mt);
        std::optional<rules::Move> quick = rules::detail::fast_resolve(*pos_, *mt);
        if (quick) ++fast;
        if (quick && (!slow || *quick != *slow)) {
            ++disagreements;
            if (first_problem.empty())
                first_problem = "line " + std::to_string(line) + " " + std::string(token);
        }
        if (!slow) {
            dead_ = true;
            return;
        }
        pos_->make_move(*slow);
    }

private:
    std::string variant_, fen_;
    std::optional<rules::Position> pos_;
    int depth_ = 0;
    bool dead_ = false;
};

}  // namespace

TEST_CASE("san resolver: fast path equals parse_move on the samples", "[pgn][san]") {
    for (std::string name : {"crazyhouse-sample.pgn", "standard-sample.pgn", "loop-sample.pgn",
                             "chessgi-sample.pgn", "invalid.pgn"}) {
        std::ifstream in(std::string(CK_TEST_DATA) + "/pgn/" + name, std::ios::binary);
        REQUIRE(in.good());
        CrossCheck check;
        REQUIRE(pgn::read_pgn(in, check));
        INFO(name << ": " << check.first_problem);
        CHECK(check.disagreements == 0);
        // The fast path must carry the bulk of the work, or it is not worth having.
        CHECK(check.fast * 100 >= check.moves * 95);
    }
}

TEST_CASE("san resolver: plain SAN forms", "[pgn][san]") {
    using F = rules::MoveText::Form;
    auto nbd7 = rules::detail::parse_plain_san("Nbd7+");
    REQUIRE(nbd7);
    CHECK(nbd7->form == F::Piece);
    CHECK(nbd7->from_file == 1);
    CHECK(nbd7->check_mark);
    auto promo = rules::detail::parse_plain_san("exd8=N#");
    REQUIRE(promo);
    CHECK(promo->form == F::Pawn);
    CHECK(promo->promotion == rules::PieceType::Knight);
    auto drop = rules::detail::parse_plain_san("@d5");
    REQUIRE(drop);
    CHECK(drop->form == F::Drop);
    CHECK(drop->piece == rules::PieceType::Pawn);
    CHECK(rules::detail::parse_plain_san("O-O-O")->castle_long);
    for (std::string other : {"e2e4", "e8Q", "Kxe", "B@i2", "4e", "Q@", "N*f5", "exd5e.p."})
        CHECK_FALSE(rules::detail::parse_plain_san(other));
}
