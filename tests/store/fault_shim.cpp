// An LD_PRELOAD library that makes chosen file-system calls of the real crazykrieg binary fail
// (tests/e2e/store_fault_test.py, crash_state_test.py; README "Store: what the tests cover").
// It wraps open/openat (for writing or creating), write/pwrite, fsync/fdatasync, syncfs and
// rename through dlsym(RTLD_NEXT), so that the binary runs unchanged. Settings, from the
// environment:
//   CK_FAULT_OPS     comma list of the calls it counts: open, write, fsync, syncfs, rename
//   CK_FAULT_PATH    only calls on a path containing this (fd calls: the fd's path; rename: the
//                    target); ending in '$': a path ending so; default any
//   CK_FAULT_AT      the 1-based number of the counted call that fails first (0: none fails)
//   CK_FAULT_TIMES   how many counted calls fail from there on (default 1)
//   CK_FAULT_ERRNO   EIO (default) or ENOSPC
//   CK_FAULT_REPORT  a file that gets "calls N\ninjected M\n" at exit
// Writeback errors as Linux reports them (errseq): when an injected EIO fails an fsync or a
// syncfs, every descriptor opened before it reports EIO once from its next syncfs (the
// file system's error), and descriptors opened after it never do. So a syncfs through a fresh
// descriptor misses the error, as on a real kernel, and one through a kept descriptor sees it.
// A test program linked with nothing of this may call ck_fault_reload() (found with dlsym) to
// read the settings again and start counting afresh. The binary is single-threaded; the shim
// keeps no locks.
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

enum Op { OpOpen = 1, OpWrite = 2, OpFsync = 4, OpSyncfs = 8, OpRename = 16 };

struct Settings {
    int ops = 0;
    std::string path;
    long at = 0;
    long times = 1;
    int err = EIO;
    std::string report;
};

Settings load_settings() {
    Settings s;
    if (const char* v = std::getenv("CK_FAULT_OPS")) {
        const std::string ops = v;
        if (ops.find("open") != std::string::npos) s.ops |= OpOpen;
        if (ops.find("write") != std::string::npos) s.ops |= OpWrite;
        if (ops.find("fsync") != std::string::npos) s.ops |= OpFsync;
        if (ops.find("syncfs") != std::string::npos) s.ops |= OpSyncfs;
        if (ops.find("rename") != std::string::npos) s.ops |= OpRename;
    }
    if (const char* v = std::getenv("CK_FAULT_PATH")) s.path = v;
    if (const char* v = std::getenv("CK_FAULT_AT")) s.at = std::atol(v);
    if (const char* v = std::getenv("CK_FAULT_TIMES")) s.times = std::atol(v);
    if (const char* v = std::getenv("CK_FAULT_ERRNO"))
        s.err = std::strcmp(v, "ENOSPC") == 0 ? ENOSPC : EIO;
    if (const char* v = std::getenv("CK_FAULT_REPORT")) s.report = v;
    return s;
}

Settings& settings() {
    static Settings s = load_settings();
    return s;
}

long calls = 0;
long injected = 0;
// errseq emulation: the generation of the last injected sync error, and per descriptor the
// generation it has seen (sampled at open).
constexpr int MaxFd = 65536;
unsigned error_gen = 0;
unsigned fd_seen[MaxFd];

template <typename F>
F next(const char* name) {
    return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

std::string fd_path(int fd) {
    char link[64];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    char buf[4096];
    const ssize_t n = readlink(link, buf, sizeof buf - 1);
    if (n <= 0) return std::string();
    return std::string(buf, static_cast<std::size_t>(n));
}

// True when this call must fail (counted when it matches).
bool should_fail(int op, const std::string& path) {
    const Settings& s = settings();
    if ((s.ops & op) == 0) return false;
    if (!s.path.empty()) {
        if (s.path.back() == '$') {
            const std::string tail = s.path.substr(0, s.path.size() - 1);
            if (path.size() < tail.size() ||
                path.compare(path.size() - tail.size(), tail.size(), tail) != 0)
                return false;
        } else if (path.find(s.path) == std::string::npos) {
            return false;
        }
    }
    ++calls;
    if (s.at <= 0 || calls < s.at || calls >= s.at + s.times) return false;
    ++injected;
    return true;
}

void opened(int fd) {
    if (fd >= 0 && fd < MaxFd) fd_seen[fd] = error_gen;
}

struct Reporter {
    ~Reporter() {
        const char* report = std::getenv("CK_FAULT_REPORT");  // settings() may be gone by now
        if (report == nullptr || *report == '\0') return;
        if (FILE* f = std::fopen(report, "w")) {
            std::fprintf(f, "calls %ld\ninjected %ld\n", calls, injected);
            std::fclose(f);
        }
    }
} reporter;

bool writes(int flags) { return (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC)) != 0; }

int do_openat(int dirfd, const char* path, int flags, mode_t mode) {
    if (writes(flags) && should_fail(OpOpen, path ? path : "")) {
        errno = settings().err;
        return -1;
    }
    static auto real = next<int (*)(int, const char*, int, ...)>("openat");
    const int fd = real(dirfd, path, flags, mode);
    opened(fd);
    return fd;
}

mode_t mode_arg(int flags, va_list ap) {
    return (flags & (O_CREAT | O_TMPFILE)) != 0 ? static_cast<mode_t>(va_arg(ap, int)) : 0;
}

int fail_sync(int fd, int op) {
    if (should_fail(op, fd_path(fd))) {
        if (settings().err == EIO) ++error_gen;
        errno = settings().err;
        return -1;
    }
    return 0;
}

}  // namespace

extern "C" {

void ck_fault_reload() {
    settings() = load_settings();
    calls = 0;
    injected = 0;
}

int open(const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    const mode_t mode = mode_arg(flags, ap);
    va_end(ap);
    return do_openat(AT_FDCWD, path, flags, mode);
}
int open64(const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    const mode_t mode = mode_arg(flags, ap);
    va_end(ap);
    return do_openat(AT_FDCWD, path, flags, mode);
}
int openat(int dirfd, const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    const mode_t mode = mode_arg(flags, ap);
    va_end(ap);
    return do_openat(dirfd, path, flags, mode);
}
int openat64(int dirfd, const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    const mode_t mode = mode_arg(flags, ap);
    va_end(ap);
    return do_openat(dirfd, path, flags, mode);
}
int __open_2(const char* path, int flags) { return do_openat(AT_FDCWD, path, flags, 0); }
int __open64_2(const char* path, int flags) { return do_openat(AT_FDCWD, path, flags, 0); }

ssize_t write(int fd, const void* buf, size_t n) {
    if (should_fail(OpWrite, fd_path(fd))) {
        errno = settings().err;
        return -1;
    }
    static auto real = next<ssize_t (*)(int, const void*, size_t)>("write");
    return real(fd, buf, n);
}
ssize_t pwrite(int fd, const void* buf, size_t n, off_t at) {
    if (should_fail(OpWrite, fd_path(fd))) {
        errno = settings().err;
        return -1;
    }
    static auto real = next<ssize_t (*)(int, const void*, size_t, off_t)>("pwrite");
    return real(fd, buf, n, at);
}
ssize_t pwrite64(int fd, const void* buf, size_t n, off_t at) { return pwrite(fd, buf, n, at); }

int fsync(int fd) {
    if (fail_sync(fd, OpFsync) != 0) return -1;
    static auto real = next<int (*)(int)>("fsync");
    return real(fd);
}
int fdatasync(int fd) {
    if (fail_sync(fd, OpFsync) != 0) return -1;
    static auto real = next<int (*)(int)>("fdatasync");
    return real(fd);
}
int syncfs(int fd) {
    if (fail_sync(fd, OpSyncfs) != 0) return -1;
    if (fd >= 0 && fd < MaxFd && fd_seen[fd] < error_gen) {  // errseq: an unseen error
        fd_seen[fd] = error_gen;
        errno = EIO;
        return -1;
    }
    static auto real = next<int (*)(int)>("syncfs");
    return real(fd);
}

int rename(const char* from, const char* to) {
    if (should_fail(OpRename, to ? to : "")) {
        errno = settings().err;
        return -1;
    }
    static auto real = next<int (*)(const char*, const char*)>("rename");
    return real(from, to);
}

}  // extern "C"
