#include "core/log.hpp"

#include <cerrno>
#include <iostream>
#include <utility>
#include <vector>

#include "core/text.hpp"

namespace ck::core {

namespace {

// The labels of the current thread's live LogContexts, outermost first.
thread_local std::vector<std::string> context_labels;

}  // namespace

LogContext::LogContext(std::string label) { context_labels.push_back(std::move(label)); }

LogContext::~LogContext() { context_labels.pop_back(); }

std::string_view to_string(LogLevel level) {
    switch (level) {
        case LogLevel::Debug:
            return "DEBUG";
        case LogLevel::Info:
            return "INFO";
        case LogLevel::Warn:
            return "WARN";
        case LogLevel::Error:
            return "ERROR";
    }
    return "?";
}

std::optional<LogLevel> parse_log_level(std::string_view name) {
    const std::string lower = lower_ascii(name);
    if (lower == "debug") return LogLevel::Debug;
    if (lower == "info") return LogLevel::Info;
    if (lower == "warn" || lower == "warning") return LogLevel::Warn;
    if (lower == "error") return LogLevel::Error;
    return std::nullopt;
}

Logger::Logger() : out_(&std::cerr), min_level_(LogLevel::Info) {}

Logger::Logger(std::ostream& out, LogLevel min_level) : out_(&out), min_level_(min_level) {}

Result<void, IoError> Logger::open_file(const std::filesystem::path& path) {
    errno = 0;
    std::ofstream f(path, std::ios::out | std::ios::app);
    if (!f)
        return unexpected(
            io_error_from_errno(errno ? errno : EIO, path.string(), "cannot open log"));
    std::lock_guard<std::mutex> lock(mutex_);
    file_ = std::move(f);
    out_ = &file_;
    return {};
}

void Logger::set_stream(std::ostream& out) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ = &out;
    if (file_.is_open()) file_.close();
}

void Logger::set_level(LogLevel min_level) {
    std::lock_guard<std::mutex> lock(mutex_);
    min_level_ = min_level;
}

LogLevel Logger::level() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return min_level_;
}

void Logger::set_clock(const Clock* clock) {
    std::lock_guard<std::mutex> lock(mutex_);
    clock_ = clock;
}

void Logger::log(LogLevel level, std::string_view message) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (level < min_level_) return;
    const TimePoint now = clock_ ? clock_->now() : std::chrono::system_clock::now();
    std::string line = format_iso8601(now);
    line += ' ';
    line += to_string(level);
    line += ' ';
    std::string text;
    for (const std::string& label : context_labels) text += "[" + label + "] ";
    text += message;
    for (char c : text) {
        if (c == '\n') {
            line += "\\n";
        } else if (c == '\r') {
            line += "\\r";
        } else {
            line += c;
        }
    }
    line += '\n';
    out_->write(line.data(), static_cast<std::streamsize>(line.size()));
    out_->flush();
}

Logger& operator_log() {
    static Logger log;
    return log;
}

}  // namespace ck::core
