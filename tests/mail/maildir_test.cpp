// MaildirSource and MaildirSink in a temporary directory.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mail/maildir.hpp"

namespace fs = std::filesystem;
using namespace ck::mail;

namespace {
struct TempDir {
    fs::path path;
    TempDir() {
        std::string tmpl = (fs::temp_directory_path() / "ck-maildir-XXXXXX").string();
        REQUIRE(mkdtemp(tmpl.data()) != nullptr);
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

size_t count(const fs::path& dir) {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        (void)e;
        ++n;
    }
    return n;
}
}  // namespace

TEST_CASE("MaildirSink creates the layout and delivers into new/", "[maildir]") {
    TempDir t;
    const fs::path md = t.path / "Maildir";
    MaildirSink sink(md);
    auto name = sink.deliver("Subject: one\r\n\r\nbody\r\n");
    REQUIRE(name.has_value());
    CHECK(fs::is_directory(md / "tmp"));
    CHECK(fs::is_directory(md / "cur"));
    CHECK(count(md / "tmp") == 0);
    REQUIRE(fs::exists(md / "new" / name.value()));
    auto second = sink.deliver("Subject: two\r\n\r\nbody\r\n");
    REQUIRE(second.has_value());
    CHECK(second.value() != name.value());
    CHECK(sink.send("a@b.example", {"c@d.example"}, "Subject: three\r\n\r\n").has_value());
    CHECK(count(md / "new") == 3);
}

TEST_CASE("MaildirSource lists, fetches and marks done only on request", "[maildir]") {
    TempDir t;
    const fs::path md = t.path / "Maildir";
    MaildirSink sink(md);
    MaildirSource source(md);
    auto empty = source.list_pending();
    REQUIRE(empty.has_value());
    CHECK(empty->empty());

    auto n1 = sink.deliver("Subject: one\n\nfirst\n");
    auto n2 = sink.deliver("Subject: two\n\nsecond\n");
    REQUIRE((n1.has_value() && n2.has_value()));
    // A message some other reader already saw but did not flag done stays pending.
    { std::ofstream(md / "cur" / "1000.M1P1.host:2,R") << "Subject: three\n\nthird\n"; }
    // A message flagged seen is done.
    { std::ofstream(md / "cur" / "999.M1P1.host:2,FS") << "Subject: old\n\nold\n"; }

    auto pending = source.list_pending();
    REQUIRE(pending.has_value());
    REQUIRE(pending->size() == 3);
    CHECK(pending->at(0) == "1000.M1P1.host");  // sorted by name, i.e. by delivery time

    auto body = source.fetch(n1.value());
    REQUIRE(body.has_value());
    CHECK(body.value() == "Subject: one\n\nfirst\n");
    // fetching does not change anything
    CHECK(source.list_pending()->size() == 3);

    REQUIRE(source.mark_done(n1.value()).has_value());
    CHECK(fs::exists(md / "cur" / (n1.value() + ":2,S")));
    CHECK_FALSE(fs::exists(md / "new" / n1.value()));
    CHECK(source.list_pending()->size() == 2);
    // still fetchable by the same id, and marking twice is harmless
    CHECK(source.fetch(n1.value()).has_value());
    CHECK(source.mark_done(n1.value()).has_value());

    REQUIRE(source.mark_done("1000.M1P1.host").has_value());
    CHECK(fs::exists(md / "cur" / "1000.M1P1.host:2,RS"));
    auto left = source.list_pending();
    REQUIRE(left.has_value());
    CHECK(*left == std::vector<SourceId>{n2.value()});
}

TEST_CASE("MaildirSource rejects unknown and malicious ids", "[maildir]") {
    TempDir t;
    MaildirSource source(t.path / "Maildir");
    auto missing = source.fetch("12345.nothing");
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().code == MailErrorCode::NotFound);
    CHECK_FALSE(source.fetch("../../etc/passwd").has_value());
    CHECK_FALSE(source.mark_done("").has_value());
}

TEST_CASE("MaildirSink batch: nothing in new/ before end_batch, then all in order", "[maildir]") {
    TempDir t;
    const fs::path md = t.path / "Maildir";
    std::vector<std::string> names;
    {
        MaildirSink sink(md);
        sink.begin_batch();
        for (int i = 0; i < 12; ++i) {
            auto name = sink.deliver("Subject: " + std::to_string(i) + "\r\n\r\nbody\r\n");
            REQUIRE(name);
            names.push_back(*name);
        }
        CHECK(count(md / "new") == 0);
        CHECK(count(md / "tmp") == 12);
        REQUIRE(sink.end_batch());
        CHECK(count(md / "tmp") == 0);
        CHECK(count(md / "new") == 12);
        // Name order is delivery order (so a MaildirSource lists them as sent).
        CHECK(std::is_sorted(names.begin(), names.end()));
        // After the batch, sends are durable one by one again.
        auto single = sink.deliver("Subject: single\r\n\r\n");
        REQUIRE(single);
        CHECK(fs::exists(md / "new" / *single));
    }
    MaildirSource source(md);
    auto pending = source.list_pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 13);
    CHECK(source.fetch(pending->at(3)).value().rfind("Subject: 3\r\n", 0) == 0);
}

TEST_CASE("MaildirSink discards a batch that is never ended", "[maildir]") {
    TempDir t;
    const fs::path md = t.path / "Maildir";
    {
        MaildirSink sink(md);
        sink.begin_batch();
        REQUIRE(sink.deliver("Subject: lost\r\n\r\n"));
        sink.begin_batch();  // the first batch is dropped
        REQUIRE(sink.deliver("Subject: kept\r\n\r\n"));
        REQUIRE(sink.end_batch());
        sink.begin_batch();
        REQUIRE(sink.deliver("Subject: lost too\r\n\r\n"));
    }
    CHECK(count(md / "tmp") == 0);
    REQUIRE(count(md / "new") == 1);
}

TEST_CASE("MaildirSource batch: marks take effect at once, end_batch makes them durable",
          "[maildir]") {
    TempDir t;
    const fs::path md = t.path / "Maildir";
    MaildirSink sink(md);
    for (int i = 0; i < 3; ++i) REQUIRE(sink.deliver("Subject: m\r\n\r\n"));
    MaildirSource source(md);
    auto pending = source.list_pending();
    REQUIRE(pending);
    REQUIRE(pending->size() == 3);
    source.begin_batch();
    REQUIRE(source.mark_done(pending->at(0)));
    REQUIRE(source.mark_done(pending->at(2)));
    CHECK(source.list_pending().value() == std::vector<SourceId>{pending->at(1)});
    REQUIRE(source.end_batch());
    CHECK(count(md / "cur") == 2);
    CHECK(count(md / "new") == 1);
}

TEST_CASE("MaildirSource::arrival is the delivery time the sink recorded", "[maildir]") {
    TempDir d;
    MaildirSink sink(d.path);
    const auto at = std::chrono::system_clock::from_time_t(1796155200);  // 2026-12-01T20:00:00Z
    auto name = sink.deliver("Subject: x\r\n\r\nbody\r\n", at);
    REQUIRE(name);
    MaildirSource source(d.path);
    auto ids = source.list_pending();
    REQUIRE(ids);
    REQUIRE(ids->size() == 1);
    CHECK(source.arrival((*ids)[0]) == at);
    // Marked done (moved to cur/) it keeps its time; an unknown id has none.
    REQUIRE(source.mark_done((*ids)[0]));
    CHECK(source.arrival((*ids)[0]) == at);
    CHECK_FALSE(source.arrival("no-such-message"));
}
