// Spool entry and journal file formats: round trips and rejection of damaged files.
#include <catch2/catch.hpp>

#include "store/journal.hpp"
#include "store/spool_entry.hpp"

using namespace ck::store;

namespace {
ck::core::TimePoint at(const char* iso) { return *ck::core::parse_iso8601(iso); }
}  // namespace

TEST_CASE("spool entry round-trips, raw bytes untouched", "[outbox]") {
    SpoolEntry e;
    e.seq = 17;
    e.queued = at("2026-11-21T15:30:00Z");
    e.attempts = 2;
    e.next_attempt = at("2026-11-21T15:33:00Z");
    e.envelope_from = "referee@club.example";
    e.recipients = {"a@example.org", "b@example.org"};
    e.last_error = "SMTP 451: try\nlater";
    e.raw_message = "Subject: x\r\n\r\nline\r\n\r\nrcpt fake\r\n";
    auto parsed = parse_spool_entry(encode_spool_entry(e));
    REQUIRE(parsed);
    CHECK(parsed->seq == 17);
    CHECK(parsed->queued == e.queued);
    CHECK(parsed->attempts == 2);
    CHECK(parsed->next_attempt == e.next_attempt);
    CHECK(parsed->envelope_from == e.envelope_from);
    CHECK(parsed->recipients == e.recipients);
    CHECK(parsed->last_error == "SMTP 451: try later");  // kept on one line
    CHECK(parsed->raw_message == e.raw_message);

    e.envelope_from.clear();
    auto null_path = parse_spool_entry(encode_spool_entry(e));
    REQUIRE(null_path);
    CHECK(null_path->envelope_from.empty());
}

TEST_CASE("damaged spool entries are rejected", "[outbox]") {
    CHECK_FALSE(parse_spool_entry(""));
    CHECK_FALSE(parse_spool_entry("ck-outbox 1\nseq 3\n"));        // no end of header
    CHECK_FALSE(parse_spool_entry("ck-outbox 1\nseq 3\n\nbody"));  // no times, no recipient
    CHECK_FALSE(parse_spool_entry("garbage\n\n"));
}

TEST_CASE("spool and journal file names sort in numeric order", "[outbox][journal]") {
    CHECK(spool_file_name(9) < spool_file_name(10));
    CHECK(spool_seq_of(spool_file_name(12345)) == 12345);
    CHECK(spool_seq_of("12345.mail") == 0);
    CHECK(spool_seq_of(".00000000000000000001.mail.tmp.abc") == 0);
    CHECK(journal_file_name(99) < journal_file_name(100));
    CHECK(txid_of(journal_file_name(7)) == 7);
    CHECK(txid_of("x.tx") == 0);
}

TEST_CASE("journal round-trips every record kind", "[journal]") {
    JournalRecord r;
    r.next_game = GameId(43);
    r.files.push_back(FileWrite{GameId(42), "record.pgn", "[Event \"x\"]\n\n1. e4 *\n"});
    r.files.push_back(FileWrite{GameId(42), "white.pgn", ""});
    r.seen = {"abc@example.org", "with space@x"};
    r.mails.push_back(JournalMail{5, "ck-outbox 1\nend\nfile 1 x 3\n"});
    const std::string text = encode_journal(r);
    auto p = parse_journal(text);
    REQUIRE(p);
    CHECK(p->next_game == GameId(43));
    REQUIRE(p->files.size() == 2);
    CHECK(p->files[0].game == GameId(42));
    CHECK(p->files[0].name == "record.pgn");
    CHECK(p->files[0].bytes == r.files[0].bytes);
    CHECK(p->files[1].bytes.empty());
    CHECK(p->seen == r.seen);
    REQUIRE(p->mails.size() == 1);
    CHECK(p->mails[0].seq == 5);
    CHECK(p->mails[0].spool_bytes == r.mails[0].spool_bytes);

    SECTION("any truncation is rejected") {
        for (size_t n = 0; n < text.size(); ++n) {
            INFO("length " << n);
            CHECK_FALSE(parse_journal(text.substr(0, n)));
        }
    }
    SECTION("a path escaping the game directory is rejected") {
        JournalRecord evil;
        evil.files.push_back(FileWrite{GameId(1), "../../etc", "x"});
        CHECK_FALSE(parse_journal(encode_journal(evil)));
    }
}
