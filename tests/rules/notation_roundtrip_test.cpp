// Round trip over random playouts of every variant: for every legal move m of every position
// visited, parse_move(pos, to_san(pos, m)) == m and parse_move(pos, to_uci(m)) == m, and no two
// legal moves share a SAN or a UCI string.
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

using namespace ck::rules;

namespace {

struct Tally {
    long moves = 0;
    long positions = 0;
    long failures = 0;
    // Moves seen per notation feature, so the test shows what it covered.
    long drops = 0, promotions = 0, en_passant = 0, castling = 0, placements = 0, pending = 0,
         disambiguated = 0, checks = 0;
};

// The SAN core names its origin beyond what plain SAN needs: "Nbd2", "R1a3", "Qa1b2".
bool is_disambiguated(const std::string& san) {
    std::string core = san.substr(san.find(':') == std::string::npos ? 0 : san.find(':') + 1);
    core = core.substr(0, core.find_first_of("/=+#"));
    if (core.empty() || core[0] < 'B' || core[0] > 'R' || core.find('@') != std::string::npos)
        return false;  // pawn, castling, drop
    std::size_t squares = 0;
    for (char c : core) squares += c >= '1' && c <= '8';
    return core.size() - (core.find('x') != std::string::npos) > 3 || squares > 1;
}

void check_position(const Position& pos, Tally& tally) {
    MoveList legal;
    generate_legal(pos, legal);
    std::set<std::string> sans, ucis;
    ++tally.positions;
    for (Move m : legal) {
        ++tally.moves;
        std::string san = to_san(pos, m);
        std::string uci = to_uci(m);
        auto from_san = parse_move(pos, san);
        auto from_uci = parse_move(pos, uci);
        tally.drops += m.is_drop();
        tally.promotions += m.kind() == MoveKind::Promotion;
        tally.en_passant += m.kind() == MoveKind::EnPassant;
        tally.castling += m.kind() == MoveKind::Castling;
        tally.placements += m.place() != NoSquare;
        tally.pending += m.pending_choice() != PieceType::None;
        tally.disambiguated += is_disambiguated(san);
        tally.checks += san.back() == '+' || san.back() == '#';
        bool ok = from_san && *from_san == m && from_uci && *from_uci == m &&
                  sans.insert(san).second && ucis.insert(uci).second;
        if (!ok && tally.failures++ < 10) {
            INFO("position " << pos.fen() << "\nmove " << uci << " san " << san);
            INFO("san parse: " << (from_san ? to_uci(*from_san) : from_san.error().message));
            INFO("uci parse: " << (from_uci ? to_uci(*from_uci) : from_uci.error().message));
            CHECK(ok);
        }
    }
}

}  // namespace

TEST_CASE("SAN and UCI round trip over random playouts", "[notation][roundtrip]") {
    const VariantId ids[] = {VariantId::Chess,   VariantId::Crazyhouse,  VariantId::Loop,
                             VariantId::Chessgi, VariantId::Replacement, VariantId::Putback};
    for (VariantId id : ids) {
        const Variant& variant = variant_of(id);
        SECTION(std::string(variant.name)) {
            std::mt19937 rng(20261121u + static_cast<unsigned>(id));
            Tally tally;
            for (int game = 0; game < 4; ++game) {
                Position pos = Position::startpos(variant);
                for (int ply = 0; ply < 80; ++ply) {
                    check_position(pos, tally);
                    MoveList legal;
                    generate_legal(pos, legal);
                    if (legal.empty()) break;
                    pos.make_move(legal[static_cast<int>(rng() % legal.size())]);
                }
            }
            INFO(variant.name << ": " << tally.positions << " positions, " << tally.moves
                              << " moves; drops " << tally.drops << ", promotions "
                              << tally.promotions << ", e.p. " << tally.en_passant << ", castling "
                              << tally.castling << ", placements " << tally.placements
                              << ", pending choices " << tally.pending << ", disambiguated "
                              << tally.disambiguated << ", +/# " << tally.checks);
            CHECK(tally.failures == 0);
            CHECK(tally.positions > 100);
            CHECK(tally.disambiguated > 0);
            CHECK(tally.checks > 0);
            if (has_pockets(variant)) CHECK(tally.drops > 0);
            if (has_placement(variant)) CHECK(tally.placements > 0);
            if (variant.placed_pawn_promotes_by_owner) CHECK(tally.pending > 0);
        }
    }
}
