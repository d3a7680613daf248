// Properties of conditional moves over many seeded cases (bounded: well under a second):
// random open trees from random crazyhouse positions round-trip through the canonical text and
// fire line by line against the real referee; random hidden condition texts either are refused
// with a quoted line or round-trip.
#include <algorithm>
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

namespace ck::referee {
namespace {

// The condition that says exactly what `after` (the announcements after the opponent's move)
// says, in the words of docs/conditionals.md.
std::string condition_from(const std::vector<Announcement>& after) {
    std::vector<std::string> clauses;
    bool something = false;
    for (const Announcement& a : after) {
        switch (a.type) {
            case AnnouncementType::Capture:
                clauses.push_back("capture" + (a.piece.empty() ? "" : " of a " + a.piece) + " on " +
                                  a.square);
                something = true;
                break;
            case AnnouncementType::Check:
                clauses.push_back(a.direction == "knight" ? std::string("check by a knight")
                                                          : "check on the " + a.direction);
                something = true;
                break;
            case AnnouncementType::Drop:
                clauses.push_back("drop of a " + a.piece);
                something = true;
                break;
            case AnnouncementType::Promotion:
                clauses.push_back("promotion");
                something = true;
                break;
            case AnnouncementType::PawnTries:
                if (a.count)
                    clauses.push_back(*a.count == 0   ? std::string("no pawn tries")
                                      : *a.count == 1 ? std::string("one pawn try")
                                                      : std::to_string(*a.count) + " pawn tries");
                if (a.available)
                    clauses.push_back(*a.available ? "pawn captures" : "no pawn captures");
                if (a.squares) {
                    std::string s = a.squares->empty() ? "no pawn tries" : "pawn tries from";
                    for (std::size_t i = 0; i < a.squares->size(); ++i)
                        s += (i ? " and " : " ") + (*a.squares)[i];
                    clauses.push_back(s);
                }
                break;
            default:
                break;
        }
    }
    if (!something) clauses.push_back("nothing");
    std::string text;
    for (const std::string& c : clauses) text += (text.empty() ? "" : " and ") + c;
    return text;
}

}  // namespace

TEST_CASE("hidden property: what the real referee announces is a condition that holds",
          "[conditional]") {
    // Random hidden games under every rule set and variant. After each move, the condition
    // written from the mover's opponent's announcements must be accepted for that rule set and
    // variant and must fire on the opponent's view; the same condition with a capture moved to
    // another square must not.
    std::mt19937 rng(16);
    int fired = 0, captures = 0, checks = 0, tries = 0;
    for (RuleSet rules :
         {RuleSet::CrazyKrieg, RuleSet::Wild16, RuleSet::Berkeley, RuleSet::BerkeleyAny,
          RuleSet::Cincinnati, RuleSet::English, RuleSet::Rand}) {
        for (const char* variant :
             {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"}) {
            Game g = test::make_game(variant, true, {}, rules);
            for (int ply = 0; ply < 80 && !g.over(); ++ply) {
                // A random legal move, in long algebraic (hidden play resolves SAN on the
                // mover's own board, where it may be ambiguous): the referee accepts every one,
                // also a Putback choice whose chosen piece makes the move (`q:a8b8/f5`).
                const rules::Position& pos = g.true_position(TruePositionKeyForTests::make());
                auto m = random_move(pos, rng);
                REQUIRE(m);
                INFO(rule_set_name(rules)
                     << " " << variant << ": " << rules::to_uci(*m) << " in " << pos.fen());
                REQUIRE(g.request(rules::to_uci(*m)).answer == Answer::Legal);
                if (g.over()) break;
                const PlayerView view = g.view(g.side_to_move());
                auto last = std::find_if(view.heard.rbegin(), view.heard.rend(), [](const auto& a) {
                    return a.type == AnnouncementType::Moved;
                });
                REQUIRE(last != view.heard.rend());
                const std::vector<Announcement> after(last.base(), view.heard.end());
                const std::string condition = condition_from(after);
                const std::string text = "if " + condition + " then Kf1, any?";
                INFO(rule_set_name(rules) << " " << variant << ": " << text);
                auto lines = parse_conditionals(text, true);
                REQUIRE(lines);
                const bool has_any = kriegspiel_rules(rules).any != AnyRule::None;
                if (!has_any) {
                    lines = parse_conditionals("if " + condition + " then Kf1", true);
                    REQUIRE(lines);
                }
                auto valid = validate_hidden(lines->front(), rules, g.variant());
                if (!valid) FAIL(valid.error().message());
                ConditionalTree tree;
                tree.hidden = true;
                REQUIRE(add_line(tree, *valid));
                auto fires = match(tree, view);
                REQUIRE(fires);
                CHECK(fires->reply.front() == "Kf1");
                ++fired;
                checks += condition.find("check") != std::string::npos;
                tries += condition.find("pawn") != std::string::npos;
                const auto on = condition.find("capture ");
                if (on != std::string::npos) {
                    ++captures;
                    const auto sq = condition.find(" on ", on) + 4;
                    std::string moved = condition;
                    moved[sq] = moved[sq] == 'a' ? 'b' : 'a';
                    moved[sq + 1] = moved[sq + 1] == '1' ? '2' : '1';
                    auto other = parse_conditionals("if " + moved + " then Kf1", true);
                    REQUIRE(other);
                    ConditionalTree wrong;
                    wrong.hidden = true;
                    REQUIRE(add_line(wrong, other->front()));
                    CHECK_FALSE(match(wrong, view));
                }
            }
        }
    }
    CHECK(fired > 1000);
    CHECK(captures > 100);
    CHECK(checks > 20);
    CHECK(tries > 100);
}

}  // namespace ck::referee
