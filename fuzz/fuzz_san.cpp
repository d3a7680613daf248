// libFuzzer target: move text against a few fixed positions of every variant. Contract checked:
// parse_move_text and parse_move never crash and always explain an error; a move parse_move
// returns is legal, and its to_san and to_uci both parse back to the same move.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

using namespace ck::rules;

namespace {

struct Fixed {
    VariantId variant;
    const char* fen;
};

// Disambiguation, promotions, castling, pockets, placements, a waiting Putback pawn and a
// Putback double e.p. set.
constexpr Fixed Fixtures[] = {
    {VariantId::Chess, "r3k2r/1P4P1/8/3N1N2/8/2N5/8/R3K2R w KQkq - 0 1"},
    {VariantId::Chess, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    {VariantId::Crazyhouse,
     "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[NPbp] w KQkq - 0 5"},
    {VariantId::Loop, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] b KQkq - 0 3"},
    {VariantId::Chessgi, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"},
    {VariantId::Replacement, "k7/8/8/3b1p2/4P3/8/8/7K w - - 0 1"},
    {VariantId::Replacement, "r3k2r/8/8/3p4/2N1N3/8/8/R3K2R w KQkq - 0 1"},
    {VariantId::Putback, "P3k3/8/8/3p4/4P3/8/8/4K2R w K - 0 1"},
    {VariantId::Putback, "4k3/8/8/8/Pp6/1p6/8/4K3 b - a2,a3 0 1"},
};

[[noreturn]] void fail(const std::string& fen, std::string_view input, const std::string& what) {
    std::fprintf(stderr, "fuzz_san [%s] input \"%.*s\": %s\n", fen.c_str(),
                 static_cast<int>(input.size()), input.data(), what.c_str());
    std::abort();
}

const std::vector<Position>& positions() {
    static const std::vector<Position> all = [] {
        std::vector<Position> out;
        for (const Fixed& f : Fixtures) {
            auto p = Position::from_fen(f.fen, variant_of(f.variant));
            if (p)
                out.push_back(*p);
            else
                std::fprintf(stderr, "fuzz_san: fixture skipped (%s): %s\n", f.fen,
                             p.error().message.c_str());
        }
        for (int id = 0; id <= static_cast<int>(VariantId::Putback); ++id)
            out.push_back(Position::startpos(variant_of(static_cast<VariantId>(id))));
        return out;
    }();
    return all;
}

void check(const Position& pos, std::string_view input) {
    auto parsed = parse_move(pos, input);
    if (!parsed) {
        if (parsed.error().message.empty()) fail(pos.fen(), input, "error without a message");
        return;
    }
    Move m = *parsed;
    if (!pos.is_legal(m)) fail(pos.fen(), input, "parse_move returned an illegal move");
    std::string san = to_san(pos, m);
    auto back = parse_move(pos, san);
    if (!back) fail(pos.fen(), input, "to_san gave " + san + ": " + back.error().message);
    if (*back != m) fail(pos.fen(), input, "to_san gave " + san + ", which is another move");
    std::string uci = to_uci(m);
    auto back_uci = parse_move(pos, uci);
    if (!back_uci || *back_uci != m) fail(pos.fen(), input, "to_uci gave " + uci);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 128) return 0;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    auto text = parse_move_text(input);
    if (!text && text.error().message.empty()) fail("-", input, "syntax error without a message");
    for (const Position& pos : positions()) check(pos, input);
    return 0;
}
