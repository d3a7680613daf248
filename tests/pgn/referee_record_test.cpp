// Referee records (src/pgn/referee_record.hpp): random hidden games played through the referee,
// written, verified by replay, read as ordinary PGN, tampered with, and per-player records.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "../referee/referee_test_support.hpp"
#include "pgn/game.hpp"
#include "pgn/reader.hpp"
#include "pgn/referee_record.hpp"
#include "pgn/referee_record_format.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace {

using ck::pgn::RecordBuilder;
using ck::referee::Answer;
using ck::referee::Game;
using ck::referee::GameSetup;
using ck::referee::Ruling;
using ck::rules::Color;

struct Played {
    GameSetup setup;
    std::vector<Ruling> rulings;
    std::vector<int> ply_of;  // per ruling: the half-move whose turn it was (1-based)
    std::string white_view, black_view;
    int plies = 0;
};

GameSetup make_setup(const char* variant, bool hidden, std::optional<std::string> fen = {}) {
    GameSetup s;
    s.variant = ck::rules::find_variant(variant);
    REQUIRE(s.variant != nullptr);
    s.hidden = hidden;
    s.fen = std::move(fen);
    return s;
}

// Random attempts: legal moves in SAN or long algebraic, random tries (mostly refused), `any?`,
// gibberish, an occasional resignation, and sometimes a request after the end.
Played play_random(const GameSetup& setup, unsigned seed, int max_requests) {
    auto created = Game::create(setup);
    REQUIRE(created.has_value());
    Game game = std::move(created.value());
    const auto key = ck::referee::TruePositionKeyForTests::make();
    std::mt19937 rng(seed);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const char* pieces[] = {"", "N", "B", "R", "Q", "K", "N@", "P@", "B@"};
    Played p;
    p.setup = setup;
    for (int i = 0; i < max_requests && !game.over(); ++i) {
        std::string text;
        int roll = pick(100);
        const auto& pos = game.true_position(key);
        ck::rules::MoveList legal;
        ck::rules::generate_legal(pos, legal);
        if (roll < 55 && !legal.empty()) {
            auto m = legal[pick(legal.size())];
            text = pick(2) ? ck::rules::to_san(pos, m) : ck::rules::to_uci(m);
        } else if (roll < 85) {
            text = std::string(pieces[pick(9)]) + char('a' + pick(8)) + char('1' + pick(8));
        } else if (roll < 95) {
            text = "any?";
        } else if (roll < 97) {
            text = "Zz9 }{\"odd\\";  // not a request: an error, with characters to escape
        } else if (roll < 98 && i > 20) {
            text = "resign";
        } else {
            text = std::string(1, char('a' + pick(8))) + char('1' + pick(8)) + char('a' + pick(8)) +
                   char('1' + pick(8));
        }
        p.ply_of.push_back(p.plies + 1);
        Ruling r = game.request(text);
        if (r.move) ++p.plies;
        p.rulings.push_back(std::move(r));
    }
    if (game.over() && pick(2)) {
        p.ply_of.push_back(p.plies + 1);
        p.rulings.push_back(game.request("e4"));  // after the end: an error
        CHECK(p.rulings.back().answer == Answer::Error);
    }
    p.white_view = game.view_text(Color::White);
    p.black_view = game.view_text(Color::Black);
    return p;
}

std::string record_of(const Played& p, const std::vector<Ruling>& rulings) {
    RecordBuilder b(p.setup);
    b.set_tag("Event", "record test");
    b.set_tag("White", "Alice");
    b.set_tag("Black", "Bob \"the\" referee");
    b.set_tag("Mode", "EM");
    for (const auto& r : rulings) b.add(r);
    return b.referee_record();
}

std::string line_of(const std::string& text, int line) {
    std::istringstream in(text);
    std::string l;
    for (int i = 1; i <= line && std::getline(in, l); ++i) {
    }
    return l;
}

int count_moves(const std::string& text) {
    struct Count : ck::pgn::Visitor {
        int moves = 0;
        void san(std::string_view, int) override { ++moves; }
    } c;
    REQUIRE(ck::pgn::parse_game(text, 1, c));
    return c.moves;
}

void check_record(const Played& p) {
    std::string text = record_of(p, p.rulings);
    INFO(text);
    for (const auto& l : {line_of(text, 1), line_of(text, 3)}) CHECK(l.size() <= 80);

    auto ok = ck::pgn::verify_referee_record(text);
    if (!ok)
        FAIL("ply " << ok.error().ply << " line " << ok.error().line << ": " << ok.error().message);
    CHECK(ok.value().plies == p.plies);
    CHECK(ok.value().requests == static_cast<int>(p.rulings.size()));

    // Any PGN reader sees the true game.
    std::string why;
    auto read = ck::pgn::read_game(text, 1, &why);
    INFO(why);
    REQUIRE(read.has_value());
    CHECK(static_cast<int>(read->moves.size()) == p.plies);
    CHECK(count_moves(text) == p.plies);

    auto views = ck::pgn::rebuild_views(text);
    REQUIRE(views.has_value());
    CHECK(views.value().white == p.white_view);
    CHECK(views.value().black == p.black_view);

    for (Color c : {Color::White, Color::Black}) {
        auto pr = ck::pgn::player_record(text, c);
        REQUIRE(pr.has_value());
        const std::string& t = pr.value();
        CHECK(count_moves(t) == 0);  // no moves of the true game
        std::string other = c == Color::White ? "black" : "white";
        if (p.setup.hidden) {
            CHECK(t.find("[%req " + other) == std::string::npos);
            CHECK(t.find("[%ann " + other) == std::string::npos);
        }
        std::string mine = c == Color::White ? p.white_view : p.black_view;
        if (!p.rulings.empty()) CHECK(t.rfind(mine + "\"]}") != std::string::npos);
    }

    // Tampering: the first `no`, the first announcement to one side, the first move played.
    for (std::size_t k = 0; k < p.rulings.size(); ++k) {
        if (p.rulings[k].answer != Answer::No) continue;
        auto bad = p.rulings;
        bad[k].answer = Answer::Impossible;
        std::string t = record_of(p, bad);
        auto v = ck::pgn::verify_referee_record(t);
        REQUIRE_FALSE(v.has_value());
        CHECK(v.error().ply == p.ply_of[k]);
        CHECK(line_of(t, v.error().line).find("impossible") != std::string::npos);
        CHECK(v.error().message.find("recorded answer 'impossible'") != std::string::npos);
        break;
    }
    for (std::size_t k = 0; k < p.rulings.size(); ++k) {
        auto& told = p.rulings[k].told[1];
        if (told.empty()) continue;
        auto bad = p.rulings;
        bad[k].told[1].back().square = "h9";
        std::string t = record_of(p, bad);
        auto v = ck::pgn::verify_referee_record(t);
        REQUIRE_FALSE(v.has_value());
        CHECK(v.error().ply == p.ply_of[k]);
        CHECK(v.error().message.find("h9") != std::string::npos);
        break;
    }
    for (std::size_t k = 0; k < p.rulings.size(); ++k) {
        if (!p.rulings[k].move) continue;
        auto bad = p.rulings;
        bad[k].move = *bad[k].move == "Nf3" ? "Nc3" : "Nf3";
        std::string t = record_of(p, bad);
        auto v = ck::pgn::verify_referee_record(t);
        REQUIRE_FALSE(v.has_value());
        CHECK(v.error().ply == p.ply_of[k]);
        CHECK(line_of(t, v.error().line).find(*bad[k].move) != std::string::npos);
        break;
    }
}

}  // namespace

// Which announcement types and answers a set of games produced (so the tests cannot pass on
// games that never capture, drop or check).
std::set<std::string> kinds_of(const Played& p) {
    std::set<std::string> out;
    for (const auto& r : p.rulings) {
        out.insert(std::string(ck::referee::answer_word(r.answer)));
        for (const auto& list : r.told)
            for (const auto& a : list)
                out.insert(std::string(ck::referee::announcement_type_name(a.type)));
    }
    return out;
}

TEST_CASE("random hidden crazyhouse games verify and rebuild views", "[record]") {
    std::set<std::string> seen;
    for (unsigned seed = 1; seed <= 12; ++seed) {
        Played p = play_random(make_setup("crazyhouse", true), seed, 300);
        check_record(p);
        for (const auto& k : kinds_of(p)) seen.insert(k);
    }
    for (const char* k : {"legal", "no", "impossible", "try", "error", "moved", "illegal", "any",
                          "capture", "drop", "check", "game-over"})
        CHECK(seen.count(k) == 1);
}

TEST_CASE("random kriegspiel (hidden chess) games verify and rebuild views", "[record]") {
    for (unsigned seed = 1; seed <= 8; ++seed)
        check_record(play_random(make_setup("chess", true), seed, 300));
}

TEST_CASE("hidden loop and chessgi games, open crazyhouse, black to move", "[record]") {
    for (unsigned seed = 1; seed <= 4; ++seed) {
        check_record(play_random(make_setup("loop", true), seed, 250));
        check_record(play_random(make_setup("chessgi", true), seed, 250));
        check_record(play_random(make_setup("crazyhouse", false), seed, 150));
    }
    check_record(play_random(
        make_setup("crazyhouse", true,
                   std::string("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2")),
        7, 120));
}

TEST_CASE("a resignation before any move is a final comment", "[record]") {
    Played p = play_random(make_setup("crazyhouse", true), 1, 0);
    auto g = Game::create(p.setup);
    REQUIRE(g.has_value());
    for (const char* req : {"Qh5", "any?", "resign"}) p.rulings.push_back(g.value().request(req));
    p.ply_of = {1, 1, 1};
    p.white_view = g.value().view_text(Color::White);
    p.black_view = g.value().view_text(Color::Black);
    std::string text = record_of(p, p.rulings);
    // The comment opens the movetext: `{` alone on the first line (no line ends with `]`).
    CHECK(text.find("\n\n{\n [%req white \"Qh5\" impossible]") != std::string::npos);
    CHECK(text.find("[%ann both game-over result=0-1 reason=resignation]} 0-1") !=
          std::string::npos);
    check_record(p);
}

TEST_CASE("a player record holds only what that player knew", "[record]") {
    // Two games that differ only in Black's hidden first move (both quiet, no check).
    auto record = [](const char* black_move) {
        GameSetup setup = make_setup("chess", true);
        auto g = Game::create(setup);
        REQUIRE(g.has_value());
        RecordBuilder b(setup);
        for (const char* req : {"a3", "Qh5", black_move, "h3", "any?", "Kb5"})
            b.add(g.value().request(req));
        return b.referee_record();
    };
    std::string a = record("e5"), b = record("d5");
    REQUIRE(a != b);
    auto wa = ck::pgn::player_record(a, Color::White);
    auto wb = ck::pgn::player_record(b, Color::White);
    auto ba = ck::pgn::player_record(a, Color::Black);
    auto bb = ck::pgn::player_record(b, Color::Black);
    REQUIRE((wa && wb && ba && bb));
    CHECK(wa.value() == wb.value());
    CHECK(ba.value() != bb.value());
    CHECK(wa.value().find("[View \"White\"]") != std::string::npos);
    CHECK(ba.value().find("[%req black \"e5\" legal]") != std::string::npos);
    CHECK(wa.value().find("e5") == std::string::npos);
}

TEST_CASE("hand-edited records fail at the right ply and line", "[record]") {
    const std::string base =
        "[Event \"?\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n[Kriegspiel \"crazykrieg\"]\n\n"
        "1. e4\n{[%req white \"Qh5\" impossible]\n"
        "[%ann white illegal answer=impossible attempt=Qh5] [%req white \"e4\" legal]\n"
        "[%ann white moved move=e4] [%ann black moved]} 1... d5 {[%req black \"d5\" legal]\n"
        "[%ann black moved move=d5] [%ann white moved]} *\n";
    REQUIRE(ck::pgn::verify_referee_record(base).has_value());

    auto fails = [&](const std::string& from, const std::string& to, int ply, int line) {
        std::string t = base;
        t.replace(t.find(from), from.size(), to);
        auto v = ck::pgn::verify_referee_record(t);
        REQUIRE_FALSE(v.has_value());
        CHECK(v.error().ply == ply);
        CHECK(v.error().line == line);
    };
    fails("impossible]\n", "no]\n", 1, 7);
    {
        // Lines count from where the game starts in its file.
        std::string t = base;
        t.replace(t.find("impossible]\n"), 11, "no]");
        auto v = ck::pgn::verify_referee_record(t, 101);
        REQUIRE_FALSE(v.has_value());
        CHECK(v.error().line == 107);
    }
    fails("[%ann black moved]}", "[%ann both moved]}", 1, 8);
    fails("1... d5", "1... e5", 2, 9);
    fails("[%ann white moved]}", "}", 2, 9);
    fails("[%req black", "[%req white", 2, 9);
    fails("} *", "} 1-0", 3, 0);
    // Tries of the next turn may not stand before the move that ended the previous one.
    fails("} 1... d5 {",
          " [%req black \"Qh4\" impossible] [%ann black illegal answer=impossible attempt=Qh4]} "
          "1... d5 {",
          2, 9);
}

TEST_CASE("malformed records are errors, not crashes", "[record]") {
    const std::string head = "[Event \"?\"]\n[Kriegspiel \"crazykrieg\"]\n\n";
    auto error_of = [&](const std::string& movetext) {
        auto v = ck::pgn::verify_referee_record(head + movetext);
        REQUIRE_FALSE(v.has_value());
        return v.error().message;
    };
    CHECK(error_of("1. e4 {[%req white \"e4 legal]} *").find("quoted") != std::string::npos);
    CHECK(error_of("1. e4 {[%req white \"e4\" legal] [%ann both moved move]} *")
              .find("bad announcement field") != std::string::npos);
    CHECK(error_of("1. e4 {[%req white \"e4\" legal] [%ann all moved]} *").find("audience") !=
          std::string::npos);
    CHECK(error_of("1. e4 {[%ann white moved move=e4]} *").find("without a request") !=
          std::string::npos);
    CHECK(error_of("1. e4 {[%req white \"e4\"]} *").find("[%req]") != std::string::npos);
    CHECK(error_of("1. e4 *").find("not played") != std::string::npos);
    CHECK(error_of("{[%req white \"e4\" legal] [%ann white moved move=e4] [%ann black moved]} *")
              .find("no move token") != std::string::npos);
    auto v = ck::pgn::verify_referee_record("[Variant \"Shogi\"]\n\n*\n");
    REQUIRE_FALSE(v.has_value());
    CHECK(v.error().message.find("unknown variant") != std::string::npos);
    CHECK_FALSE(ck::pgn::verify_referee_record("").has_value());
    // Comments that are not the referee's ([%clk], free text) are ignored; an empty record of a
    // game not yet begun verifies.
    CHECK(ck::pgn::verify_referee_record(head + "{Game starts [%clk 1:00:00]} *").has_value());
}

TEST_CASE("sample records verify", "[record]") {
    for (const char* name : {"crazykrieg-sample.pgn", "kriegspiel-sample.pgn"}) {
        std::ifstream in(std::string(CK_TEST_DATA) + "/pgn/records/" + name);
        REQUIRE(in);
        std::stringstream ss;
        ss << in.rdbuf();
        auto v = ck::pgn::verify_referee_record(ss.str());
        INFO(name);
        if (!v) FAIL(v.error().message);
        CHECK(v.value().plies > 10);
        std::string why;
        CHECK(ck::pgn::read_game(ss.str(), 1, &why).has_value());
        INFO(why);
        auto views = ck::pgn::rebuild_views(ss.str());
        REQUIRE(views.has_value());
        CHECK(!views.value().white.empty());
    }
}

// Writes the two samples (run once by hand: pgn_tests "[.write-samples]").
TEST_CASE("write sample records", "[.write-samples]") {
    struct Sample {
        const char* file;
        const char* variant;
        unsigned seed;
    };
    for (Sample s : {Sample{"crazykrieg-sample.pgn", "crazyhouse", 1},
                     Sample{"kriegspiel-sample.pgn", "chess", 1}}) {
        // The first seed whose game shows every kind of answer and announcement.
        Played p;
        for (unsigned seed = s.seed;; ++seed) {
            p = play_random(make_setup(s.variant, true), seed, 160);
            auto k = kinds_of(p);
            bool drops = std::string(s.variant) != "crazyhouse" || k.count("drop");
            if (k.count("no") && k.count("capture") && k.count("check") && k.count("try") &&
                k.count("game-over") && drops)
                break;
        }
        RecordBuilder b(p.setup);
        b.set_tag("Event", "crazykrieg sample record");
        b.set_tag("Site", "tests/pgn/referee_record_test.cpp");
        b.set_tag("Date", "2026.11.21");
        b.set_tag("White", "Random A");
        b.set_tag("Black", "Random B");
        b.set_tag("Mode", "EM");
        for (const auto& r : p.rulings) b.add(r);
        std::ofstream(std::string(CK_TEST_DATA) + "/pgn/records/" + s.file) << b.referee_record();
    }
}

// The Kriegspiel rule sets (docs/rulesets.md): the record carries their announcements
// (`pawn-tries` in three forms, `promotion`) and the verifier replays the game under the
// `[Kriegspiel "NAME"]` tag, so an altered pawn-tries announcement fails.
// Every rule set with every variant.
TEST_CASE("random games under every rule set verify; an altered pawn try fails", "[record]") {
    using ck::referee::AnnouncementType;
    std::set<std::string> forms;
    for (int r = 1; r < ck::referee::RuleSetCount; ++r) {
        for (const char* variant :
             {"chess", "crazyhouse", "loop", "chessgi", "replacement", "putback"}) {
            GameSetup s = make_setup(variant, true);
            s.rules = static_cast<ck::referee::RuleSet>(r);
            INFO(ck::referee::rule_set_name(s.rules) << " " << variant);
            for (unsigned seed = 1; seed <= 2; ++seed) {
                Played p = play_random(s, 100 + seed, 250);
                check_record(p);
                const std::string text = record_of(p, p.rulings);
                CHECK(text.find("[Kriegspiel \"" +
                                std::string(ck::referee::rule_set_name(s.rules)) + "\"]") !=
                      std::string::npos);
                for (std::size_t k = 0; k < p.rulings.size(); ++k) {
                    auto& told = p.rulings[k].told[0];
                    auto it = std::find_if(told.begin(), told.end(), [](const auto& a) {
                        return a.type == AnnouncementType::PawnTries;
                    });
                    if (it == told.end()) continue;
                    auto bad = p.rulings;
                    auto& a = bad[k].told[0][static_cast<std::size_t>(it - told.begin())];
                    if (a.count) forms.insert("count"), a.count = *a.count + 1;
                    if (a.available) forms.insert("available"), a.available = !*a.available;
                    if (a.squares)
                        forms.insert("squares"),
                            a.squares->push_back("h8");  // no pawn stands there
                    auto v = ck::pgn::verify_referee_record(record_of(p, bad));
                    REQUIRE_FALSE(v.has_value());
                    CHECK(v.error().ply == p.ply_of[k]);
                    CHECK(v.error().message.find("pawn-tries") != std::string::npos);
                    break;
                }
            }
        }
    }
    CHECK(forms == std::set<std::string>{"available", "count", "squares"});
}

TEST_CASE("pawn-tries fields are read back exactly, and bad ones refused", "[record]") {
    ck::referee::Announcement a;
    std::string why;
    REQUIRE(
        ck::pgn::record::parse_announcement({"both", "pawn-tries", "squares=b2,d2"}, 1, a, &why));
    REQUIRE(a.squares);
    CHECK(*a.squares == std::vector<std::string>{"b2", "d2"});
    CHECK(ck::pgn::record::describe(a) == "pawn-tries squares=\"b2,d2\"");
    REQUIRE(ck::pgn::record::parse_announcement({"both", "pawn-tries", "squares="}, 1, a, &why));
    CHECK(a.squares->empty());
    CHECK(ck::pgn::record::describe(a) == "pawn-tries squares=\"\"");
    REQUIRE(ck::pgn::record::parse_announcement({"both", "pawn-tries", "count=0"}, 1, a, &why));
    CHECK(a.count == 0);
    REQUIRE(ck::pgn::record::parse_announcement({"both", "promotion"}, 1, a, &why));
    for (const char* bad :
         {"count=x", "count=", "available=yes", "squares=b2,", "squares=z9", "squares=b2,,d2"}) {
        INFO(bad);
        CHECK_FALSE(ck::pgn::record::parse_announcement({"both", "pawn-tries", bad}, 1, a, &why));
    }
    CHECK_FALSE(ck::pgn::record::parse_announcement({"both", "moved", "count=1"}, 1, a, &why));
}

TEST_CASE("a game-over result is read back as its value, and junk refused", "[record]") {
    ck::referee::Announcement a;
    std::string why;
    REQUIRE(ck::pgn::record::parse_announcement(
        {"both", "game-over", "result=1/2-1/2", "reason=agreement"}, 1, a, &why));
    CHECK(a.result == ck::referee::GameResult::Draw);
    CHECK(ck::pgn::record::describe(a) == "game-over result=1/2-1/2 reason=agreement");
    for (const char* bad : {"result=*", "result=2-0", "result=", "result=draw"}) {
        INFO(bad);
        CHECK_FALSE(ck::pgn::record::parse_announcement({"both", "game-over", bad}, 1, a, &why));
    }
    const std::string head = "[Event \"?\"]\n[Kriegspiel \"crazykrieg\"]\n\n";
    auto v = ck::pgn::verify_referee_record(head + "{[%end 2-0 adjudication]} *");
    REQUIRE_FALSE(v.has_value());
    CHECK(v.error().message.find("bad result '2-0'") != std::string::npos);
}
