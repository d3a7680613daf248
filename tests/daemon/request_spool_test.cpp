// Organiser requests through the spool (daemon/request_spool.hpp): the file formats, and the
// pass that runs each request once, answers it from the store after a crash between its commit
// and its answer, keeps nothing of a failed request, and erases answers no longer needed.
#include "daemon/request_spool.hpp"

#include "daemon_fixture.hpp"
#include "store/table.hpp"

namespace ck::daemon::test {
namespace {

using Args = std::vector<std::string>;

// A runner as `serve` has one: `player add NAME EMAIL` registers a player (exit 0), anything
// else stages a player and then fails (exit 1). Counts its calls.
struct CountingRunner {
    int calls = 0;
    RequestAnswer operator()(const Args& args, Daemon& d) {
        ++calls;
        if (args.size() == 4 && args[0] == "player" && args[1] == "add") {
            if (auto added = d.add_player(args[2], args[3]); !added)
                return RequestAnswer{1, "", added.error().detail + "\n"};
            return RequestAnswer{0, args[3] + "\n", ""};
        }
        (void)d.add_player("Ghost", "ghost@example.test");
        return RequestAnswer{1, "", "no such command\n"};
    }
};

std::optional<RequestAnswer> wait_answer(const RequestSpool& spool, const std::string& id) {
    auto a = spool.take_answer(id);
    REQUIRE(a);
    return *a;
}

}  // namespace

TEST_CASE("a request's command line and answer survive their files byte for byte") {
    const Args args{"game", "new", "--white", "a b@example.test", "line\nbreak", ""};
    auto decoded = decode_request(encode_request(args));
    REQUIRE(decoded);
    CHECK(*decoded == args);
    CHECK_FALSE(decode_request("ck-request 1\narg 5\nabc\n"));
    CHECK_FALSE(decode_request("something else"));

    const RequestAnswer a{3, "out\nput", "err"};
    auto back = RequestAnswerCodec::decode(RequestAnswerCodec::encode(a));
    REQUIRE(back);
    CHECK(back->exit_code == 3);
    CHECK(back->out == a.out);
    CHECK(back->err == a.err);
    CHECK_FALSE(back->written);
}

TEST_CASE("an answer carries the file the command wrote, as the daemon saw it") {
    // What lets the calling process check that it sees the file `site` or `backup` wrote
    // (app/request_client.cpp), whatever the command line looked like.
    RequestAnswer a{0, "12 file(s) written\n", ""};
    a.written = WrittenFile{"/srv/club/site dir/index.html", 2049, 1234567890123ULL};
    auto back = RequestAnswerTable::decode(
        "1-2-abcd",
        store::record_version_line(RequestAnswerCodec::ns, RequestAnswerCodec::version) +
            RequestAnswerCodec::encode(a));
    REQUIRE(back);
    REQUIRE(back->written);
    CHECK(back->written->path == a.written->path);
    CHECK(back->written->device == 2049);
    CHECK(back->written->inode == 1234567890123ULL);
    CHECK(back->out == a.out);
    CHECK_FALSE(RequestAnswerCodec::decode("exit 0\nout 0\n\nerr 0\n\nwritten 0\n\nfile 1\n"));

    // An answer of version 1 (before the written file; a serve of the previous build may have
    // left one in done/ or in the store) reads as one that wrote nothing.
    auto old =
        RequestAnswerTable::decode("1-2-abcd", "ck-requests 1\nexit 0\nout 3\nok\n\nerr 0\n\n");
    REQUIRE(old);
    CHECK(old->out == "ok\n");
    CHECK_FALSE(old->written);
}

TEST_CASE("the pass runs each request once, in its group, and answers it") {
    DaemonFixture f("requests-once");
    CountingRunner runner;
    f.daemon().serve_requests(std::ref(runner));
    const RequestSpool spool(f.config().store_dir);
    auto id = spool.submit({"player", "add", "Ann", "ann@example.test"});
    REQUIRE(id);
    CHECK(spool.has_new());
    const StepReport report = f.step();
    CHECK(report.requests == 1);
    CHECK(runner.calls == 1);
    auto answer = wait_answer(spool, *id);
    REQUIRE(answer);
    CHECK(answer->exit_code == 0);
    CHECK(answer->out == "ann@example.test\n");
    CHECK(f.daemon().players().find("ann@example.test") != nullptr);
    CHECK(spool.pending_ids().empty());
    // The answer record lives until the next drain sees the request gone.
    CHECK(f.daemon().store().record(RequestAnswerCodec::ns, *id) != nullptr);
    f.step();
    CHECK(runner.calls == 1);
    CHECK(f.daemon().store().record(RequestAnswerCodec::ns, *id) == nullptr);
}

TEST_CASE("a request committed before a crash is answered from the store, not run again") {
    DaemonFixture f("requests-crash");
    CountingRunner runner;
    f.daemon().serve_requests(std::ref(runner));
    const RequestSpool spool(f.config().store_dir);
    auto id = spool.submit({"player", "add", "Ann", "ann@example.test"});
    REQUIRE(id);
    // As if the daemon died after the commit (effect + answer) and before it answered: the
    // request is in cur/, its answer in the store.
    std::vector<std::pair<std::string, RequestAnswer>> broken;
    REQUIRE(spool.pick_up(broken).size() == 1);
    store::Transaction tx(f.clock().now());
    RequestAnswerTable::put(tx, *id, RequestAnswer{0, "ann@example.test\n", ""});
    REQUIRE(f.daemon().store().commit(tx));
    f.reopen();
    f.daemon().serve_requests(std::ref(runner));
    f.step();
    CHECK(runner.calls == 0);
    auto answer = wait_answer(spool, *id);
    REQUIRE(answer);
    CHECK(answer->out == "ann@example.test\n");
    CHECK(spool.pending_ids().empty());
}

TEST_CASE("a failed request keeps nothing of what it staged") {
    DaemonFixture f("requests-failed");
    CountingRunner runner;
    f.daemon().serve_requests(std::ref(runner));
    const RequestSpool spool(f.config().store_dir);
    auto id = spool.submit({"bogus"});
    REQUIRE(id);
    f.step();
    CHECK(runner.calls == 1);
    auto answer = wait_answer(spool, *id);
    REQUIRE(answer);
    CHECK(answer->exit_code == 1);
    CHECK(answer->err == "no such command\n");
    CHECK(f.daemon().players().find("ghost@example.test") == nullptr);
    f.reopen();
    CHECK(f.daemon().players().find("ghost@example.test") == nullptr);
}

TEST_CASE("a command takes back a request the daemon has not picked up") {
    DaemonFixture f("requests-withdraw");
    const RequestSpool spool(f.config().store_dir);
    CHECK_FALSE(spool.serving());
    auto id = spool.submit({"player", "list"});
    REQUIRE(id);
    CHECK(spool.withdraw(*id));
    CHECK_FALSE(spool.has_new());
    CHECK_FALSE(spool.withdraw(*id));
}

// The spool's errors keep their kind (request_spool.hpp): what the disk refuses has the kind of
// its I/O failure (a folder where a file should be: Transient, it may be mended), bytes that do
// not decode are Corrupt; the texts are the ones the commands print.
TEST_CASE("request spool: a request file that does not decode is Corrupt", "[errors]") {
    auto header = decode_request("something else");
    REQUIRE_FALSE(header);
    CHECK(header.error().kind == core::ErrorKind::Corrupt);
    CHECK(header.error().detail == "not a request (no 'ck-request 1' line)");
    auto arg = decode_request("ck-request 1\narg 5\nabc\n");
    REQUIRE_FALSE(arg);
    CHECK(arg.error().kind == core::ErrorKind::Corrupt);
    CHECK(arg.error().detail == "malformed argument at byte 13");
    auto empty = decode_request("ck-request 1\n");
    REQUIRE_FALSE(empty);
    CHECK(empty.error().kind == core::ErrorKind::Corrupt);
    CHECK(empty.error().detail == "a request without a command");
}

TEST_CASE("request spool: the disk's refusals are Transient, a bad answer Corrupt", "[errors]") {
    namespace fs = std::filesystem;
    const fs::path root =
        fs::temp_directory_path() / ("ck-spool-errors-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    const RequestSpool spool(root);
    const auto block = [](const fs::path& p) {  // a file where the spool wants a folder
        fs::remove_all(p);
        REQUIRE(core::write_file_atomic(p, "not a folder\n"));
    };

    // requests/ is a file: neither the command nor serve can make the folders.
    block(spool.dir());
    auto submitted = spool.submit({"player", "list"});
    REQUIRE_FALSE(submitted);
    CHECK(submitted.error().kind == core::ErrorKind::Transient);
    CHECK(submitted.error().detail.rfind("cannot create " + (spool.dir() / "new").string() + ": ",
                                         0) == 0);
    auto prepared = spool.prepare();
    REQUIRE_FALSE(prepared);
    CHECK(prepared.error().kind == core::ErrorKind::Transient);
    CHECK(prepared.error().detail.rfind("cannot create " + (spool.dir() / "new").string() + ": ",
                                        0) == 0);
    fs::remove(spool.dir());
    REQUIRE(spool.prepare());

    // An answer that does not decode is Corrupt; one that cannot be read (a folder) Transient.
    const fs::path answer = spool.dir() / "done" / "1-2-abcd";
    REQUIRE(core::write_file_atomic(answer, "ck-requests 1\nno exit line\n"));
    auto corrupt = spool.take_answer("1-2-abcd");
    REQUIRE_FALSE(corrupt);
    CHECK(corrupt.error().kind == core::ErrorKind::Corrupt);
    CHECK(corrupt.error().detail.rfind(answer.string() + ": store record requests/1-2-abcd: ", 0) ==
          0);
    fs::remove(answer);
    fs::create_directories(answer);
    auto unreadable = spool.take_answer("1-2-abcd");
    REQUIRE_FALSE(unreadable);
    CHECK(unreadable.error().kind == core::ErrorKind::Transient);
    CHECK(unreadable.error().detail.rfind("cannot read " + answer.string() + ": ", 0) == 0);
    fs::remove(answer);

    // done/ is a file: the daemon cannot write the answer.
    block(spool.dir() / "done");
    auto finished = spool.finish("1-2-abcd", RequestAnswer{0, "ok\n", ""});
    REQUIRE_FALSE(finished);
    CHECK(finished.error().kind == core::ErrorKind::Transient);
    CHECK(finished.error().detail.rfind("cannot write the answer " + answer.string() + ": ", 0) ==
          0);
    fs::remove_all(root);
}

}  // namespace ck::daemon::test
