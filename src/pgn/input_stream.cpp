// InputStream: sequential, decoding read of a path or a buffer (contract in input_stream.hpp).
#include "pgn/input_stream.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ck::pgn {
namespace {

constexpr std::size_t InBytes = 256 * 1024;
constexpr std::size_t OutBytes = 1024 * 1024;

}  // namespace

class InputStream::Buffer : public std::streambuf {
public:
    Buffer(int fd, bool owns_fd) : fd_(fd), owns_fd_(owns_fd), in_(InBytes), out_(OutBytes) {}
    explicit Buffer(std::string_view bytes) : memory_(bytes), in_(InBytes), out_(OutBytes) {}
    ~Buffer() override {
        if (owns_fd_) ::close(fd_);
    }

    Compression compression_ = Compression::None;
    std::string error_;
    std::uint64_t delivered_ = 0;

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (!error_.empty()) return traits_type::eof();
        if (!started_) start();
        std::size_t n = decoder_ ? decode() : copy();
        if (n == 0) return traits_type::eof();
        setg(out_.data(), out_.data(), out_.data() + n);
        delivered_ += n;
        return traits_type::to_int_type(out_[0]);
    }

private:
    // Reads more raw bytes into in_[in_end_..]; false at the end of the input.
    bool refill() {
        if (in_pos_ == in_end_) in_pos_ = in_end_ = 0;
        if (memory_) {
            if (memory_->empty()) return false;
            std::size_t n = std::min(memory_->size(), in_.size() - in_end_);
            std::memcpy(in_.data() + in_end_, memory_->data(), n);
            memory_->remove_prefix(n);
            in_end_ += n;
            return true;
        }
        for (;;) {
            ssize_t got = ::read(fd_, in_.data() + in_end_, in_.size() - in_end_);
            if (got > 0) {
                in_end_ += static_cast<std::size_t>(got);
                return true;
            }
            if (got == 0) return false;
            if (errno == EINTR) continue;
            fail(std::string("read error after byte ") + std::to_string(raw_offset()) + ": " +
                 std::strerror(errno));
            return false;
        }
    }

    // Sniffs the magic bytes (up to 6, or what a short input holds).
    void start() {
        started_ = true;
        while (in_end_ < 6 && !input_ended_)
            if (!refill()) input_ended_ = true;
        compression_ = detect_compression(std::string_view(in_.data(), in_end_));
        decoder_ = make_decoder(compression_);
    }

    std::size_t copy() {
        if (in_pos_ == in_end_ && (input_ended_ || !refill())) {
            input_ended_ = true;
            return 0;
        }
        std::size_t n = std::min(in_end_ - in_pos_, out_.size());
        std::memcpy(out_.data(), in_.data() + in_pos_, n);
        in_pos_ += n;
        consumed_ += n;
        return n;
    }

    std::size_t decode() {
        for (;;) {
            if (in_pos_ == in_end_ && !input_ended_ && !refill()) {
                if (!error_.empty()) return 0;
                input_ended_ = true;
            }
            std::size_t avail = in_end_ - in_pos_;
            auto s =
                decoder_->step(in_.data() + in_pos_, avail, out_.data(), out_.size(), input_ended_);
            in_pos_ += s.consumed;
            consumed_ += s.consumed;
            if (s.failed)
                return fail("corrupt " + std::string(compression_name(compression_)) +
                            " data at compressed byte " + std::to_string(consumed_) + " (" +
                            decoder_->message() + ")");
            if (s.produced > 0) return s.produced;
            if (in_pos_ == in_end_ && input_ended_) {
                if (decoder_->in_stream())
                    return fail("truncated " + std::string(compression_name(compression_)) +
                                " data: the input ends inside a frame at compressed byte " +
                                std::to_string(consumed_));
                return 0;
            }
            if (s.consumed == 0 && avail > 0)
                return fail("corrupt " + std::string(compression_name(compression_)) +
                            " data at compressed byte " + std::to_string(consumed_) +
                            " (no progress)");
        }
    }

    std::uint64_t raw_offset() const { return consumed_ + (in_end_ - in_pos_); }

    // Records the failure and sets the owning stream's badbit (the bytes delivered before it
    // stay delivered: a throw from here would make std::istream::read drop them). Returns 0 (no
    // more bytes).
    std::size_t fail(std::string message) {
        error_ = std::move(message);
        if (owner_) owner_->setstate(std::ios::badbit);
        return 0;
    }

public:
    std::istream* owner_ = nullptr;

private:
    int fd_ = -1;
    bool owns_fd_ = false;
    std::optional<std::string_view> memory_;
    std::vector<char> in_, out_;
    std::size_t in_pos_ = 0, in_end_ = 0;
    std::uint64_t consumed_ = 0;  // raw (compressed) bytes used so far
    bool started_ = false, input_ended_ = false;
    std::unique_ptr<Decoder> decoder_;
};

InputStream::InputStream(std::unique_ptr<Buffer> buffer)
    : buffer_(std::move(buffer)), stream_(buffer_.get()) {
    buffer_->owner_ = &stream_;
}

InputStream::~InputStream() = default;

std::unique_ptr<InputStream> InputStream::open(const std::string& path, std::string* error) {
    int fd = STDIN_FILENO;
    bool owns = false;
    if (path != "-") {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            if (error) *error = std::strerror(errno);
            return nullptr;
        }
        owns = true;
    }
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (owns) ::close(fd);
        if (error) *error = "is a directory";
        return nullptr;
    }
    std::unique_ptr<InputStream> s(new InputStream(std::make_unique<Buffer>(fd, owns)));
    if (S_ISREG(st.st_mode)) s->regular_size_ = static_cast<std::uint64_t>(st.st_size);
    return s;
}

std::unique_ptr<InputStream> InputStream::from_memory(std::string_view bytes) {
    return std::unique_ptr<InputStream>(new InputStream(std::make_unique<Buffer>(bytes)));
}

Compression InputStream::compression() const { return buffer_->compression_; }
const std::string& InputStream::error() const { return buffer_->error_; }
std::uint64_t InputStream::bytes_read() const { return buffer_->delivered_; }

}  // namespace ck::pgn
