// Properties of conditional moves over many seeded cases (bounded: well under a second):
// random open trees from random crazyhouse positions round-trip through the canonical text and
// fire line by line against the real referee; random hidden condition texts either are refused
// with a quoted line or round-trip.
#include <random>

#include "referee/conditional.hpp"
#include "referee_test_support.hpp"
#include "rules/move_list.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace ck::referee {
namespace {

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const std::string& l : lines) s += l + "\n";
    return s;
}

std::optional<rules::Move> random_move(const rules::Position& pos, std::mt19937& rng) {
    rules::MoveList legal;
    rules::generate_legal(pos, legal);
    std::vector<rules::Move> moves(legal.begin(), legal.end());
    if (moves.empty()) return std::nullopt;
    return moves[rng() % moves.size()];
}

// The tree of `text` with every line checked against `now`.
ConditionalTree checked_tree(const std::string& text, const rules::Position& now) {
    ConditionalTree tree;
    auto lines = parse_conditionals(text, false);
    if (!lines) FAIL(lines.error().message());
    for (const ConditionalLine& line : *lines) {
        auto valid = validate_open(line, now);
        if (!valid) FAIL(valid.error().message());
        REQUIRE(add_line(tree, *valid));
    }
    return tree;
}

}  // namespace

TEST_CASE("open property: random trees round-trip and fire line by line", "[conditional]") {
    std::mt19937 rng(19);
    const rules::Variant& crazyhouse = *rules::find_variant("crazyhouse");
    int fired_total = 0;
    for (int iteration = 0; iteration < 40; ++iteration) {
        rules::Position now = rules::Position::startpos(crazyhouse);
        const int prefix = static_cast<int>(rng() % 12);
        for (int i = 0; i < prefix; ++i) {
            auto m = random_move(now, rng);
            if (!m) break;
            now.make_move(*m);
        }
        if (!random_move(now, rng)) continue;
        const rules::Color player = ~now.side_to_move();

        // Up to four random lines from `now`; a line that answers a stored move differently is
        // refused (its error quotes it), the others merge.
        ConditionalTree tree;
        for (int b = 0; b < 4; ++b) {
            rules::Position p = now;
            std::vector<std::string> seq;
            const int plies = 2 * (1 + static_cast<int>(rng() % 3));
            for (int i = 0; i < plies; ++i) {
                auto m = random_move(p, rng);
                if (!m) break;
                seq.push_back(rules::to_san(p, *m));
                p.make_move(*m);
            }
            if (seq.size() % 2) seq.pop_back();
            if (seq.empty()) continue;
            std::string text = "if " + seq[0] + " then";
            for (std::size_t i = 1; i < seq.size(); ++i) text += " " + seq[i];
            auto lines = parse_conditionals(text, false);
            REQUIRE(lines);
            auto valid = validate_open(lines->front(), now);
            INFO(text);
            REQUIRE(valid);
            auto added = add_line(tree, *valid);
            if (!added) CHECK(added.error().line == text);
        }
        if (tree.empty()) continue;

        // The canonical text parses, checks and merges back to the same tree; so does the stored
        // form.
        const std::string text = joined(render_lines(tree));
        INFO(now.fen() << "\n" << text);
        CHECK(joined(render_lines(checked_tree(text, now))) == text);
        auto stored = deserialise(serialise(tree));
        REQUIRE(stored);
        CHECK(joined(render_lines(*stored)) == text);

        // Each line fires reply by reply when the opponent plays along it in a real game.
        for (const std::string& line : render_lines(tree)) {
            Game g = test::make_game("crazyhouse", false, now.fen());
            ConditionalTree rest = tree;
            auto parsed = parse_conditionals(line, false);
            REQUIRE(parsed);
            auto steps = validate_open(parsed->front(), now);
            REQUIRE(steps);
            for (const Step& step : steps->steps) {
                REQUIRE(g.request(step.when.clauses.front().move).answer == Answer::Legal);
                if (g.over()) {
                    CHECK_FALSE(match(rest, g.view(player)));
                    break;
                }
                auto fired = match(rest, g.view(player));
                REQUIRE(fired);
                CHECK(fired->reply == step.reply);
                REQUIRE(g.request(fired->reply.front()).answer == Answer::Legal);
                ++fired_total;
                rest = fired->rest;
                if (g.over()) break;
            }
        }
    }
    CHECK(fired_total > 40);
}

TEST_CASE("hidden property: random condition texts are refused with their line or round-trip",
          "[conditional]") {
    // Condition phrases and replies, a few of them wrong, put together as `if ... then ...`
    // lines of depth 1 to 3, sometimes with a word dropped.
    static const char* const Phrases[] = {"capture",
                                          "capture on e4",
                                          "capture of a knight on d5",
                                          "Knight captured on e4.",
                                          "check",
                                          "check on the vertical",
                                          "check on the long diagonal",
                                          "check by a knight",
                                          "check on the short-diagonal",
                                          "drop",
                                          "drop knight",
                                          "nothing",
                                          "no pawn tries",
                                          "one pawn try",
                                          "two pawn tries",
                                          "pawn captures",
                                          "no pawn captures",
                                          "pawn tries from e4 and c4",
                                          "a pawn try from e4",
                                          "promotion",
                                          "capture on e9",
                                          "checkmate"};
    static const char* const Replies[] = {"Qxe4", "Nf3",  "any?", "Kf1",
                                          "O-O",  "N@f3", "exd5", "zz"};
    std::mt19937 rng(7);
    int accepted = 0;
    for (int iteration = 0; iteration < 3000; ++iteration) {
        std::string text;
        const int depth = 1 + static_cast<int>(rng() % 3);
        for (int d = 0; d < depth; ++d) {
            text += d ? " if " : "if ";
            const int clauses = 1 + static_cast<int>(rng() % 2);
            for (int c = 0; c < clauses; ++c)
                text += std::string(c ? " and " : "") + Phrases[rng() % std::size(Phrases)];
            text += " then ";
            const int tries = 1 + static_cast<int>(rng() % 3);
            for (int t = 0; t < tries; ++t)
                text += std::string(t ? ", " : "") + Replies[rng() % std::size(Replies)];
        }
        if (rng() % 5 == 0) {  // drop one word
            std::vector<std::string> words = rules::split_move_words(text);
            words.erase(words.begin() + static_cast<std::ptrdiff_t>(rng() % words.size()));
            text.clear();
            for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
        }
        auto lines = parse_conditionals(text, true);
        if (!lines) {
            CHECK(lines.error().line == text);
            CHECK_FALSE(lines.error().reason.empty());
            continue;
        }
        ConditionalTree tree;
        tree.hidden = true;
        for (const ConditionalLine& line : *lines) REQUIRE(add_line(tree, line));
        const std::string rendered = joined(render_lines(tree));
        INFO(text << "\n" << rendered);
        auto again = parse_conditionals(rendered, true);
        REQUIRE(again);
        ConditionalTree back;
        back.hidden = true;
        for (const ConditionalLine& line : *again) REQUIRE(add_line(back, line));
        CHECK(joined(render_lines(back)) == rendered);
        ++accepted;
    }
    CHECK(accepted > 300);
}

}  // namespace ck::referee
