#include "bot/belief_engine.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "bot/belief_state.hpp"
#include "bot/candidates.hpp"
#include "bot/own_position.hpp"
#include "bot/rng.hpp"
#include "bot/view_turns.hpp"
#include "rules/cpu_timer.hpp"
#include "rules/movegen.hpp"

namespace ck::bot {

using rules::Bitboard;
using rules::Color;
using rules::Move;
using rules::MoveKind;
using rules::MoveList;
using rules::PieceType;
using rules::Position;
using rules::Square;

namespace {

constexpr double Mate = 1000;
constexpr double RefusalCost = 0.05;  // a `no` costs a little: the turn goes on
constexpr double RepeatCost = 0.4;
constexpr double MatedCost = 60;       // the opponent has a mate in one after the move
constexpr std::size_t SecondLook = 6;  // candidates looked at again for that    // per earlier turn
                                       // that began with the same own pieces
constexpr double PieceValue[6] = {1, 3, 3.2, 5, 9, 0};

double value(PieceType t) { return t == PieceType::None ? 0 : PieceValue[rules::index_of(t)]; }

int popcount(Bitboard b) { return __builtin_popcountll(b); }

// Material (board and pockets) and pawn progress, from `us`'s side.
double material(const Position& pos, Color us) {
    double score = 0;
    for (int t = 0; t < 5; ++t) {
        const PieceType type = static_cast<PieceType>(t);
        score += value(type) * (popcount(pos.pieces(us, type)) - popcount(pos.pieces(~us, type)));
        score += value(type) * (pos.pocket_count(us, type) - pos.pocket_count(~us, type));
    }
    for (Bitboard b = pos.pieces(us, PieceType::Pawn); b; b &= b - 1) {
        const Square s = static_cast<Square>(__builtin_ctzll(b));
        const int r = rules::relative_rank(us, rules::rank_of(s));
        score += r >= 5 ? 0.1 * (r - 4) : 0;
    }
    return score;
}

// The position after our move, the opponent to move.
double score_after(const Position& pos, Color us, Square moved_to, bool stalemate_wins) {
    MoveList replies;
    rules::generate_legal(pos, replies);
    if (replies.empty()) {
        if (pos.in_check() || stalemate_wins) return Mate;
        return material(pos, us) > 0 ? -3 : 0;
    }
    double score = material(pos, us);
    if (pos.in_check()) score += 0.25;
    const Bitboard ours = pos.pieces(us);
    double best_on_moved = 0, best_elsewhere = 0;
    int king_moves = 0;
    const Square their_king = pos.king_square(~us);
    for (Move m : replies) {
        if (!m.is_drop() && m.from() == their_king) ++king_moves;
        if (m.is_drop() || m.kind() == MoveKind::Castling) continue;
        const Square to = m.to();
        if (!((ours >> to) & 1)) continue;
        double gain = value(rules::type_of(pos.piece_on(to)));
        const Bitboard defenders =
            pos.attackers_to(to, pos.occupied() ^ rules::bb(m.from())) & ours;
        if (defenders) gain -= value(rules::type_of(pos.piece_on(m.from())));
        if (to == moved_to)
            best_on_moved = std::max(best_on_moved, gain);
        else
            best_elsewhere = std::max(best_elsewhere, gain);
    }
    score -= 0.6 * best_on_moved + 0.15 * best_elsewhere;
    score -= 0.04 * king_moves;
    return score;
}

// The player's own pieces, hashed (repetitions need the same own pieces on the same squares).
std::uint64_t own_key(const Position& pos, Color us) {
    std::uint64_t h = 0x51ed270b27d1a3c5ULL;
    for (int t = 0; t < 6; ++t) {
        h ^=
            pos.pieces(us, static_cast<PieceType>(t)) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    return h;
}

std::uint64_t own_key(const referee::PlayerView& view) {
    std::uint64_t h = 0x51ed270b27d1a3c5ULL;
    for (int t = 0; t < 6; ++t) {
        Bitboard b = 0;
        for (Square s = 0; s < 64; ++s)
            if (view.pieces.board[s] == rules::make_piece(view.player, static_cast<PieceType>(t)))
                b |= rules::bb(s);
        h ^= b + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    return h;
}

// Whether the side to move (the opponent, after our move) can mate at once.
bool mate_in_one(Position& pos) {
    MoveList replies;
    rules::generate_legal(pos, replies);
    for (Move m : replies) {
        if (!pos.gives_check(m)) continue;
        pos.make_move(m);
        MoveList answers;
        rules::generate_legal(pos, answers);
        pos.undo_move();
        if (answers.empty()) return true;
    }
    return false;
}

class BeliefEngine final : public Engine {
public:
    BeliefEngine(const EngineSpec& spec, const referee::PlayerView& start, std::uint64_t seed)
        : seed_(seed),
          samples_(spec.samples > 0 ? spec.samples : 32),
          cpu_cap_(spec.cpu_budget_s > 0 ? spec.cpu_budget_s : 1.0),
          belief_(start, seed, spec.particles > 0 ? spec.particles : 96) {
        stalemate_wins_ = referee::kriegspiel_rules(start.rules).stalemate ==
                          referee::StalemateResult::StalematedSideLoses;
    }

    std::string next_attempt(const referee::PlayerView& view) override {
        // The CPU cap holds for the whole turn (every attempt of one move together).
        const auto turns = split_turns(view.heard);
        std::size_t turn = 0;  // complete turns so far: the same for every attempt of this turn
        for (const Turn& t : turns) turn += t.complete() ? 1 : 0;
        if (turn != cap_turn_) {
            cap_turn_ = turn;
            turn_cpu_ = 0;
        }
        const double started = rules::thread_cpu_seconds() - turn_cpu_;
        struct Account {
            double& total;
            double from;
            ~Account() { total += rules::thread_cpu_seconds() - from; }
        } account{turn_cpu_, rules::thread_cpu_seconds()};
        belief_.update(view);
        // Own placements seen at the start of each turn: a move back into one is scored down,
        // so that the game does not end in repetition while the engine is ahead.
        if (turn + 1 != turn_recorded_) {
            turn_recorded_ = turn + 1;
            ++seen_[own_key(view)];
        }
        std::vector<Candidate> all = candidates(view);
        if (all.empty()) return "resign";
        Rng rng(mix_seed(seed_, view.heard.size(), 31));
        const auto& positions = belief_.positions();

        // The positions tried: a sample, the same for every candidate.
        std::vector<const Position*> sample;
        {
            std::vector<int> order(positions.size());
            for (int i = 0; i < static_cast<int>(order.size()); ++i) order[i] = i;
            for (int i = static_cast<int>(order.size()) - 1; i > 0; --i)
                std::swap(order[i], order[rng.below(i + 1)]);
            for (int i = 0; i < static_cast<int>(order.size()) && i < samples_; ++i)
                sample.push_back(&positions[order[i]]);
        }

        const TurnSoFar so_far = turn_so_far(view.heard, view.player);
        const bool duty = under_duty(view);
        if (duty) {
            std::vector<Candidate> pawn;
            for (const Candidate& c : all)
                if (c.pawn_capture) pawn.push_back(c);
            if (!pawn.empty()) all = std::move(pawn);
        } else if (any_rule(view) != referee::AnyRule::None && !so_far.asked_any) {
            bool pawn_capture_candidate = false;
            for (const Candidate& c : all) pawn_capture_candidate |= c.pawn_capture;
            int with = 0;
            for (const Position* p : sample) with += has_legal_pawn_capture(*p) ? 1 : 0;
            if (pawn_capture_candidate && with * 5 >= static_cast<int>(sample.size()) && with > 0)
                return "any?";
        }

        // Base score of each sampled position (the cost of a refusal is measured from it).
        std::vector<double> base;
        for (const Position* p : sample) base.push_back(material(*p, view.player));

        std::vector<double> total(all.size(), 0);
        int used = 0;
        for (std::size_t k = 0; k < sample.size(); ++k) {
            if (k > 0 && rules::thread_cpu_seconds() - started > cpu_cap_) break;
            Position pos = *sample[k];
            ++used;
            if (pos.side_to_move() != view.player) {
                for (double& t : total) t += base[k] - RefusalCost;
                continue;
            }
            MoveList legal;
            rules::generate_legal(pos, legal);
            for (std::size_t c = 0; c < all.size(); ++c) {
                Move played = Move::none();
                for (Move m : legal) {
                    if (m.pending_choice() != PieceType::None &&
                        m.pending_choice() != PieceType::Queen)
                        continue;
                    if (attempt_text(m) != all[c].text) continue;
                    if (played.is_none() || m.place() < played.place()) played = m;
                }
                if (played.is_none()) {
                    total[c] += base[k] - RefusalCost;
                    continue;
                }
                pos.make_move(played);
                double score = score_after(pos, view.player, played.to(), stalemate_wins_);
                const auto seen = seen_.find(own_key(pos, view.player));
                if (seen != seen_.end()) score -= RepeatCost * seen->second;
                total[c] += score;
                pos.undo_move();
            }
        }
        std::vector<double> score(all.size());
        for (std::size_t c = 0; c < all.size(); ++c)
            score[c] = (used ? total[c] / used : 0) + 0.01 * rng.unit();
        // Second look at the best few: does the opponent then have a mate in one?
        std::vector<std::size_t> order(all.size());
        for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
        std::sort(order.begin(), order.end(),
                  [&](std::size_t x, std::size_t y) { return score[x] > score[y]; });
        const std::size_t top = std::min<std::size_t>(order.size(), SecondLook);
        for (std::size_t k = 0; k < static_cast<std::size_t>(used); ++k) {
            if (rules::thread_cpu_seconds() - started > cpu_cap_) break;
            Position pos = *sample[k];
            if (pos.side_to_move() != view.player) continue;
            for (std::size_t i = 0; i < top; ++i) {
                Move played = Move::none();
                if (!attempt_legal(pos, all[order[i]].text, &played)) continue;
                pos.make_move(played);
                if (mate_in_one(pos)) score[order[i]] -= MatedCost / used;
                pos.undo_move();
            }
        }
        std::size_t best = order.front();
        for (std::size_t i = 0; i < top; ++i)
            if (score[order[i]] > score[best]) best = order[i];
        return all[best].text;
    }

private:
    std::uint64_t seed_;
    int samples_;
    double cpu_cap_;
    std::size_t cap_turn_ = 0;
    double turn_cpu_ = 0;  // CPU spent in the turn cap_turn_ so far
    bool stalemate_wins_ = false;
    BeliefState belief_;
    std::size_t turn_recorded_ = 0;
    std::map<std::uint64_t, int> seen_;
};

}  // namespace

std::unique_ptr<Engine> make_belief(const EngineSpec& spec, const referee::PlayerView& start,
                                    std::uint64_t seed) {
    return std::make_unique<BeliefEngine>(spec, start, seed);
}

}  // namespace ck::bot
