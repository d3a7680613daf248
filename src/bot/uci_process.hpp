#pragma once
// A UCI engine as a child process (README "Computer opponents", `fairy-stockfish`): started once
// and kept for one game, spoken to over a socket pair, ended with `quit` (then SIGKILL after a
// grace time) when the object dies. Failures are values: a dead or silent child makes
// read_until return nullopt, never throws, never raises SIGPIPE.
#include <sys/types.h>
#include <optional>
#include <string>
#include <string_view>

namespace ck::bot {

class UciProcess {
public:
    // Starts `program` (searched in PATH, then /usr/games); nullopt with `why` set on failure.
    static std::optional<UciProcess> start(const std::string& program, std::string& why);
    UciProcess(UciProcess&& o) noexcept;
    UciProcess& operator=(UciProcess&&) = delete;
    UciProcess(const UciProcess&) = delete;
    ~UciProcess();

    bool send(std::string_view line);  // appends '\n'
    // Lines until one starting with `prefix` (returned), or nullopt after timeout_s seconds of
    // silence or when the child closed its end.
    std::optional<std::string> read_until(std::string_view prefix, double timeout_s);
    // CPU seconds (user + system) the child has used so far (from /proc; 0 if unknown).
    double cpu_seconds() const;

private:
    UciProcess(pid_t pid, int fd) : pid_(pid), fd_(fd) {}
    pid_t pid_ = -1;
    int fd_ = -1;
    std::string buffer_;
};

// The program name of Debian's package (installed in /usr/games).
inline constexpr std::string_view FairyStockfishProgram = "fairy-stockfish";

}  // namespace ck::bot
