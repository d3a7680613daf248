#pragma once
// The operator log: one line per event, "2026-11-21T15:30:00Z LEVEL message", to stderr or
// appended to a file. While LogContexts are alive on the writing thread, their labels come
// between the level and the message, outermost first, each in brackets (README "The operator log"):
// "2026-11-21T15:30:00Z INFO [mail 1732.M1.host] [msg <a1@x>] [game 7] white moved". Only the
// operator reads it, so it may name squares and FENs that players must not see (docs/design.md,
// "Hidden information"); nothing here ever goes to mail. Thread-safe: lines from different threads
// never interleave.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "core/io_error.hpp"
#include "core/result.hpp"

namespace ck::core {

enum class LogLevel : std::uint8_t { Debug, Info, Warn, Error };

std::string_view to_string(LogLevel level);                      // "DEBUG", "INFO", ...
std::optional<LogLevel> parse_log_level(std::string_view name);  // case-insensitive

class Logger {
public:
    // Writes to stderr at level Info, with the system clock.
    Logger();
    // Writes to `out` (not owned; must outlive the logger or be replaced first).
    explicit Logger(std::ostream& out, LogLevel min_level = LogLevel::Info);
    Logger(const Logger&) = delete;
    Logger& operator=(const Logger&) = delete;

    // From now on append to `path` (created if missing). On failure the target is unchanged.
    Result<void, IoError> open_file(const std::filesystem::path& path);
    // From now on write to `out` (not owned).
    void set_stream(std::ostream& out);
    void set_level(LogLevel min_level);
    LogLevel level() const;
    // The clock for timestamps (not owned); nullptr means the system clock.
    void set_clock(const Clock* clock);

    // Writes one line if `level` is at least the minimum. Line breaks in `message` are written
    // as "\n" so that one event stays one line.
    void log(LogLevel level, std::string_view message);
    void debug(std::string_view message) { log(LogLevel::Debug, message); }
    void info(std::string_view message) { log(LogLevel::Info, message); }
    void warn(std::string_view message) { log(LogLevel::Warn, message); }
    void error(std::string_view message) { log(LogLevel::Error, message); }

private:
    mutable std::mutex mutex_;
    std::ostream* out_;
    std::ofstream file_;
    LogLevel min_level_;
    const Clock* clock_ = nullptr;
};

// A label ("msg <a1@x>", "game 7") that every line the current thread logs carries while the
// context is alive. Contexts nest; each must end on the thread that made it, in reverse order
// of their making (as scoped objects do). Lines of other threads do not see it.
class LogContext {
public:
    explicit LogContext(std::string label);
    ~LogContext();
    LogContext(const LogContext&) = delete;
    LogContext& operator=(const LogContext&) = delete;
};

// The process-wide operator log (stderr, Info until configured).
Logger& operator_log();

}  // namespace ck::core
