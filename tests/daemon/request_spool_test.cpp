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

}  // namespace ck::daemon::test
