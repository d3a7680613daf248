// Conditional moves by mail (issue 19; docs/conditionals.md; daemon/conditional_mail.hpp): stored
// with the move, fired in the transaction of the opponent's move without charging the clock,
// chained between both players, removed by a deviation, a try list that falls through, and
// secrecy: nothing of them in the opponent's or a follower's mail.
#include <catch2/catch.hpp>
#include <chrono>
#include <regex>
#include <string>
#include <vector>

#include "../golden_file.hpp"
#include "league/conditional_book.hpp"
#include "league/game_clock.hpp"
#include "one_game_club.hpp"

using ck::daemon::test::Ada;
using ck::daemon::test::Bob;
using ck::daemon::test::has;
using ck::daemon::test::only;
using ck::daemon::test::OutMail;
using ck::daemon::test::to;
using ck::rules::Color;

namespace {

const std::string Cy = "cy@example.com";
const std::string Referee = "referee@club.example";

struct GameKind {
    std::string variant = "crazyhouse";
    bool hidden = false;
    std::string rules = "crazykrieg";
    std::string time = "30d+1d";
};

ck::daemon::NewGame game_of(const GameKind& kind) {
    ck::daemon::NewGame spec;
    spec.variant = kind.variant;
    spec.hidden = kind.hidden;
    spec.rules = *ck::referee::find_rule_set(kind.rules);
    spec.time = kind.time;
    return spec;
}

class Club : public ck::daemon::test::OneGameClub {
public:
    Club(const std::string& tag, const GameKind& kind)
        : OneGameClub("cond-" + tag, "c", game_of(kind), {{"Cy Onlooker", Cy}}) {}
    std::vector<OutMail> white(const std::string& body) { return send(Ada, body); }
    std::vector<OutMail> black(const std::string& body) { return send(Bob, body); }
    std::string file(const std::string& name) {
        auto r = daemon_->store().read_game_file(ck::core::GameId(1), name);
        return r ? *r : std::string();
    }
    ck::league::ClockState clock_state() {
        auto s = ck::league::parse_clock_ini(file("clock.ini"));
        REQUIRE(s);
        return *s;
    }
    std::string flat_record() {
        std::string s = file("record.pgn");
        for (char& c : s)
            if (c == '\n') c = ' ';
        return s;
    }
};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The one mail to `address` (a player gets one answer per mail).
// The player's mails with conditional parts, byte for byte (tests/data/daemon/conditional/;
// CK_UPDATE_GOLDEN=1 rewrites them).
void check_golden(const std::string& name, const OutMail& m) {
    ck::test::check_golden_file(std::string(CK_TEST_DATA) + "/daemon/conditional/" + name, m.raw);
}

// Nothing of anybody's conditional moves in a mail.
void check_silent(const OutMail& m) {
    INFO(m.text);
    CHECK_FALSE(has(lower(m.text), "conditional"));
}

}  // namespace

TEST_CASE("open crazyhouse: three branches of depth 3, Black plays into the second",
          "[conditional]") {
    Club club("open", GameKind{});
    auto mails = club.white(
        "e4\n"
        "if e5 then Nf3 Nc6 Bc4 Bc5 c3\n"
        "if d5 then exd5 Qxd5 Nc3 Qa5 d4\n"
        "if c5 then Nf3 d6 d4 cxd4 Nxd4\n"
        "if e6 then Qh5 d5 Qxe8");  // Qxe8 is not legal there: refused, the line quoted
    const OutMail ada = only(mails, Ada);
    INFO(ada.text);
    check_golden("stored.eml", ada);
    CHECK(has(ada.text, "Your conditional moves:"));
    CHECK(has(ada.text, "- 1. if e5 then Nf3 Nc6 Bc4 Bc5 c3"));
    CHECK(has(ada.text, "- 2. if d5 then exd5 Qxd5 Nc3 Qa5 d4"));
    CHECK(has(ada.text, "- 3. if c5 then Nf3 d6 d4 cxd4 Nxd4"));
    CHECK(has(ada.text, "Not stored: \"if e6 then Qh5 d5 Qxe8\": your reply Qxe8 is not legal"));
    check_silent(only(mails, Bob));
    CHECK(has(club.file("white.conditionals"), "crazykrieg-conditionals-v1\nopen\n"));
    const auto before = club.clock_state();

    // Black plays into the second branch: exd5 at once, in the same pass, charged nothing.
    mails = club.black("d5");
    const auto at = club.clock().now();  // the pass that ruled Black's mail
    const OutMail ada2 = only(mails, Ada), bob2 = only(mails, Bob);
    check_golden("played.eml", ada2);
    {
        INFO(ada2.text);
        CHECK(has(ada2.text, "Played by your conditional moves:"));
        CHECK(has(ada2.text, "- 2. exd5, by: if d5 then exd5"));
        CHECK(has(ada2.text, "- 1. if Qxd5 then Nc3 Qa5 d4"));
        CHECK_FALSE(has(ada2.text, "if e5 then"));
    }
    CHECK(has(bob2.subject, "Your move"));
    CHECK(has(bob2.text, "exd5"));
    check_silent(bob2);
    const auto after = club.clock_state();
    CHECK(after.turn_start == at);  // Black's turn starts with the commit of White's reply
    CHECK(after.bank[0] == before.bank[0] + ck::league::Day);  // no time used, the increment
    CHECK_FALSE(has(lower(club.flat_record()), "conditional"));

    mails = club.black("Qxd5");
    CHECK(has(only(mails, Ada).text, "- 3. Nc3, by: if Qxd5 then Nc3"));
    check_silent(only(mails, Bob));

    // Black deviates (Nf6, not Qa5): the rest is removed, White is to move.
    mails = club.black("Nf6");
    const OutMail ada4 = only(mails, Ada);
    check_golden("removed.eml", ada4);
    CHECK(has(ada4.subject, "Your move"));
    CHECK(has(ada4.text, "Your conditional moves were removed"));
    check_silent(only(mails, Bob));
    CHECK(club.file("white.conditionals") == "crazykrieg-conditionals-v1\nopen\n");

    // After the game, the referee record names the plies played by condition.
    mails = club.white("resign");
    CHECK(has(club.flat_record(), "Ada White's conditional move: if d5 then exd5"));
    CHECK(has(club.flat_record(), "Ada White's conditional move: if Qxd5 then Nc3"));
}

TEST_CASE("conditionals, conditional clear N and conditional clear by mail", "[conditional]") {
    Club club("clear", GameKind{});
    auto mails =
        club.white("e4\nconditional:\n1...e5 2.Nf3 (1...d5 2.exd5) (1...c5 2.Nc3)\n\nconditionals");
    std::string text = only(mails, Ada).text;
    INFO(text);
    for (const char* line : {"if e5 then Nf3", "if d5 then exd5", "if c5 then Nc3"})
        CHECK(has(text, line));
    CHECK(has(text, "- 3. if "));
    std::smatch first;
    REQUIRE(std::regex_search(text, first, std::regex("- 1\\. (if [^\r\n]*)")));
    const std::string removed = first[1].str();
    text = only(club.white("conditional clear 1"), Ada).text;
    INFO(text);
    CHECK_FALSE(has(text, removed));
    CHECK(has(text, "- 2. if "));
    CHECK_FALSE(has(text, "- 3. if "));
    text = only(club.white("conditional clear 7"), Ada).text;
    CHECK(has(text, "you have no conditional line 7"));
    text = only(club.white("conditional clear"), Ada).text;
    CHECK(has(text, "Your conditional moves:"));
    CHECK(has(text, "- none"));
    // Black to move stores nothing: conditionals answer the opponent's next move.
    text = only(club.black("if Nf3 then Nc6"), Bob).text;
    CHECK(has(text, "Not stored: \"if Nf3 then Nc6\": conditional moves answer"));
}

TEST_CASE("both players' conditionals chain in one pass and stop at the end of the lines",
          "[conditional]") {
    Club club("chain", GameKind{"chess", false, "crazykrieg", "30d+1d"});
    club.white("e4\nif e5 then Nf3 Nc6 Bb5 a6 Ba4");
    auto mails = club.black("e5\nif Nf3 then Nc6 Bb5 a6 Ba4 Nf6");
    const OutMail ada = only(mails, Ada), bob = only(mails, Bob);
    INFO(ada.text);
    INFO(bob.text);
    CHECK(has(ada.subject, "Your move"));
    CHECK(has(ada.text, "- 2. Nf3, by: if e5 then Nf3"));
    CHECK(has(ada.text, "- 3. Bb5, by: if Nc6 then Bb5"));
    CHECK(has(ada.text, "- 4. Ba4, by: if a6 then Ba4"));
    CHECK(has(bob.text, "- 2... Nc6, by: if Nf3 then Nc6"));
    CHECK(has(bob.text, "- 4... Nf6, by: if Ba4 then Nf6"));
    // Both players' news tell every ply of the chain.
    CHECK(has(ada.text, "Nf6"));
    CHECK(has(bob.text, "Ba4"));
    CHECK(club.file("white.conditionals") == "crazykrieg-conditionals-v1\nopen\n");
    CHECK(club.file("black.conditionals") == "crazykrieg-conditionals-v1\nopen\n");
    CHECK(has(club.file("record.pgn"), "4. Ba4"));
}

namespace {

// The conditions a hidden game's first conditional line of White uses under each rule set.
struct HiddenCase {
    const char* tag;
    GameKind kind;
    const char* first;  // White's first condition (after 1...d5)
};

}  // namespace

TEST_CASE("hidden games: capture square, check direction, pawn tries, nothing, try lists",
          "[conditional]") {
    const HiddenCase cases[] = {
        {"crazykrieg", {"crazyhouse", true, "crazykrieg", "30d+1d"}, "nothing"},
        {"wild16", {"chess", true, "wild16", "30d+1d"}, "one pawn try"},
        {"berkeley-any", {"chess", true, "berkeley-any", "30d+1d"}, "nothing"},
    };
    for (const HiddenCase& hc : cases) {
        SECTION(hc.tag) {
            Club club(std::string("hidden-") + hc.tag, hc.kind);
            auto mails = club.white("e4\nif " + std::string(hc.first) +
                                    " then Qd3, Nc3 if capture on e4 then Qxe4, Nxe4");
            CHECK(has(only(mails, Ada).text, "- 1. if "));
            check_silent(only(mails, Bob));
            // The condition holds: Qd3 is illegal (d2 is in the way), Nc3 falls through.
            mails = club.black("d5");
            {
                const OutMail ada = only(mails, Ada);
                INFO(ada.text);
                CHECK(
                    has(ada.text, "- 2. Nc3, by: if " + std::string(hc.first) + " then Qd3, Nc3"));
                CHECK(has(ada.text, "- 1. if capture on e4 then Qxe4, Nxe4"));
                CHECK(has(only(mails, Bob).subject, "Your move"));
                check_silent(only(mails, Bob));
            }
            // A capture on e4: Qxe4 cannot be, Nxe4 recaptures.
            mails = club.black("dxe4");
            CHECK(has(only(mails, Ada).text, "- 3. Nxe4, by: if capture on e4 then Qxe4, Nxe4"));
            check_silent(only(mails, Bob));
            // Black's check condition: by a knight (Kd7 is illegal, exf6 is played).
            mails = club.black(
                "Nc6\nif check by a knight then Kd7, exf6\nif check on the short diagonal "
                "then g6");
            CHECK(has(only(mails, Bob).text, "- 2. if check on the short diagonal then g6"));
            check_silent(only(mails, Ada));
            mails = club.white("Nf6");
            {
                const OutMail bob = only(mails, Bob);
                INFO(bob.text);
                CHECK(has(bob.text, "- 4... exf6, by: if check by a knight then Kd7, exf6"));
                check_silent(only(mails, Ada));
                CHECK(has(only(mails, Ada).subject, "Your move"));
            }
            // No try legal: the conditional ends, White gets the ordinary turn mail saying so.
            club.white("d4\nif nothing then Ra3, Qd5");
            mails = club.black("Bd6");
            {
                const OutMail ada = only(mails, Ada);
                INFO(ada.text);
                CHECK(has(ada.subject, "Your move"));
                CHECK(has(ada.text, "- Your conditional moves have ended: no try of \"if nothing"));
                CHECK(has(ada.text, "then Ra3, Qd5\"\nwas legal. It is your move."));
                check_silent(only(mails, Bob));
            }
            CHECK(club.file("white.conditionals") == "crazykrieg-conditionals-v1\nhidden\n");
        }
    }
}

namespace {

// `raw` without quoted-printable soft line breaks (a receipt may be cut by one).
std::string unfolded(std::string raw) {
    for (std::size_t at; (at = raw.find("=\r\n")) != std::string::npos;) raw.erase(at, 3);
    return raw;
}

// A hidden game followed by Cy; White stores conditional moves that never fire when
// `with_conditionals`. Returns Bob's and Cy's mails (text and subject), in order, with
// the fairness receipts masked (each game has its own salt).
std::vector<std::string> others_mails(bool with_conditionals) {
    Club club(with_conditionals ? "paired-c" : "paired-n",
              GameKind{"crazyhouse", true, "crazykrieg", "30d+1d"});
    std::vector<std::string> out;
    const auto keep = [&](const std::vector<OutMail>& mails) {
        // The receipts, and the MIME boundary, which is derived from the body (the receipt).
        static const std::regex receipt("[0-9A-F]{64}|=_ck2_[0-9a-f]{16}");
        for (const OutMail& m : mails)
            if (m.to != Ada)
                out.push_back(m.to + "\n" + m.subject + "\n" +
                              std::regex_replace(unfolded(m.raw), receipt, "RECEIPT"));
    };
    keep(club.send(Cy, Referee, "follow 1"));
    const std::string never = with_conditionals ? "\nif capture on a6 then Nf3, Nc3" : "";
    const char* const turns[][2] = {{"e4", "e5"}, {"Nf3", "Nc6"}, {"Bc4", "Bc5"}};
    for (const auto& turn : turns) {
        keep(club.white(std::string(turn[0]) + never));
        keep(club.black(turn[1]));
    }
    return out;
}

}  // namespace

TEST_CASE("conditionals that never fire change nothing in the opponent's or a follower's mail",
          "[conditional]") {
    const auto plain = others_mails(false);
    const auto with = others_mails(true);
    REQUIRE(plain.size() == with.size());
    for (std::size_t i = 0; i < plain.size(); ++i) {
        INFO("mail " << i);
        CHECK(plain[i] == with[i]);
    }
}

TEST_CASE("a draw offer removes the offered player's conditionals, the game's end all",
          "[conditional]") {
    Club club("draw", GameKind{"chess", false, "crazykrieg", "30d+1d"});
    club.white("e4\nif e5 then Nf3");
    // Black moves and offers a draw: White's reply is not played, the offer is White's to answer.
    auto mails = club.black("e5\ndraw");
    const OutMail ada = to(mails, Ada).at(0);
    INFO(ada.text);
    CHECK(has(ada.subject, "Your move"));
    CHECK(has(ada.text, "Your conditional moves were removed: your opponent offered a draw"));
    CHECK(club.file("white.conditionals") == "crazykrieg-conditionals-v1\nopen\n");
    club.white("Nf3\nif Nc6 then Bb5");
    CHECK(has(club.file("white.conditionals"), "if Nc6 then Bb5"));
    club.black("resign");
    CHECK(club.file("white.conditionals") == "crazykrieg-conditionals-v1\nopen\n");
    CHECK_FALSE(has(lower(club.flat_record()), "conditional"));  // none was played
}

TEST_CASE("a loss on time removes the conditional moves (the one game-end path)", "[conditional]") {
    Club club("forfeit", GameKind{"crazyhouse", false, "crazykrieg", "2d"});
    club.white("e4\nif e5 then Nf3");
    CHECK(has(club.file("white.conditionals"), "if e5 then Nf3"));
    club.clock().advance(std::chrono::hours(24 * 3));
    CHECK(club.step().failed == 0);
    CHECK(has(club.file("record.pgn"), "[Termination \"time forfeit\"]"));
    CHECK(club.file("white.conditionals") == "crazykrieg-conditionals-v1\nopen\n");
}
