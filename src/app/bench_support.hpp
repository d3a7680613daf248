#pragma once
// What the benches that run a club share (mail_bench.cpp, serve_bench.cpp; README
// "Benchmarks"): a scratch directory removed at the end, the operator log thrown away, the
// templates found as every command finds them, and a player's move mail.
#include <filesystem>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>

#include "store/store.hpp"

namespace ck::app {

// A stream buffer that drops what is written (the operator log of a bench's set-up).
class NullBuf : public std::streambuf {
protected:
    int overflow(int c) override { return c; }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// While it lives, the operator log is formatted as usual but thrown away (a bench's set-up and
// timed part); then it goes to stderr again.
class QuietLog {
public:
    QuietLog();
    ~QuietLog();
    QuietLog(const QuietLog&) = delete;
    QuietLog& operator=(const QuietLog&) = delete;

private:
    NullBuf buf_;
    std::ostream out_;
};

// A fresh directory "ck-NAME-PID" under the system temp dir, removed with everything in it
// when the ScratchDir goes.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& name);
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// The templates from $CK_TEMPLATES_DIR, else where every command finds them
// (core/data_files.hpp), as an absolute path; nullopt after printing "SECTION: skipped (...)".
std::optional<std::filesystem::path> bench_templates(std::ostream& out, const std::string& section);

// A player's mail from `from` to the reply address `to` about game `game`, its text `body`
// above a quoted line of the referee's mail (as mail apps reply).
std::string player_mail(const std::string& from, const std::string& to, const std::string& body,
                        const std::string& message_id, store::GameId game);

}  // namespace ck::app
