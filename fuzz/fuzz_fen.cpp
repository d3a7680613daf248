// libFuzzer target: Position::from_fen under every variant. Contract checked: a FEN that
// parses yields a position whose fen() re-parses to the same fen(), that is consistent, and
// whose legal moves can be generated, made and undone (each child consistent, the parent
// restored exactly).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "rules/movegen.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"

using namespace ck::rules;

namespace {

[[noreturn]] void fail(const Variant& v, std::string_view input, const std::string& what) {
    std::fprintf(stderr, "fuzz_fen [%s] input \"%.*s\": %s\n", std::string(v.name).c_str(),
                 static_cast<int>(input.size()), input.data(), what.c_str());
    std::abort();
}

void check(const Variant& v, std::string_view input) {
    auto parsed = Position::from_fen(input, v);
    if (!parsed) {
        if (parsed.error().message.empty()) fail(v, input, "error without a message");
        return;
    }
    Position pos = *parsed;
    std::string why;
    if (!pos.is_consistent(&why)) fail(v, input, "inconsistent after from_fen: " + why);
    const std::string fen = pos.fen();
    auto again = Position::from_fen(fen, v);
    if (!again) fail(v, input, "fen() \"" + fen + "\" does not re-parse: " + again.error().message);
    if (again->fen() != fen) fail(v, input, "fen() \"" + fen + "\" re-parses as " + again->fen());
    if (again->hash() != pos.hash()) fail(v, input, "hash differs after re-parse of " + fen);

    MoveList moves;
    generate_legal(pos, moves);
    // Make and undo a bounded sample of the moves (placement variants can have thousands).
    int step = moves.size() / 64 + 1;
    for (int i = 0; i < moves.size(); i += step) {
        pos.make_move(moves[i]);
        if (!pos.is_consistent(&why)) fail(v, input, "inconsistent after a move: " + why);
        MoveList replies;
        generate_legal(pos, replies);
        pos.undo_move();
    }
    if (pos.fen() != fen || pos.hash() != again->hash())
        fail(v, input, "make/undo did not restore " + fen + " (now " + pos.fen() + ")");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    for (int id = 0; id <= static_cast<int>(VariantId::Putback); ++id)
        check(variant_of(static_cast<VariantId>(id)), input);
    return 0;
}
