// Non-interference (docs/design.md, "Hidden information is a type"): two games that differ only
// in what one player cannot know must give that player byte-identical announcements and views.
//
// Construction: games A and B start from the same position and are played in lockstep, over
// many random games, once with White as the observed player O and once with Black.
//  * O sends the SAME text to A and B. A text is used only if an oracle says O is entitled to
//    the same outcome in both games (same answer, same SAN -- see below --, same capture square
//    and reserve identity, same check directions, same game end); otherwise the harness tries
//    another text. (Without this filter A and B would legitimately differ: O's attempts probe
//    the hidden pieces.)
//  * The hidden side H plays DIFFERENT texts in A and B whenever it can: for each of H's
//    requests in A, the harness looks for a request in B that the oracle says O hears the same
//    way (refusals: both `no` or both `impossible`; moves: same captured square and identity,
//    same dropped type, same check directions, same game end). So H's pieces drift apart
//    between A and B while O's entitled knowledge stays the same.
//  * After every request: O's announcements and O's view string are compared byte for byte.
// The oracle is computed here from the true positions with the rules engine (captured square
// from the board difference, checkers, legal replies), not from the referee's announcements,
// so a leak in the referee (a drop square, the hidden side's SAN or pieces in a view, ...)
// shows up as a difference.
// Rule sets (docs/rulesets.md): every pair runs under one rule set, and the oracle adds what
// that rule set lets the observer learn: whether an attempt is a pawn capture and, where the
// rule set admits pawn captures by its automatic announcement, whether the mover has one (from
// that square); whether the attempt repeats one refused `no` this turn; the pawn tries of the
// side to move after a move; a promotion where it is announced.
// Spec-mandated exception: the mover's SAN is "canonical SAN of the true game"
// (docs/referee-protocol.md, detail 2), whose disambiguation is by legal moves and may depend on
// unseen pins; the oracle therefore includes the SAN in O's own-move signature.
#include <algorithm>
#include <optional>
#include <random>

#include "referee/check_direction.hpp"
#include "referee/own_board.hpp"
#include "referee_test_support.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

using namespace ck::referee;
using namespace ck::referee::test;
using ck::rules::Color;
using ck::rules::Move;
using ck::rules::MoveList;
using ck::rules::Position;

namespace {

const Position& truth(const Game& g) {
    static const TruePositionKey key = TruePositionKeyForTests::make();
    return g.true_position(key);
}

struct Signature {
    std::string answer;  // legal, no, impossible, error, try
    std::string san;     // mover's own signature only
    std::string capture, drop, end;
    std::vector<std::string> checks;
    std::string rule_set_facts;  // what the rule set adds (see the header)
    bool operator==(const Signature& o) const {
        return answer == o.answer && san == o.san && capture == o.capture && drop == o.drop &&
               end == o.end && checks == o.checks && rule_set_facts == o.rule_set_facts;
    }
};

// The own-board moves answered `no` in the current turn of one game (the referee's memory of
// refused attempts, docs/rulesets.md "Terms").
using Refused = std::vector<Move>;

bool same_attempt(Move a, Move b) {
    return a.from() == b.from() && a.to() == b.to() && a.piece() == b.piece() &&
           a.is_drop() == b.is_drop();
}

// From-squares of the legal pawn captures of the side to move, sorted, and their count.
std::string pawn_tries(const Position& p) {
    MoveList legal;
    ck::rules::generate_legal(p, legal);
    std::vector<std::pair<int, int>> caps;
    for (Move m : legal)
        if (!m.is_drop() && m.kind() != ck::rules::MoveKind::Castling &&
            ck::rules::type_of(p.piece_on(m.from())) == ck::rules::PieceType::Pawn &&
            ck::rules::file_of(m.from()) != ck::rules::file_of(m.to()) &&
            std::find(caps.begin(), caps.end(), std::make_pair(int(m.from()), int(m.to()))) ==
                caps.end())
            caps.emplace_back(m.from(), m.to());
    std::sort(caps.begin(), caps.end());
    std::string out = std::to_string(caps.size()) + ":";
    int last = -1;
    for (const auto& c : caps)
        if (c.first != last)
            out += ck::rules::square_name(static_cast<ck::rules::Square>(last = c.first));
    return out;
}

bool has_pawn_capture(const Position& p) {
    MoveList legal;
    ck::rules::generate_legal(p, legal);
    for (Move m : legal)
        if (!m.is_drop() &&
            ck::rules::type_of(p.piece_on(m.from())) == ck::rules::PieceType::Pawn &&
            ck::rules::file_of(m.from()) != ck::rules::file_of(m.to()))
            return true;
    return false;
}

// What the observer is entitled to learn from `text` sent to g (with_san: the observer is the
// mover and hears its own SAN).
Signature signature(const Game& g, const std::string& text, bool with_san, const Refused& refused) {
    Signature s;
    const Position& p = truth(g);
    const KriegspielRules& k = kriegspiel_rules(g.rule_set());
    if (text == "any?") {
        if (k.any == AnyRule::None) return {"error", "", "", "", "", {}, ""};
        s.answer = has_pawn_capture(p) ? "try" : "no";
        return s;
    }
    auto mt = ck::rules::parse_move_text(text);
    if (!mt) return {"error", "", "", "", "", {}, ""};
    const OwnBoard own = OwnBoard::of(p, p.side_to_move());
    const OwnResolution res = resolve_on_own_board(own, *mt);
    if (res.kind == OwnResolution::Kind::Impossible) return {"impossible", "", "", "", "", {}, ""};
    if (res.kind != OwnResolution::Kind::Move) return {"error", "", "", "", "", {}, ""};
    if (g.rule_set() != RuleSet::CrazyKrieg) {
        if (is_pawn_capture(own, res.move)) {
            s.rule_set_facts = "pawn-capture";
            const std::string tries = pawn_tries(p);
            if (k.pawn_tries == PawnTries::Squares)
                s.rule_set_facts += tries.find(ck::rules::square_name(res.move.from()),
                                               tries.find(':')) == std::string::npos
                                        ? " uncovered"
                                        : " covered";
            else if (k.pawn_tries != PawnTries::None)
                s.rule_set_facts += tries[0] == '0' && tries[1] == ':' ? " uncovered" : " covered";
        }
        for (Move m : refused)
            if (same_attempt(m, res.move)) s.rule_set_facts += " repeated";
    }
    MoveList legal;
    ck::rules::generate_legal(p, legal);
    Move chosen = Move::none();
    for (Move m : legal)
        if (same_intent(res.move, m)) chosen = m;
    if (chosen.is_none()) {
        s.answer = "no";
        return s;
    }
    s.answer = "legal";
    if (with_san) s.san = ck::rules::to_san(p, chosen);
    Position after = p;
    const Color them = ~p.side_to_move();
    after.make_move(chosen);
    const auto removed = p.pieces(them) & ~after.pieces(them);
    if (removed && !chosen.is_drop()) {
        const auto sq = static_cast<ck::rules::Square>(__builtin_ctzll(removed));
        auto t = ck::rules::type_of(p.piece_on(sq));
        if (p.is_promoted(sq) && p.variant().promoted_returns_as_pawn &&
            ck::rules::has_pockets(p.variant()))
            t = ck::rules::PieceType::Pawn;
        s.capture = ck::rules::square_name(sq) + std::string(ck::rules::type_word(t));
        if (chosen.kind() == ck::rules::MoveKind::EnPassant) s.capture += " en passant";
    }
    if (chosen.is_drop()) s.drop = std::string(ck::rules::type_word(chosen.piece()));
    const auto king = after.king_square(them);
    for (auto c = after.checkers(); c; c &= c - 1) {
        const auto sq = static_cast<ck::rules::Square>(__builtin_ctzll(c));
        s.checks.emplace_back(check_direction(king, sq, ck::rules::type_of(after.piece_on(sq))));
    }
    std::sort(s.checks.begin(), s.checks.end());
    if (k.announces_promotion && chosen.kind() == ck::rules::MoveKind::Promotion)
        s.rule_set_facts += " promotion";
    if (k.pawn_tries != PawnTries::None) s.rule_set_facts += " tries " + pawn_tries(after);
    MoveList replies;
    ck::rules::generate_legal(after, replies);
    if (replies.empty())
        s.end = after.in_check() ? "mate" : "stalemate";
    else if (after.repetition_count() >= 3 || after.halfmove_clock() >= 100 ||
             after.insufficient_material())
        s.end = "draw";
    return s;
}

// A random request text for the side to move: a legal move (long algebraic), or an attempt from
// one of its pieces to a random square, or a random drop.
std::string random_text(const Game& g, std::mt19937& rng, bool legal_only) {
    const Position& p = truth(g);
    MoveList legal;
    ck::rules::generate_legal(p, legal);
    std::uniform_int_distribution<int> pct(0, 99);
    if ((legal_only || pct(rng) < 50) && !legal.empty())
        return ck::rules::to_uci(
            legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)]);
    std::vector<ck::rules::Square> own;
    for (ck::rules::Square s = 0; s < 64; ++s)
        if (ck::rules::is_piece(p.piece_on(s)) &&
            ck::rules::color_of(p.piece_on(s)) == p.side_to_move())
            own.push_back(s);
    const auto to = static_cast<ck::rules::Square>(std::uniform_int_distribution<int>(0, 63)(rng));
    if (pct(rng) < 20)
        return std::string(1, "PNBRQ"[pct(rng) % 5]) + "@" + ck::rules::square_name(to);
    const auto from = own[std::uniform_int_distribution<std::size_t>(0, own.size() - 1)(rng)];
    return ck::rules::square_name(from) + ck::rules::square_name(to);
}

// The own-board move a text names in g now, if any.
std::optional<Move> own_move(const Game& g, const std::string& text) {
    const Position& p = truth(g);
    auto mt = ck::rules::parse_move_text(text);
    if (!mt) return std::nullopt;
    const OwnResolution res = resolve_on_own_board(OwnBoard::of(p, p.side_to_move()), *mt);
    if (res.kind != OwnResolution::Kind::Move) return std::nullopt;
    return res.move;
}

// Keeps a game's refused list as the referee does: a `no` adds the attempt, a move clears it.
void remember(const std::optional<Move>& m, const Ruling& r, Refused& list) {
    if (r.answer == Answer::Legal) list.clear();
    if (r.answer == Answer::No && m) list.push_back(*m);
}

struct Pair {
    Game a, b;
    Color observer;
    int compared = 0;
    Refused refused_a, refused_b;

    void send(const std::string& ta, const std::string& tb) {
        const auto ma = own_move(a, ta), mb = own_move(b, tb);
        Ruling ra = a.request(ta), rb = b.request(tb);
        remember(ma, ra, refused_a);
        remember(mb, rb, refused_b);
        INFO("rules " << rule_set_name(a.rule_set()) << ", texts " << ta << " / " << tb);
        REQUIRE(told(ra, observer) == told(rb, observer));
        REQUIRE(a.view_text(observer) == b.view_text(observer));
        REQUIRE(ra.result == rb.result);
        ++compared;
    }
    bool over() const { return a.over() || b.over(); }
};

// Plays one lockstep pair; returns the number of requests compared.
int play_pair(const char* variant, Color observer, unsigned seed,
              RuleSet rules = RuleSet::CrazyKrieg) {
    std::mt19937 rng(seed);
    Pair pr{make_game(variant, true, {}, rules),
            make_game(variant, true, {}, rules),
            observer,
            0,
            {},
            {}};
    std::uniform_int_distribution<int> pct(0, 99);
    for (int ply = 0; ply < 120 && !pr.over(); ++ply) {
        const bool observed = pr.a.side_to_move() == observer;
        bool moved = false;
        for (int attempt = 0; attempt < 40 && !moved && !pr.over(); ++attempt) {
            if (observed) {
                const std::string text =
                    pct(rng) < 8 ? std::string("any?") : random_text(pr.a, rng, false);
                const Signature sa = signature(pr.a, text, true, pr.refused_a);
                if (!(sa == signature(pr.b, text, true, pr.refused_b))) continue;
                if (sa.answer == "error") continue;
                pr.send(text, text);
                moved = sa.answer == "legal";
            } else {
                // Refusals now and then, else a move; B gets a different text when one fits.
                const bool refusal = pct(rng) < 30;
                const std::string ta = random_text(pr.a, rng, !refusal);
                const Signature sa = signature(pr.a, ta, false, pr.refused_a);
                if (sa.answer == "error") continue;
                std::string tb;
                for (int k = 0; k < 60 && tb.empty(); ++k) {
                    std::string cand = random_text(pr.b, rng, sa.answer == "legal");
                    if (cand != ta && signature(pr.b, cand, false, pr.refused_b) == sa) tb = cand;
                }
                if (tb.empty() && signature(pr.b, ta, false, pr.refused_b) == sa) tb = ta;
                if (tb.empty()) continue;
                pr.send(ta, tb);
                moved = sa.answer == "legal";
            }
        }
        if (!moved) break;  // no text fits both games: the pair ends here
    }
    const auto ha = pr.a.view(observer).heard, hb = pr.b.view(observer).heard;
    REQUIRE(ha.size() == hb.size());
    for (std::size_t i = 0; i < ha.size(); ++i) REQUIRE(ha[i] == hb[i]);
    return pr.compared;
}

}  // namespace

TEST_CASE("non-interference: White hears the same whatever Black hides", "[referee][slow]") {
    int compared = 0;
    for (unsigned seed = 1; seed <= 40; ++seed) {
        compared += play_pair("crazyhouse", Color::White, seed);
        compared += play_pair("chess", Color::White, 1000 + seed);
        if (seed % 4 == 0) compared += play_pair("loop", Color::White, 4000 + seed);
        if (seed % 4 == 2) compared += play_pair("chessgi", Color::White, 5000 + seed);
    }
    CHECK(compared > 2000);
}

TEST_CASE("non-interference: Black hears the same whatever White hides", "[referee][slow]") {
    int compared = 0;
    for (unsigned seed = 1; seed <= 40; ++seed) {
        compared += play_pair("crazyhouse", Color::Black, 2000 + seed);
        compared += play_pair("chess", Color::Black, 3000 + seed);
        if (seed % 4 == 0) compared += play_pair("loop", Color::Black, 6000 + seed);
        if (seed % 4 == 2) compared += play_pair("chessgi", Color::Black, 7000 + seed);
    }
    CHECK(compared > 2000);
}

// Every other rule set (docs/rulesets.md), in plain chess and with each pocket variant.
TEST_CASE("non-interference under every rule set, both colours", "[referee][slow]") {
    const char* variants[] = {"chess", "crazyhouse", "loop", "chessgi"};
    for (int r = 1; r < RuleSetCount; ++r) {
        const auto rules = static_cast<RuleSet>(r);
        int compared = 0;
        for (unsigned seed = 1; seed <= 12; ++seed)
            for (Color c : {Color::White, Color::Black})
                compared += play_pair(variants[seed % 4], c,
                                      8000 + 100 * static_cast<unsigned>(r) + seed, rules);
        INFO(rule_set_name(rules));
        CHECK(compared > 800);
    }
}
