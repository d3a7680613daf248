// Correspondence clocks (league/game_clock.hpp, clock_pass.hpp, leave_book.hpp, leave_mail.hpp):
// the arithmetic of each time-control kind, leave, and the daemon stepping through days on a
// FixedClock: reminders and forfeits at the right instants, exactly once.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "daemon/mail_pass.hpp"
#include "daemon/spectators.hpp"
#include "daemon_fixture.hpp"
#include "league/game_clock.hpp"
#include "league/game_files.hpp"
#include "league/leave_book.hpp"
#include "pgn/referee_record.hpp"
#include "store/transaction.hpp"

namespace fs = std::filesystem;
using ck::core::TimePoint;
using ck::league::ClockState;
using ck::league::Day;
using ck::league::LeavePeriod;
using ck::league::Seconds;
using ck::league::TimeControl;
using ck::rules::Color;

using ck::daemon::test::has;

namespace {

const TimePoint T0 = ck::core::from_civil({2026, 11, 2, 12, 0, 0});
const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

TimeControl tc_of(const std::string& spec) {
    auto tc = ck::league::parse_time_control(spec);
    REQUIRE(tc);
    return *tc;
}

}  // namespace

TEST_CASE("days per move: each turn has its days, nothing carries over", "[daemon][clock]") {
    const auto tc = tc_of("3d");
    auto s = ck::league::initial_clock(tc, T0);
    CHECK(ck::league::deadline_of(s, tc, Color::White, {}) == T0 + 3 * Day);
    s = ck::league::after_move(s, tc, Color::White, T0 + Day, {});
    CHECK(s.turn_start == T0 + Day);
    CHECK(ck::league::deadline_of(s, tc, Color::Black, {}) == T0 + 4 * Day);
    s = ck::league::after_move(s, tc, Color::Black, T0 + 4 * Day, {});  // at the deadline
    CHECK(ck::league::deadline_of(s, tc, Color::White, {}) == T0 + 7 * Day);
}

TEST_CASE("N moves in D days: a new period after N moves, unused time carries", "[daemon][clock]") {
    const auto tc = tc_of("2/10d");
    auto s = ck::league::initial_clock(tc, T0);
    CHECK(ck::league::deadline_of(s, tc, Color::White, {}) == T0 + 10 * Day);
    s = ck::league::after_move(s, tc, Color::White, T0 + 4 * Day, {});
    CHECK(s.bank[0] == 6 * Day);
    CHECK(s.period_moves[0] == 1);
    CHECK(s.bank[1] == 10 * Day);  // Black's clock did not run
    s = ck::league::after_move(s, tc, Color::Black, T0 + 5 * Day, {});
    CHECK(ck::league::deadline_of(s, tc, Color::White, {}) == T0 + 11 * Day);
    s = ck::league::after_move(s, tc, Color::White, T0 + 7 * Day, {});  // 2 days: 2nd move
    CHECK(s.period_moves[0] == 0);
    CHECK(s.bank[0] == 14 * Day);  // 4 left + the next period's 10
}

TEST_CASE("Fischer in days: the time used off, the increment on, then the cap", "[daemon][clock]") {
    const auto tc = tc_of("5d+1d/6d");
    auto s = ck::league::initial_clock(tc, T0);
    CHECK(ck::league::deadline_of(s, tc, Color::White, {}) == T0 + 5 * Day);
    s = ck::league::after_move(s, tc, Color::White, T0 + 2 * Day, {});
    CHECK(s.bank[0] == 4 * Day);
    s = ck::league::after_move(s, tc, Color::Black, T0 + 2 * Day, {});  // no time used
    CHECK(s.bank[1] == 6 * Day);
    s = ck::league::after_move(s, tc, Color::White, T0 + 2 * Day, {});
    s = ck::league::after_move(s, tc, Color::Black, T0 + 2 * Day, {});
    CHECK(s.bank[1] == 6 * Day);  // 7 cut to the cap
    CHECK(ck::league::deadline_of(s, tc, Color::White, {}) == T0 + 2 * Day + 5 * Day);
    // Uncapped: the bank grows.
    const auto open = tc_of("5d+1d");
    auto o = ck::league::initial_clock(open, T0);
    o = ck::league::after_move(o, open, Color::White, T0, {});
    o = ck::league::after_move(o, open, Color::Black, T0, {});
    o = ck::league::after_move(o, open, Color::White, T0, {});
    CHECK(o.bank[0] == 7 * Day);
}

TEST_CASE("leave does not count: deadlines move, time used shrinks", "[daemon][clock]") {
    const std::vector<LeavePeriod> leave{{T0 - 5 * Day, T0 - 4 * Day},  // before: irrelevant
                                         {T0 + Day, T0 + 3 * Day}};
    CHECK(ck::league::counted_deadline(T0, 2 * Day, leave) == T0 + 4 * Day);
    CHECK(ck::league::counted_deadline(T0, Day, leave) == T0 + Day);  // ends as leave begins
    CHECK(ck::league::counted_deadline(T0 + 2 * Day, Day, leave) == T0 + 4 * Day);
    CHECK(ck::league::counted_time(T0, T0 + 4 * Day, leave) == 2 * Day);
    CHECK(ck::league::counted_time(T0 + 2 * Day, T0 + 2 * Day + Seconds{5}, leave) == Seconds{0});
    const auto tc = tc_of("5d+0d");
    auto s = ck::league::initial_clock(tc, T0);
    s = ck::league::after_move(s, tc, Color::White, T0 + 4 * Day, leave);
    CHECK(s.bank[0] == 3 * Day);
}

TEST_CASE("clock.ini round-trips", "[daemon][clock]") {
    auto s = ck::league::initial_clock(tc_of("10/50d"), T0);
    s.bank[1] = Seconds{12345};
    s.period_moves = {3, 4};
    s.reminded = true;
    auto back = ck::league::parse_clock_ini(ck::league::format_clock_ini(s));
    REQUIRE(back);
    CHECK(*back == s);
    CHECK_FALSE(ck::league::parse_clock_ini("turn_start = 2026-11-02T12:00:00Z\n"));
}

TEST_CASE("the leave book: allowance per calendar year, no overlap, no double booking",
          "[daemon][clock][leave]") {
    const fs::path dir = fs::temp_directory_path() / ("ck-leaves-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    {
        auto store = ck::store::Store::open(dir);
        REQUIRE(store);
        ck::store::Transaction tx(T0);
        auto book = ck::league::LeaveBook::load(*store);
        REQUIRE(book);
        auto a = book->book("Ada@Example.org", 20, T0, 30, "m1@x", tx);
        REQUIRE(a);
        CHECK(a->leave.end == T0 + 20 * Day);
        auto again = book->book(Ada, 20, T0 + Day, 30, "m1@x", tx);  // the same mail retried
        REQUIRE(again);
        CHECK(again->already);
        auto over = book->book(Ada, 11, T0, 30, "m2@x", tx);
        REQUIRE_FALSE(over);
        CHECK(over.error().refused);
        auto b = book->book(Ada, 10, T0 + Day, 30, "m3@x", tx);  // starts when the first one ends
        REQUIRE(b);
        CHECK(b->leave.start == T0 + 20 * Day);
        CHECK(book->days_in_year(Ada, T0) == 30);
        // A new year, a new allowance; other players have their own.
        CHECK(book->book(Ada, 30, ck::core::from_civil({2027, 3, 1, 0, 0, 0}), 30, "m4@x", tx));
        CHECK(book->book(Bob, 30, T0, 30, "m5@x", tx));
        // Nothing is booked until the transaction commits; a load with it pending sees it all.
        CHECK(ck::league::LeaveBook::load(*store)->all().empty());
        CHECK(ck::league::LeaveBook::load(*store, &tx)->all().size() == 4);
        REQUIRE(store->commit(tx));
    }
    auto store = ck::store::Store::open(dir);
    REQUIRE(store);
    auto reloaded = ck::league::LeaveBook::load(*store);
    REQUIRE(reloaded);
    CHECK(reloaded->all().size() == 4);
    CHECK(reloaded->periods(Ada).size() == 3);
    CHECK(reloaded->periods(Ada)[1].start == T0 + 20 * Day);
    fs::remove_all(dir);
}

namespace {

using Out = ck::daemon::test::OutMail;

class ClockClub : public ck::daemon::test::DaemonFixture {
public:
    explicit ClockClub(const std::string& tag)
        : DaemonFixture("clock-" + tag, T0, [](ck::league::Config& c) {
              c.reminder_days = 1;
              c.leave_days_per_year = 30;
          }) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
    }

    void new_game(const std::string& time, const std::string& variant = "crazyhouse") {
        ck::daemon::NewGame g;
        g.variant = variant;
        g.white = Ada;
        g.black = Bob;
        g.time = time;
        REQUIRE(start_game(g) == ck::core::GameId(1));
    }

    // One serve pass at `t` (the clock pass first, then the inbox): the new outgoing mails.
    std::vector<Out> pass_at(TimePoint t) {
        clock_.set(t);
        CHECK(step().failed == 0);
        return new_outgoing();
    }

    std::vector<Out> mail_at(TimePoint t, const std::string& from, Color c,
                             const std::string& body) {
        arrive_at(t, from, c, body);
        return pass_at(t);
    }

    // A player's mail that reaches the inbox at `t` (its delivery time), no pass.
    void arrive_at(TimePoint t, const std::string& from, Color c, const std::string& body) {
        const std::string id = "m" + std::to_string(++mails_) + "@example.org";
        deliver("From: Player <" + from + ">\r\nTo: <" + reply_address("1", c) +
                    ">\r\nSubject: Re: [crazykrieg #1]\r\nDate: Mon, 2 Nov 2026 12:00:00 "
                    "+0000\r\nMessage-ID: <" +
                    id +
                    ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
                    body + "\r\n",
                t);
    }

    std::optional<TimePoint> deadline() {
        auto g = ck::league::load_game(daemon_->store(), ck::core::GameId(1));
        REQUIRE(g);
        auto d = ck::league::game_deadline(daemon_->store(), ck::core::GameId(1), *g);
        REQUIRE(d);
        return *d;
    }

    // The organiser's `game follow 1 ADDRESS`, committed and its confirmation flushed.
    void follow(const std::string& address) {
        auto t = ck::compose::Templates::load(fs::path(CK_TEST_DATA) / "../../templates");
        REQUIRE(t);
        ck::store::Transaction tx(clock_.now());
        const ck::daemon::ClubDesk desk{daemon_->config(), daemon_->players(), daemon_->store(),
                                        *t};
        auto r = ck::daemon::set_following(desk, ck::core::GameId(1), address, true, false,
                                           "follow-test", tx);
        REQUIRE(r);
        REQUIRE(*r == ck::daemon::FollowOutcome::Done);
        REQUIRE(daemon_->store().commit(tx));
        flush();
        new_outgoing();
    }

    ck::league::StoredGame game() {
        auto g = ck::league::load_game(daemon_->store(), ck::core::GameId(1));
        REQUIRE(g);
        return std::move(*g);
    }

private:
    int mails_ = 0;
};

// The forfeit of White at `t` (the only instant it may happen): both players told, the record
// carries the ending and verifies.
void check_white_forfeit(ClockClub& club, TimePoint t) {
    CHECK(club.pass_at(t - Seconds{1}).empty());
    const auto mails = club.pass_at(t);
    REQUIRE(mails.size() == 2);
    for (const auto& m : mails) {
        CHECK(has(m.raw, "lost on time"));
        CHECK(has(m.raw, "crazykrieg-1.pgn"));
    }
    CHECK(has(mails[0].text, "you lost the game on time") !=
          has(mails[1].text, "you lost the game on time"));
    const auto g = club.game();
    CHECK(g.game.result() == ck::referee::GameResult::BlackWins);
    CHECK_FALSE(g.meta.draw_offer);
    auto record = club.daemon().store().read_game_file(ck::core::GameId(1), "record.pgn");
    REQUIRE(record);
    CHECK(has(*record, "[Termination \"time forfeit\"]"));
    auto verified = ck::pgn::verify_referee_record(*record);
    if (!verified) FAIL("record: " << verified.error().message);
    CHECK(verified->result == "0-1");
    CHECK(club.pass_at(t).empty());  // exactly once
    CHECK(club.pass_at(t + 10 * Day).empty());
}

}  // namespace

TEST_CASE("reminder once before the deadline, forfeit just after it", "[daemon][clock]") {
    ClockClub club("forfeit");
    club.new_game("2d");
    REQUIRE(club.deadline() == T0 + 2 * Day);
    CHECK(club.pass_at(T0 + Day - Seconds{1}).empty());  // not before reminder_days = 1
    const auto reminder = club.pass_at(T0 + Day);
    REQUIRE(reminder.size() == 1);
    CHECK(reminder[0].to == Ada);
    CHECK(has(reminder[0].raw, "Reminder: your move"));
    CHECK(has(reminder[0].text, "Your time runs out at"));
    CHECK(club.pass_at(T0 + Day).empty());      // exactly once
    CHECK(club.pass_at(T0 + 2 * Day).empty());  // at the deadline: still in time
    check_white_forfeit(club, T0 + 2 * Day + Seconds{1});
}

TEST_CASE("a move resets the clock; turn mails and the games list show the deadline",
          "[daemon][clock]") {
    ClockClub club("move");
    club.new_game("3d");
    const auto after = club.mail_at(T0 + Day, Ada, Color::White, "e4");
    REQUIRE(after.size() == 2);
    for (const auto& m : after) {
        if (m.to == Bob)
            CHECK(has(m.text, "Deadline:"));
        else
            CHECK_FALSE(has(m.text, "Deadline:"));
    }
    CHECK(club.deadline() == T0 + 4 * Day);
    CHECK(club.pass_at(T0 + 3 * Day - Seconds{1}).empty());
    const auto reminder = club.pass_at(T0 + 3 * Day);
    REQUIRE(reminder.size() == 1);
    CHECK(reminder[0].to == Bob);
    const auto list = club.mail_at(T0 + 3 * Day, Bob, Color::Black, "games");
    REQUIRE(list.size() == 1);
    CHECK(has(list[0].text, "deadline"));
    // Black's move resets; White gets a new reminder in her new turn.
    REQUIRE(club.mail_at(T0 + 3 * Day + Seconds{10}, Bob, Color::Black, "e5").size() == 2);
    CHECK(club.deadline() == T0 + 6 * Day + Seconds{10});
    CHECK(club.pass_at(T0 + 5 * Day + Seconds{10}).size() == 1);
}

TEST_CASE("Fischer and N-in-D deadlines through the daemon", "[daemon][clock]") {
    {
        ClockClub club("fischer");
        club.new_game("2d+1d/3d");
        club.mail_at(T0 + Day, Ada, Color::White, "e4");
        club.mail_at(T0 + Day, Bob, Color::Black, "e5");
        CHECK(club.deadline() == T0 + Day + 2 * Day);  // 2 - 1 + 1
        club.mail_at(T0 + Day, Ada, Color::White, "Nf3");
        club.mail_at(T0 + Day, Bob, Color::Black, "Nc6");
        CHECK(club.deadline() == T0 + Day + 3 * Day);  // 2 + 1 = 3, the cap
    }
    {
        ClockClub club("nind");
        club.new_game("1/2d");
        club.mail_at(T0 + Day, Ada, Color::White, "e4");
        club.mail_at(T0 + Day, Bob, Color::Black, "e5");
        CHECK(club.deadline() == T0 + Day + 3 * Day);  // 1 left + the next period's 2
    }
}

TEST_CASE("a pending draw offer does not stop a forfeit", "[daemon][clock]") {
    SECTION("offered by the player who runs out of time") {
        ClockClub club("draw-own");
        club.new_game("2d");
        REQUIRE(club.mail_at(T0 + Seconds{5}, Ada, Color::White, "draw").size() == 2);
        REQUIRE(club.game().meta.draw_offer == Color::White);
        club.pass_at(T0 + Day);  // reminder
        check_white_forfeit(club, T0 + 2 * Day + Seconds{1});
    }
    SECTION("offered by the opponent, never answered") {
        ClockClub club("draw-opp");
        club.new_game("2d");
        REQUIRE(club.mail_at(T0 + Seconds{5}, Bob, Color::Black, "draw").size() == 2);
        REQUIRE(club.game().meta.draw_offer == Color::Black);
        club.pass_at(T0 + Day);
        check_white_forfeit(club, T0 + 2 * Day + Seconds{1});
    }
}

TEST_CASE("leave N stops the player's clock and tells the opponent; the allowance holds",
          "[daemon][clock][leave]") {
    ClockClub club("leave");
    club.new_game("2d");
    const auto mails = club.mail_at(T0 + Day / 2, Ada, Color::White, "leave 5");
    REQUIRE(mails.size() == 2);
    for (const auto& m : mails) {
        if (m.to == Ada)
            CHECK(has(m.text, "Your leave of 5 days"));
        else
            CHECK(has(m.text, "has taken 5 days of leave"));
    }
    CHECK(club.deadline() == T0 + 7 * Day);
    CHECK(club.pass_at(T0 + 3 * Day).empty());  // the old deadline passed: nothing
    // 5 + 26 > 30: refused, nothing booked.
    const auto refused = club.mail_at(T0 + 3 * Day, Ada, Color::White, "leave 26");
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].to == Ada);
    CHECK(has(refused[0].text, "30 days a year"));
    CHECK(club.deadline() == T0 + 7 * Day);
    // Leave of the player not on move changes nothing for White's deadline.
    REQUIRE(club.mail_at(T0 + 3 * Day, Bob, Color::Black, "leave 3").size() == 2);
    CHECK(club.deadline() == T0 + 7 * Day);
    CHECK(club.pass_at(T0 + 6 * Day).size() == 1);  // the reminder, one day before
    check_white_forfeit(club, T0 + 7 * Day + Seconds{1});
}

TEST_CASE("hidden game on time: reminder and forfeit carry the receipt, followers get the end",
          "[daemon][clock][receipts]") {
    ClockClub club("hidden-forfeit");
    club.new_game("2d", "crazykrieg");
    const std::string watcher = "watcher@example.org";
    club.follow(watcher);
    const auto reminder = club.pass_at(T0 + Day);
    REQUIRE(reminder.size() == 1);
    CHECK(has(reminder[0].text, "Receipt (ply 0):"));
    const auto end = club.pass_at(T0 + 2 * Day + Seconds{1});
    REQUIRE(end.size() == 3);
    int players = 0, followers = 0;
    for (const auto& m : end) {
        CHECK(has(m.raw, "crazykrieg-1.pgn"));  // the full record, now that the game is over
        if (m.to == watcher) {
            ++followers;
            CHECK_FALSE(has(m.text, "Receipt"));
        } else {
            ++players;
            CHECK(has(m.text, "Receipt (ply 0):"));
        }
    }
    CHECK(players == 2);
    CHECK(followers == 1);
}

// D3 (issue 24): the time a move counts at is when its mail reached the source, not when a
// pass ruled it (README "Time controls").
TEST_CASE("a move that reached the inbox before the deadline is played by a later pass",
          "[daemon][clock]") {
    ClockClub club("late-pass");
    club.new_game("1d");
    club.arrive_at(T0 + Seconds{20 * 3600}, Ada, Color::White, "e4");
    const TimePoint pass = T0 + Day + Seconds{1800};  // serve was down across the deadline
    const auto mails = club.pass_at(pass);
    for (const auto& m : mails) CHECK_FALSE(has(m.subject, "lost on time"));
    CHECK(std::any_of(mails.begin(), mails.end(),
                      [](const Out& m) { return m.to == Bob && has(m.text, "played e4"); }));
    const auto g = club.game();
    CHECK_FALSE(g.game.over());
    CHECK(g.game.side_to_move() == Color::Black);
    CHECK(club.deadline() == pass + Day);  // Black's turn starts when the referee's mail leaves
}

TEST_CASE("a move that reached the inbox after the deadline loses on time", "[daemon][clock]") {
    ClockClub club("late-arrival");
    club.new_game("1d");
    club.arrive_at(T0 + Day + Seconds{60}, Ada, Color::White, "e4");
    const auto mails = club.pass_at(T0 + Day + Seconds{1800});
    std::size_t forfeits = 0, refused = 0;
    for (const auto& m : mails) {
        forfeits += has(m.subject, "lost on time") && has(m.raw, "crazykrieg-1.pgn");
        refused += m.to == Ada && has(m.text, "The game is over, so nothing was played.");
    }
    CHECK(forfeits == 2);
    CHECK(refused == 1);
    const auto g = club.game();
    CHECK(g.game.result() == ck::referee::GameResult::BlackWins);
    CHECK(g.record.plies() == 0);
}

TEST_CASE("Fischer: the mover's time runs to the arrival of the move", "[daemon][clock]") {
    ClockClub club("late-fischer");
    club.new_game("2d+1d");
    club.arrive_at(T0 + Day, Ada, Color::White, "e4");
    club.pass_at(T0 + Day + Seconds{12 * 3600});
    const auto g = club.game();
    auto state = ck::league::load_clock(club.daemon().store(), ck::core::GameId(1), g.meta);
    REQUIRE(state);
    CHECK(state->bank[0] == 2 * Day);  // 2d - 1d used + 1d, not 1.5d
}

TEST_CASE("a mail left pending holds back the forfeit it could avert", "[daemon][clock]") {
    ClockClub club("late-hold");
    club.new_game("1d");
    club.arrive_at(T0 + Seconds{20 * 3600}, Ada, Color::White, "e4");
    club.clock().set(T0 + Day + Seconds{1800});
    ck::mail::MaildirSource source(club.config().inbox);
    ck::mail::MaildirSink sink(club.config().outbox);
    const auto stopped = club.daemon().step(source, sink, club.clock(), [] { return true; });
    CHECK(stopped.handled == 0);
    for (const auto& m : club.new_outgoing()) CHECK_FALSE(has(m.subject, "lost on time"));
    CHECK_FALSE(club.game().game.over());
    const auto mails = club.pass_at(T0 + Day + Seconds{3600});  // the next pass rules it
    for (const auto& m : mails) CHECK_FALSE(has(m.subject, "lost on time"));
    CHECK(club.game().game.side_to_move() == Color::Black);
}
