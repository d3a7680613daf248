// The kind of a failure reaches the mail pass (core/error.hpp, daemon/mail_pass.hpp): a game
// whose record is corrupt gives a Corrupt error that retrying will not mend; a store that cannot
// commit gives a Transient one. Either way the mail stays pending.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "core/atomic_file.hpp"
#include "daemon_fixture.hpp"
#include "mail/maildir.hpp"
#include "store/transaction.hpp"

using ck::rules::Color;
namespace core = ck::core;

namespace {

const std::string Ada = "ada@example.org";
const std::string Bob = "bob@example.net";

std::string move_mail(const std::string& to, const std::string& body,
                      const std::string& message_id) {
    return "From: Ada <" + Ada + ">\r\nTo: <" + to +
           ">\r\nSubject: Re: [crazykrieg #1] Your move\r\nDate: Sat, 21 Nov 2026 13:00:00 "
           "+0000\r\nMessage-ID: <" +
           message_id + ">\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body + "\r\n";
}

// Ada (White) and Bob in game 1, chess.
class Club : public ck::daemon::test::DaemonFixture {
public:
    explicit Club(const std::string& tag) : DaemonFixture("errors-" + tag) {
        add_player("Ada White", Ada);
        add_player("Bob Black", Bob);
        ck::daemon::NewGame spec;
        spec.variant = "chess";
        spec.white = Ada;
        spec.black = Bob;
        REQUIRE(daemon().new_game(spec, clock()));
    }
    std::size_t pending() const {
        ck::mail::MaildirSource source(config_.inbox);
        auto left = source.list_pending();
        REQUIRE(left);
        return left->size();
    }
};

}  // namespace

TEST_CASE("a move mail to a game whose record is corrupt fails as Corrupt and stays pending",
          "[daemon][errors]") {
    Club club("corrupt");
    {
        ck::store::Transaction tx(club.clock().now());
        tx.write_game_file(ck::core::GameId(1), "record.pgn", "[Event \"x\"]\n\n1. Zz9 *\n");
        REQUIRE(club.daemon().store().commit(tx));
    }
    const std::string raw =
        move_mail(club.reply_address("1", Color::White), "1. e4", "corrupt-1@ada");
    auto handled = club.daemon().handle(raw, club.clock());
    REQUIRE_FALSE(handled);
    CHECK(handled.error().kind == core::ErrorKind::Corrupt);
    CHECK(handled.error().detail.rfind("game 1: record.pgn", 0) == 0);
    CHECK_FALSE(club.daemon().store().seen("corrupt-1@ada"));

    // Through a pass: left pending, counted as a permanent failure.
    club.deliver(move_mail(club.reply_address("1", Color::White), "1. e4", "corrupt-2@ada"));
    const auto report = club.step();
    CHECK(report.failed == 1);
    CHECK(report.permanent == 1);
    CHECK(report.handled == 0);
    CHECK(club.pending() == 1);
}

TEST_CASE("a store that cannot commit fails as Transient and the mail stays pending",
          "[daemon][errors]") {
    Club club("transient");
    const std::filesystem::path journal = club.daemon().store().journal_dir();
    // The journal directory replaced by a file: every commit fails with an I/O error (ENOTDIR),
    // as a full or failing disk would.
    std::filesystem::remove_all(journal);
    REQUIRE(core::write_file_atomic(journal, "not a directory\n"));
    const std::string raw =
        move_mail(club.reply_address("1", Color::White), "1. e4", "transient-1@ada");
    auto handled = club.daemon().handle(raw, club.clock());
    REQUIRE_FALSE(handled);
    CHECK(handled.error().kind == core::ErrorKind::Transient);
    CHECK(handled.error().transient());

    club.deliver(move_mail(club.reply_address("1", Color::White), "1. e4", "transient-2@ada"));
    const auto report = club.step();
    CHECK(report.failed == 1);
    CHECK(report.permanent == 0);
    CHECK(club.pending() == 1);

    // Once the disk is back, the next pass handles the mail.
    std::filesystem::remove(journal);
    std::filesystem::create_directories(journal);
    const auto retried = club.step();
    CHECK(retried.failed == 0);
    CHECK(retried.handled == 1);
    CHECK(club.pending() == 0);
}

TEST_CASE("an outbox that cannot be read makes the flush fail as Transient", "[daemon][errors]") {
    Club club("flush");  // the game-start mails wait in the outbox
    const std::filesystem::path outbox = club.daemon().store().outbox_dir();
    // The outbox spool replaced by a file (ENOTDIR), as a failing disk would refuse it.
    std::filesystem::remove_all(outbox);
    REQUIRE(core::write_file_atomic(outbox, "not a directory\n"));
    ck::mail::MaildirSink sink(club.config().outbox);
    auto flushed = club.daemon().flush(sink, club.clock());
    REQUIRE_FALSE(flushed);
    CHECK(flushed.error().kind == core::ErrorKind::Transient);
    CHECK(flushed.error().detail.rfind("outbox flush: ", 0) == 0);
    CHECK(flushed.error().detail.find(outbox.string()) != std::string::npos);

    // The same failure in a pass: the pass reports it (serve --once exits 1 on it).
    club.deliver(move_mail(club.reply_address("1", Color::White), "1. e4", "flush-1@ada"));
    CHECK(club.step().error.rfind("outbox flush: ", 0) == 0);

    // Once the disk is back, the next flush sends them.
    std::filesystem::remove(outbox);
    std::filesystem::create_directories(outbox);
    CHECK(club.daemon().flush(sink, club.clock()));
}
