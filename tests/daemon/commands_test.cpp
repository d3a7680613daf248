// Commands in a player's mail (docs/mail-protocol.md "What the referee reads").
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "daemon/commands.hpp"

using ck::daemon::ByeArgs;
using ck::daemon::ChallengeArgs;
using ck::daemon::check_move_numbers;
using ck::daemon::Command;
using ck::daemon::LeaveArgs;
using ck::daemon::MoveArgs;
using ck::daemon::NoteArgs;
using ck::daemon::parse_commands;
using ck::rules::Color;
using Kind = Command::Kind;

namespace {
std::vector<Kind> kinds(const std::vector<Command>& cs) {
    std::vector<Kind> out;
    for (const auto& c : cs) out.push_back(c.kind);
    return out;
}
std::vector<std::string> texts(const std::vector<Command>& cs) {
    std::vector<std::string> out;
    for (const auto& c : cs) out.push_back(c.text);
    return out;
}
}  // namespace

TEST_CASE("commands: a single move, blank lines skipped", "[commands]") {
    const auto cs = parse_commands("\n\n  e4  \n\n");
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].kind == Kind::Move);
    CHECK(cs[0].text == "e4");
    CHECK(cs[0].line == 3);
    CHECK_FALSE(cs[0].as<MoveArgs>().move_number);
}

TEST_CASE("commands: a try list over lines, spaces and commas, with any?", "[commands]") {
    const auto cs = parse_commands("Any?\nNf3, Nc3\nexd5 Qxd5+\r\nany ?\nN@f5;P*d5\n");
    CHECK(kinds(cs) == std::vector<Kind>{Kind::AnyQuery, Kind::Move, Kind::Move, Kind::Move,
                                         Kind::Move, Kind::AnyQuery, Kind::Move, Kind::Move});
    CHECK(texts(cs) ==
          std::vector<std::string>{"any?", "Nf3", "Nc3", "exd5", "Qxd5+", "any?", "N@f5", "P*d5"});
}

TEST_CASE("commands: move numbers and the side they imply", "[commands]") {
    struct Case {
        const char* text;
        int number;
        Color side;
        const char* move;
    };
    for (const Case& k :
         {Case{"12. Nf3", 12, Color::White, "Nf3"}, Case{"12.Nf3", 12, Color::White, "Nf3"},
          Case{"12... Nf6", 12, Color::Black, "Nf6"}, Case{"12...Nf6", 12, Color::Black, "Nf6"},
          Case{"12. ... Nf6", 12, Color::Black, "Nf6"},
          Case{"12\xE2\x80\xA6 Nf6", 12, Color::Black, "Nf6"}, Case{"1. e4", 1, Color::White, "e4"},
          Case{"1... e5", 1, Color::Black, "e5"}}) {
        INFO(k.text);
        const auto cs = parse_commands(k.text);
        REQUIRE(cs.size() == 1);
        CHECK(cs[0].kind == Kind::Move);
        CHECK(cs[0].text == k.move);
        REQUIRE(cs[0].as<MoveArgs>().move_number);
        CHECK(*cs[0].as<MoveArgs>().move_number == k.number);
        REQUIRE(cs[0].as<MoveArgs>().numbered_side);
        CHECK(*cs[0].as<MoveArgs>().numbered_side == k.side);
    }
    // The number applies to every attempt on its line only.
    const auto cs = parse_commands("7... any? Nf6 Ne4\nd5");
    REQUIRE(cs.size() == 4);
    CHECK(cs[0].kind == Kind::AnyQuery);
    CHECK(cs[2].as<MoveArgs>().move_number == 7);
    CHECK_FALSE(cs[3].as<MoveArgs>().move_number);
    // PGN habit "1. e4 e5": both are attempts of the numbered move (a try list), not two plies.
    const auto pgn_style = parse_commands("1. e4 e5");
    REQUIRE(pgn_style.size() == 2);
    CHECK(pgn_style[1].text == "e5");
    CHECK(pgn_style[1].as<MoveArgs>().move_number == 1);
    // A second number inside the line makes it unreadable.
    CHECK(parse_commands("1. e4 e5 2. Nf3")[0].kind == Kind::Unknown);
    // A number alone, or without dots, is not a command.
    CHECK(parse_commands("12.")[0].kind == Kind::Unknown);
    CHECK(parse_commands("12 Nf3")[0].kind == Kind::Unknown);
}

TEST_CASE("commands: notation forms and re-casing", "[commands]") {
    CHECK(texts(parse_commands("e2e4 e2-e4 O-O 0-0-0 e8=Q Nxe5/d6 @d5")) ==
          std::vector<std::string>{"e2e4", "e2-e4", "O-O", "0-0-0", "e8=Q", "Nxe5/d6", "@d5"});
    // Phones capitalise; shift keys stick.
    CHECK(texts(parse_commands("E4\nNF3\nnxe5\nExd5")) ==
          std::vector<std::string>{"e4", "Nf3", "Nxe5", "exd5"});
    // Written case is kept when it reads: bxc3 is a pawn, Bxc3 a bishop.
    CHECK(texts(parse_commands("bxc3\nBxc3")) == std::vector<std::string>{"bxc3", "Bxc3"});
    // Figurines and a no-break space between attempts.
    const auto cs = parse_commands(
        "\xE2\x99\x98"
        "f3\xC2\xA0"
        "e4");
    CHECK(kinds(cs) == std::vector<Kind>{Kind::Move, Kind::Move});
}

TEST_CASE("commands: keywords, case-insensitive", "[commands]") {
    CHECK(kinds(parse_commands("RESIGN\nDraw\ndecline\nBoard\npgn\nGames\nhelp\nResign.")) ==
          std::vector<Kind>{Kind::Resign, Kind::Draw, Kind::Decline, Kind::Board, Kind::Pgn,
                            Kind::Games, Kind::Help, Kind::Resign});
    auto cs = parse_commands("leave 14");
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].kind == Kind::Leave);
    CHECK(cs[0].as<LeaveArgs>().days == 14);
    for (const char* bad : {"leave", "leave 0", "leave 366", "leave two", "leave 3 days"}) {
        INFO(bad);
        CHECK(parse_commands(bad)[0].kind == Kind::Unknown);
    }
    cs = parse_commands(
        "accept\nDecline c17\nstandings\nstandings spring-2026\njoin spring-2026\n"
        "follow 42\nWithdraw spring-2026\nwithdraw\njoin\nunfollow 42");
    CHECK(kinds(cs) == std::vector<Kind>{Kind::Accept, Kind::Decline, Kind::Standings,
                                         Kind::Standings, Kind::Join, Kind::Follow, Kind::Withdraw,
                                         Kind::Unknown, Kind::Unknown, Kind::Unfollow});
    CHECK(cs[1].argument() == "c17");
    CHECK(cs[2].argument().empty());
    CHECK(cs[3].argument() == "spring-2026");
    CHECK(cs[4].argument() == "spring-2026");
    CHECK(cs[5].argument() == "42");
    CHECK(cs[6].argument() == "spring-2026");
    CHECK(cs[9].argument() == "42");
}

TEST_CASE("commands: bye [TOURNAMENT] ROUND (a Swiss's requested bye)", "[commands]") {
    auto cs = parse_commands("bye 3\nBye autumn-swiss 2\nbye\nbye 0\nbye three\nbye a b 2");
    CHECK(kinds(cs) == std::vector<Kind>{Kind::Bye, Kind::Bye, Kind::Unknown, Kind::Unknown,
                                         Kind::Unknown, Kind::Unknown});
    CHECK(cs[0].as<ByeArgs>().round == 3);
    CHECK(cs[0].as<ByeArgs>().tournament.empty());
    CHECK(cs[1].as<ByeArgs>().round == 2);
    CHECK(cs[1].as<ByeArgs>().tournament == "autumn-swiss");
    CHECK_FALSE(ck::daemon::valid_at(Kind::Bye, ck::daemon::Where::Game));
    CHECK(ck::daemon::valid_at(Kind::Bye, ck::daemon::Where::Club));
}

TEST_CASE("commands: challenge ADDRESS VARIANT [hidden] [TIME]", "[commands]") {
    auto cs = parse_commands("challenge Bob@Example.org crazyhouse");
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().address == "bob@example.org");
    CHECK(cs[0].as<ChallengeArgs>().variant == "crazyhouse");
    CHECK_FALSE(cs[0].as<ChallengeArgs>().hidden);
    CHECK_FALSE(cs[0].as<ChallengeArgs>().time);

    cs = parse_commands("Challenge bob@example.org Loop hidden 10/50d");
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().variant == "loop");
    CHECK(cs[0].as<ChallengeArgs>().hidden);
    REQUIRE(cs[0].as<ChallengeArgs>().time);
    CHECK(cs[0].as<ChallengeArgs>().time->moves == 10);

    cs = parse_commands("challenge bob@example.org putback 3d");
    REQUIRE(cs[0].kind == Kind::Challenge);
    CHECK_FALSE(cs[0].as<ChallengeArgs>().hidden);
    REQUIRE(cs[0].as<ChallengeArgs>().time);
    CHECK(cs[0].as<ChallengeArgs>().time->days == 3);

    // `casual` (README "Ratings"), with or without `hidden`, in either order.
    cs = parse_commands("challenge bob@example.org crazyhouse casual 3d");
    REQUIRE(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().casual);
    CHECK_FALSE(cs[0].as<ChallengeArgs>().hidden);
    cs = parse_commands("challenge bob@example.org chess Casual hidden");
    REQUIRE(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().casual);
    CHECK(cs[0].as<ChallengeArgs>().hidden);
    CHECK_FALSE(parse_commands("challenge bob@example.org chess")[0].as<ChallengeArgs>().casual);
    // A rule-set word (docs/rulesets.md) after `hidden`, or alone (it implies hidden).
    cs = parse_commands("challenge bob@x.org crazyhouse hidden WILD16 3d");
    REQUIRE(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().hidden);
    CHECK(cs[0].as<ChallengeArgs>().rules == ck::referee::RuleSet::Wild16);
    REQUIRE(cs[0].as<ChallengeArgs>().time);
    cs = parse_commands("challenge bob@x.org chess berkeley-any");
    REQUIRE(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().hidden);
    CHECK(cs[0].as<ChallengeArgs>().rules == ck::referee::RuleSet::BerkeleyAny);
    CHECK(parse_commands("challenge bob@x.org chess hidden")[0].as<ChallengeArgs>().rules ==
          ck::referee::RuleSet::CrazyKrieg);
    // All of them at once.
    cs = parse_commands("challenge bob@x.org chess hidden casual berkeley 3d");
    REQUIRE(cs[0].kind == Kind::Challenge);
    CHECK(cs[0].as<ChallengeArgs>().casual);
    CHECK(cs[0].as<ChallengeArgs>().rules == ck::referee::RuleSet::Berkeley);
    REQUIRE(cs[0].as<ChallengeArgs>().time);

    for (const char* bad :
         {"challenge bob@example.org chess casual casual", "challenge", "challenge bob",
          "challenge bob@example.org", "challenge bob@example.org nosuchvariant",
          "challenge bob@example.org crazyhouse 3x",
          "challenge bob@example.org crazyhouse 3d hidden",
          "challenge bob@example.org crazyhouse hidden 3d rand",
          "challenge bob@example.org crazyhouse hidden nosuchrules 3d"}) {
        INFO(bad);
        CHECK(parse_commands(bad)[0].kind == Kind::Unknown);
    }
}

TEST_CASE("commands: ratings [POOL]", "[commands]") {
    auto cs = parse_commands("ratings\nRatings crazykrieg");
    REQUIRE(cs.size() == 2);
    CHECK(cs[0].kind == Kind::Ratings);
    CHECK(cs[0].argument().empty());
    CHECK(cs[1].kind == Kind::Ratings);
    CHECK(cs[1].argument() == "crazykrieg");
    CHECK(parse_commands("ratings a b")[0].kind == Kind::Unknown);
}

TEST_CASE("commands: anything else is Unknown with the line as written", "[commands]") {
    // Issue 24 (D7): "e4 please" is the move e4 with a comment (below), no longer Unknown.
    const auto cs = parse_commands(
        "Hi Bob,\ne4\nthanks for the game!\nSent from my iPhone\n"
        "e4 please\nresign now\ndraw?\n--\n> e4\n");
    CHECK(kinds(cs) == std::vector<Kind>{Kind::Unknown, Kind::Move, Kind::Unknown, Kind::Unknown,
                                         Kind::Move, Kind::Unknown, Kind::Unknown, Kind::Unknown,
                                         Kind::Unknown});
    CHECK(cs[0].text == "Hi Bob,");
    CHECK(cs[2].text == "thanks for the game!");
    CHECK(cs[4].text == "e4");
    CHECK(cs[4].as<MoveArgs>().comment == "please");
    CHECK(cs[4].line == 5);
}

TEST_CASE("commands: a move line may carry annotations and a comment (issue 24, D7)",
          "[commands]") {
    // The move is read; the rest is its comment, as written (never read as a move).
    for (const char* line : {"e5 (the open game)", "e5 ; the open game", "e5 -- the open game",
                             "e5  # open game", "e5 thanks", "1... e5 thanks"}) {
        INFO(line);
        const auto cs = parse_commands(line);
        REQUIRE(cs.size() == 1);
        CHECK(cs[0].kind == Kind::Move);
        CHECK(cs[0].text == "e5");
        CHECK_FALSE(cs[0].as<MoveArgs>().comment.empty());
    }
    CHECK(parse_commands("e5 ; the open game")[0].as<MoveArgs>().comment == "; the open game");
    CHECK(parse_commands("e5 thanks d4")[0].as<MoveArgs>().comment ==
          "thanks d4");  // d4 is no attempt
    // A lone annotation changes nothing.
    for (const char* line : {"e5 !", "e5 !?", "e5 ??", "e5 $1"}) {
        INFO(line);
        const auto cs = parse_commands(line);
        REQUIRE(cs.size() == 1);
        CHECK(cs[0].text == "e5");
        CHECK(cs[0].as<MoveArgs>().comment.empty());
    }
    // A PGN comment becomes a note to the opponent.
    const auto pgn = parse_commands("1... e5 {the open game}");
    REQUIRE(pgn.size() == 2);
    CHECK(pgn[0].kind == Kind::Move);
    CHECK(pgn[0].as<MoveArgs>().move_number == 1);
    CHECK(pgn[1].kind == Kind::Say);
    CHECK(pgn[1].as<NoteArgs>().note == "the open game");
    // Words first are no move line.
    CHECK(parse_commands("thanks e5")[0].kind == Kind::Unknown);
}

TEST_CASE("commands: the move-number guard refuses stale mail", "[commands]") {
    const auto ok = parse_commands("12. Nf3\nNc3");
    CHECK(check_move_numbers(ok, 12, Color::White));
    const auto stale = parse_commands("Nc3\n11. Nf3");
    auto r = check_move_numbers(stale, 12, Color::White);
    REQUIRE_FALSE(r);
    CHECK(r.error().line == 2);
    CHECK(r.error().written == 11);
    CHECK(r.error().expected == 12);
    // Black's number while White is to move is stale; the loose "12. Nf6" from Black is not.
    CHECK_FALSE(check_move_numbers(parse_commands("12... Nf6"), 12, Color::White));
    CHECK(check_move_numbers(parse_commands("12... Nf6"), 12, Color::Black));
    CHECK(check_move_numbers(parse_commands("12. Nf6"), 12, Color::Black));
    CHECK_FALSE(check_move_numbers(parse_commands("13... Nf6"), 12, Color::Black));
    // Without numbers there is nothing to check.
    CHECK(check_move_numbers(parse_commands("e4\nresign"), 30, Color::Black));
}

TEST_CASE("commands: say and message: carry notes to the opponent", "[commands]") {
    const auto cs = parse_commands("e4\nSay  Good luck, {Bob}!  \nboard");
    REQUIRE(cs.size() == 3);
    CHECK(cs[1].kind == Kind::Say);
    CHECK(cs[1].as<NoteArgs>().note == "Good luck, {Bob}!");
    CHECK(cs[2].kind == Kind::Board);
    CHECK(parse_commands("say")[0].kind == Kind::Unknown);  // nothing to say

    // message: the rest of that line and every line after it; no commands are read there.
    const auto m = parse_commands("d4\nMESSAGE: Hello,\nresign\n\nthanks\n\n");
    REQUIRE(m.size() == 2);
    CHECK(m[0].kind == Kind::Move);
    CHECK(m[1].kind == Kind::Message);
    CHECK(m[1].as<NoteArgs>().note == "Hello,\nresign\n\nthanks");
    CHECK(parse_commands("message:\n\n").empty());
}

TEST_CASE("commands: one table says where each command is valid", "[commands]") {
    using ck::daemon::find_command;
    using ck::daemon::valid_at;
    using ck::daemon::Where;
    REQUIRE(find_command("Resign.") != nullptr);
    CHECK(find_command("resign")->kind == Kind::Resign);
    CHECK(find_command("resignation") == nullptr);
    CHECK(valid_at(Kind::Move, Where::Game));
    CHECK_FALSE(valid_at(Kind::Move, Where::Club));
    CHECK(valid_at(Kind::Say, Where::Game));
    CHECK_FALSE(valid_at(Kind::Say, Where::Club));
    CHECK(valid_at(Kind::Games, Where::Club));
    CHECK(valid_at(Kind::Games, Where::Game));
    CHECK(valid_at(Kind::Challenge, Where::Club));
    CHECK_FALSE(valid_at(Kind::Challenge, Where::Game));
    CHECK_FALSE(valid_at(Kind::Unknown, Where::Game));
    // Challenge words come from their own table, in any order before TIME.
    const auto c = parse_commands("challenge Bob@Example.net crazyhouse hidden 3d");
    REQUIRE(c.size() == 1);
    CHECK(c[0].kind == Kind::Challenge);
    CHECK(c[0].as<ChallengeArgs>().hidden);
    CHECK(c[0].as<ChallengeArgs>().address == "bob@example.net");
    CHECK(parse_commands("challenge bob@example.net crazyhouse 3d hidden")[0].kind ==
          Kind::Unknown);
}

// commands.hpp InGame: the commands that act on a game are refused once it is over; the
// questions (board, pgn, help, ...) are answered at any time.
TEST_CASE("commands: the table says which commands act on a game in play", "[commands]") {
    using ck::daemon::command_row;
    using ck::daemon::InGame;
    for (const Kind k : {Kind::Move, Kind::AnyQuery, Kind::Resign, Kind::Draw, Kind::Accept,
                         Kind::Decline, Kind::Conditional, Kind::ConditionalClear})
        CHECK(command_row(k).in_game == InGame::WhileInPlay);
    for (const Kind k : {Kind::Board, Kind::Pgn, Kind::Games, Kind::Help, Kind::Standings,
                         Kind::Leave, Kind::Say, Kind::Message, Kind::ViewQuery, Kind::Conditionals,
                         Kind::Set, Kind::Settings, Kind::Unknown})
        CHECK(command_row(k).in_game == InGame::Always);
}

TEST_CASE("commands: conditional moves (docs/conditionals.md)", "[commands]") {
    const auto c = parse_commands(
        "e4\nIf d5 then exd5 Qxd5 Nc3\nconditional: 1...e5 2.Nf3\n1...c5 2.Nc3 (1...e6 2.d4)\n\n"
        "conditionals\nconditional clear 2\nConditional clear.\nconditional clear x\nif");
    REQUIRE(c.size() == 8);
    CHECK(c[0].kind == Kind::Move);
    CHECK(c[1].kind == Kind::Conditional);
    CHECK(c[1].as<NoteArgs>().note == "if d5 then exd5 Qxd5 Nc3");
    CHECK(c[2].kind == Kind::Conditional);  // the block, up to the blank line
    CHECK(c[2].as<NoteArgs>().note == "1...e5 2.Nf3\n1...c5 2.Nc3 (1...e6 2.d4)");
    CHECK(c[2].line == 3);
    CHECK(c[3].kind == Kind::Conditionals);
    CHECK(c[3].line == 6);
    CHECK(c[4].kind == Kind::ConditionalClear);
    CHECK(c[4].argument() == "2");
    CHECK(c[5].kind == Kind::ConditionalClear);
    CHECK(c[5].argument().empty());
    CHECK(c[6].kind == Kind::Unknown);
    CHECK(c[7].kind == Kind::Unknown);  // `if` alone
    CHECK(ck::daemon::valid_at(Kind::Conditional, ck::daemon::Where::Game));
    CHECK_FALSE(ck::daemon::valid_at(Kind::Conditional, ck::daemon::Where::Club));
}
