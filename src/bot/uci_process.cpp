#include "bot/uci_process.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace ck::bot {

namespace {

std::string find_program(const std::string& name) {
    if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
    std::string path = getenv("PATH") ? getenv("PATH") : "";
    path += ":/usr/games:/usr/local/games";
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty()) continue;
        const std::string full = dir + "/" + name;
        if (access(full.c_str(), X_OK) == 0) return full;
    }
    return "";
}

}  // namespace

std::optional<UciProcess> UciProcess::start(const std::string& program, std::string& why) {
    const std::string path = find_program(program);
    if (path.empty()) {
        why = "cannot find the program '" + program + "' (Debian package fairy-stockfish)";
        return std::nullopt;
    }
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        why = "cannot make a socket pair for " + path + ": " + std::strerror(errno);
        return std::nullopt;
    }
    std::vector<char> arg0(path.begin(), path.end());
    arg0.push_back('\0');
    char* argv[] = {arg0.data(), nullptr};
    const pid_t pid = fork();
    if (pid < 0) {
        why = "cannot start " + path + ": " + std::strerror(errno);
        close(fds[0]);
        close(fds[1]);
        return std::nullopt;
    }
    if (pid == 0) {  // the child: only async-signal-safe calls before exec
        dup2(fds[1], 0);
        dup2(fds[1], 1);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);
    return UciProcess(pid, fds[0]);
}

UciProcess::UciProcess(UciProcess&& o) noexcept
    : pid_(o.pid_), fd_(o.fd_), buffer_(std::move(o.buffer_)) {
    o.pid_ = -1;
    o.fd_ = -1;
}

UciProcess::~UciProcess() {
    if (fd_ >= 0) {
        send("quit");
        close(fd_);
    }
    if (pid_ > 0) {
        for (int i = 0; i < 100; ++i) {  // one second of grace
            if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
}

bool UciProcess::send(std::string_view line) {
    if (fd_ < 0) return false;
    std::string out(line);
    out += '\n';
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t n = ::send(fd_, out.data() + done, out.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

std::optional<std::string> UciProcess::read_until(std::string_view prefix, double timeout_s) {
    for (;;) {
        for (std::size_t nl; (nl = buffer_.find('\n')) != std::string::npos;) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.compare(0, prefix.size(), prefix) == 0) return line;
        }
        if (fd_ < 0) return std::nullopt;
        pollfd p{fd_, POLLIN, 0};
        const int r = poll(&p, 1, static_cast<int>(timeout_s * 1000));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return std::nullopt;
        char chunk[4096];
        const ssize_t n = read(fd_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

double UciProcess::cpu_seconds() const {
    if (pid_ <= 0) return 0;
    std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close_paren = text.rfind(')');
    if (close_paren == std::string::npos) return 0;
    std::stringstream rest(text.substr(close_paren + 2));
    std::string field;
    double utime = 0, stime = 0;
    // Fields after the command: state(3) ... utime is field 14, stime 15 (1-based).
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stod(field);
        if (i == 15) stime = std::stod(field);
    }
    return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace ck::bot
