#pragma once
// CPU time of the calling thread, for perft speed figures that do not depend on machine load
// (the peers' figures in tests/data/perft/reference-README.md are nodes per CPU-second).
#include <ctime>

namespace ck::rules {

inline double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace ck::rules
