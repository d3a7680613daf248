// What the benches that run a club share (bench_support.hpp).
#include "app/bench_support.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <system_error>

#include "core/data_files.hpp"
#include "core/log.hpp"

namespace ck::app {

namespace fs = std::filesystem;

QuietLog::QuietLog() : out_(&buf_) { core::operator_log().set_stream(out_); }

QuietLog::~QuietLog() { core::operator_log().set_stream(std::cerr); }

ScratchDir::ScratchDir(const std::string& name)
    : path_(fs::temp_directory_path() / ("ck-" + name + "-" + std::to_string(::getpid()))) {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

ScratchDir::~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

std::optional<fs::path> bench_templates(std::ostream& out, const std::string& section) {
    const char* env = std::getenv("CK_TEMPLATES_DIR");
    const fs::path templates = fs::absolute(core::locate_templates(env ? env : "", "").dir);
    std::error_code ec;
    if (fs::is_directory(templates, ec)) return templates;
    out << section << ": skipped (no templates directory " << templates.string()
        << "; set CK_TEMPLATES_DIR)\n";
    return std::nullopt;
}

std::string player_mail(const std::string& from, const std::string& to, const std::string& body,
                        const std::string& message_id, store::GameId game) {
    return "From: Bench Player <" + from + ">\r\nTo: Crazykrieg referee <" + to +
           ">\r\nSubject: Re: [crazykrieg #" + to_string(game) +
           "] Your move\r\nDate: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: <" + message_id +
           ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body +
           "\r\n\r\nOn Sat, 21 Nov 2026 at 12:00, Crazykrieg referee wrote:\r\n> Your move.\r\n";
}

}  // namespace ck::app
