#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/clock.hpp"
#include "core/log.hpp"
#include "temp_dir.hpp"

using ck::core::Logger;
using ck::core::LogLevel;

namespace {
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}
}  // namespace

TEST_CASE("a log line is timestamp, level, message") {
    std::ostringstream out;
    Logger log(out);
    ck::core::FixedClock clock(*ck::core::parse_iso8601("2026-11-21T15:30:00Z"));
    log.set_clock(&clock);
    log.info("game 17: white moved");
    log.error("smtp: connection refused");
    CHECK(out.str() ==
          "2026-11-21T15:30:00Z INFO game 17: white moved\n"
          "2026-11-21T15:30:00Z ERROR smtp: connection refused\n");
}

TEST_CASE("lines below the level are dropped") {
    std::ostringstream out;
    Logger log(out, LogLevel::Warn);
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    auto lines = lines_of(out.str());
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].find(" WARN w") != std::string::npos);
    CHECK(lines[1].find(" ERROR e") != std::string::npos);
    log.set_level(LogLevel::Debug);
    log.debug("d");
    CHECK(lines_of(out.str()).size() == 3);
}

TEST_CASE("a message with line breaks stays one line") {
    std::ostringstream out;
    Logger log(out);
    log.warn("first\nsecond\r\nthird");
    auto lines = lines_of(out.str());
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("first\\nsecond\\r\\nthird") != std::string::npos);
}

TEST_CASE("log levels parse by name") {
    CHECK(ck::core::parse_log_level("debug") == LogLevel::Debug);
    CHECK(ck::core::parse_log_level("WARNING") == LogLevel::Warn);
    CHECK(ck::core::parse_log_level("Error") == LogLevel::Error);
    CHECK_FALSE(ck::core::parse_log_level("loud").has_value());
    CHECK(ck::core::to_string(LogLevel::Info) == "INFO");
}

TEST_CASE("a log file is appended to, and a bad path is an error") {
    ck::test::TempDir dir;
    const auto path = dir.path() / "crazykrieg.log";
    REQUIRE(ck::core::write_file_atomic(path, "earlier line\n").has_value());
    std::ostringstream before;
    Logger log(before);
    REQUIRE(log.open_file(path).has_value());
    log.info("to the file");
    CHECK(before.str().empty());
    auto text = ck::core::read_file(path);
    REQUIRE(text.has_value());
    auto lines = lines_of(*text);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "earlier line");
    CHECK(lines[1].find("INFO to the file") != std::string::npos);

    auto bad = log.open_file(dir.path() / "missing-dir" / "x.log");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().path.find("missing-dir") != std::string::npos);
}

TEST_CASE("lines from many threads never interleave") {
    std::ostringstream out;
    Logger log(out);
    constexpr int Threads = 4;
    constexpr int PerThread = 500;
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t) {
        threads.emplace_back([&log, t] {
            const std::string msg = "thread " + std::to_string(t) + " " + std::string(60, 'x');
            for (int i = 0; i < PerThread; ++i) log.info(msg);
        });
    }
    for (auto& th : threads) th.join();
    auto lines = lines_of(out.str());
    REQUIRE(lines.size() == Threads * PerThread);
    for (const auto& line : lines) {
        REQUIRE(line.size() == std::string("2026-11-21T15:30:00Z INFO thread 0 ").size() + 60);
    }
}

TEST_CASE("a line carries the labels of the live log contexts, outermost first") {
    std::ostringstream out;
    Logger log(out);
    ck::core::FixedClock clock(*ck::core::parse_iso8601("2026-11-21T15:30:00Z"));
    log.set_clock(&clock);
    {
        ck::core::LogContext mail("msg <a1@x>");
        log.info("from ann@x");
        {
            ck::core::LogContext game("game 7");
            log.info("white moved");
        }
        log.warn("done");
    }
    log.info("idle");
    CHECK(out.str() ==
          "2026-11-21T15:30:00Z INFO [msg <a1@x>] from ann@x\n"
          "2026-11-21T15:30:00Z INFO [msg <a1@x>] [game 7] white moved\n"
          "2026-11-21T15:30:00Z WARN [msg <a1@x>] done\n"
          "2026-11-21T15:30:00Z INFO idle\n");
}

TEST_CASE("a log context belongs to the thread that made it") {
    std::ostringstream out;
    Logger log(out);
    ck::core::LogContext here("game 1");
    std::thread other([&] { log.info("elsewhere"); });
    other.join();
    log.info("here");
    const auto lines = lines_of(out.str());
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].find("INFO elsewhere") != std::string::npos);
    CHECK(lines[1].find("INFO [game 1] here") != std::string::npos);
}
