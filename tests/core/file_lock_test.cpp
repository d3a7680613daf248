#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <system_error>

#include "core/atomic_file.hpp"
#include "core/file_lock.hpp"
#include "temp_dir.hpp"

using ck::core::FileLock;

namespace {
// Runs FileLock::acquire(path) in a child process; returns its exit code:
// 0 = acquired, 1 = refused as busy, 2 = other failure.
int acquire_in_child(const std::filesystem::path& path) {
    pid_t pid = ::fork();
    if (pid == 0) {
        auto lock = FileLock::acquire(path);
        int code = lock                                                             ? 0
                   : lock.error().code == std::errc::resource_unavailable_try_again ? 1
                                                                                    : 2;
        ::_exit(code);
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
    return WEXITSTATUS(status);
}
}  // namespace

TEST_CASE("a second process cannot take a held lock, and can once it is released") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "store.lock";
    {
        auto lock = FileLock::acquire(path);
        REQUIRE(lock.has_value());
        CHECK(lock->path() == path);
        CHECK(acquire_in_child(path) == 1);
    }
    CHECK(acquire_in_child(path) == 0);
}

TEST_CASE("a refused lock names the holder's pid") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "store.lock";
    auto first = FileLock::acquire(path);
    REQUIRE(first.has_value());
    auto content = ck::core::read_file(path);
    REQUIRE(content.has_value());
    CHECK(*content == std::to_string(::getpid()) + "\n");

    auto second = FileLock::acquire(path);  // a second open file in this process conflicts too
    REQUIRE_FALSE(second);
    CHECK(second.error().code == std::errc::resource_unavailable_try_again);
    CHECK(second.error().message.find("pid " + std::to_string(::getpid())) != std::string::npos);
}

TEST_CASE("a moved lock is held until its last owner goes") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "store.lock";
    auto first = FileLock::acquire(path);
    REQUIRE(first.has_value());
    FileLock moved = std::move(*first);
    CHECK(acquire_in_child(path) == 1);
    {
        FileLock gone = std::move(moved);
        CHECK(acquire_in_child(path) == 1);
    }
    CHECK(acquire_in_child(path) == 0);
}

TEST_CASE("a lock in a missing directory is an error, not a crash") {
    ck::test::TempDir dir;
    auto lock = FileLock::acquire(dir.path() / "nope" / "store.lock");
    REQUIRE_FALSE(lock);
    CHECK(lock.error().code == std::errc::no_such_file_or_directory);
}

TEST_CASE("acquire waits for a lock that is released within the wait, and no longer") {
    using std::chrono::milliseconds;
    ck::test::TempDir dir;
    const auto path = dir.path() / "store.lock";
    // A child holds the lock for 300 ms (the pipe tells us when it has it).
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    pid_t pid = ::fork();
    if (pid == 0) {
        auto lock = FileLock::acquire(path);
        char c = lock ? 'y' : 'n';
        [[maybe_unused]] ssize_t n = ::write(ready[1], &c, 1);
        ::usleep(300 * 1000);
        ::_exit(0);
    }
    REQUIRE(pid > 0);
    char c = 0;
    REQUIRE(::read(ready[0], &c, 1) == 1);
    REQUIRE(c == 'y');
    auto busy = FileLock::acquire(path, milliseconds(50));
    REQUIRE_FALSE(busy);
    CHECK(busy.error().code == std::errc::resource_unavailable_try_again);
    auto waited = FileLock::acquire(path, milliseconds(10000));
    CHECK(waited.has_value());
    int status = 0;
    ::waitpid(pid, &status, 0);
    ::close(ready[0]);
    ::close(ready[1]);
}
