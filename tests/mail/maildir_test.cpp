// MaildirSource and MaildirSink in a temporary directory.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

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
