// Checking a conditional line when it is stored (referee/conditional.hpp; docs/conditionals.md,
// "When a line is stored").
#include "referee/conditional.hpp"
#include "rules/notation.hpp"

namespace ck::referee {
namespace {

core::Unexpected<ConditionalError> fail(const ConditionalLine& line, std::string reason) {
    return core::unexpected(ConditionalError{line.source, std::move(reason)});
}

std::string move_label(int ply) { return std::to_string(ply / 2 + 1) + (ply % 2 ? "..." : "."); }

// The reason, if any, why rule set k in variant v never announces clause c.
std::optional<std::string> not_announced(const Clause& c, const KriegspielRules& k,
                                         const rules::Variant& v) {
    const std::string rs(k.name);
    const bool pockets = rules::has_pockets(v);
    using K = Clause::Kind;
    switch (c.kind) {
        case K::Move:
            return "in a hidden game you never see your opponent's move: write a condition on "
                   "what the referee announces";
        case K::Capture:
            if (c.piece.empty()) return std::nullopt;
            if (pockets || k.plain_capture == PlainCapture::Identity) {
                if (c.piece == "piece")
                    return "a capture in " + std::string(v.name) + " under " + rs +
                           " names the piece itself (pawn, knight, bishop, rook or queen)";
                return std::nullopt;
            }
            if (k.plain_capture == PlainCapture::PawnOrPiece) {
                if (c.piece != "pawn" && c.piece != "piece")
                    return "a capture under " + rs + " names only `pawn` or `piece`";
                return std::nullopt;
            }
            return "a capture under " + rs + " names only its square";
        case K::Check:
            // Every rule set names the direction of each check (check_direction.hpp).
            return std::nullopt;
        case K::Drop:
            if (!pockets) return std::string(v.name) + " has no drops";
            return std::nullopt;
        case K::PawnTries:
            switch (k.pawn_tries) {
                case PawnTries::None:
                    return rs + " announces no pawn tries";
                case PawnTries::Count:
                    if (c.none || c.count) return std::nullopt;
                    return rs +
                           " announces the number of pawn tries (\"no pawn tries\", \"one "
                           "pawn try\", \"2 pawn tries\")";
                case PawnTries::Available:
                    if (c.none || c.available) return std::nullopt;
                    return rs +
                           " announces whether there are pawn captures (\"pawn captures\", "
                           "\"no pawn captures\")";
                case PawnTries::Squares:
                    if (c.none || c.squares) return std::nullopt;
                    return rs +
                           " announces the squares of the pawns with a try (\"pawn tries "
                           "from c4 and e4\", \"no pawn tries\")";
            }
            return std::nullopt;
        case K::Promotion:
            if (!k.announces_promotion) return rs + " does not announce promotions";
            return std::nullopt;
        case K::Nothing:
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

core::Result<ConditionalLine, ConditionalError> validate_open(const ConditionalLine& line,
                                                              const rules::Position& now) {
    const int ply_now =
        (now.fullmove_number() - 1) * 2 + (now.side_to_move() == rules::Color::Black ? 1 : 0);
    if (line.first_ply && *line.first_ply != ply_now)
        return fail(line, "the line starts at move " + move_label(*line.first_ply) +
                              " but your opponent's next move is " + move_label(ply_now));
    rules::Position pos = now;
    ConditionalLine out = line;
    std::string played;  // the line so far, for the reason
    for (Step& step : out.steps) {
        if (step.when.clauses.size() != 1 || step.when.clauses[0].kind != Clause::Kind::Move)
            return fail(line, "in an open game a condition is your opponent's move");
        if (step.reply.size() != 1) return fail(line, "in an open game a reply is one move");
        std::string* texts[2] = {&step.when.clauses[0].move, &step.reply.at(0)};
        for (int k = 0; k < 2; ++k) {
            std::string& text = *texts[k];
            auto move = rules::parse_move(pos, text);
            if (!move) {
                const std::string whose = k == 0 ? "your opponent's move " : "your reply ";
                return fail(line, whose + text + " is not legal " +
                                      (played.empty() ? "now" : "after " + played) + ": " +
                                      move.error().message);
            }
            text = rules::to_san(pos, *move);
            pos.make_move(*move);
            played += (played.empty() ? "" : " ") + text;
        }
    }
    return out;
}

core::Result<ConditionalLine, ConditionalError> validate_hidden(const ConditionalLine& line,
                                                                RuleSet rules,
                                                                const rules::Variant& variant) {
    const KriegspielRules& k = kriegspiel_rules(rules);
    if (line.first_ply) return fail(line, "the PGN form is for open games");
    for (const Step& step : line.steps) {
        for (const Clause& c : step.when.clauses)
            if (auto why = not_announced(c, k, variant))
                return fail(line, "\"" + clause_text(c) + "\": " + *why);
        if (step.reply.empty()) return fail(line, "no move after `then`");
        for (const std::string& attempt : step.reply) {
            if (attempt == "any?") {
                if (k.any == AnyRule::None)
                    return fail(line, "\"any?\" is not a request under " + std::string(k.name));
            } else if (!rules::parse_move_text(attempt)) {
                return fail(line, "\"" + attempt + "\" is not a move");
            }
        }
    }
    return line;
}

}  // namespace ck::referee
