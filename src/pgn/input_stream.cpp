// InputStream: sequential, decoding read of a path or a buffer (contract in input_stream.hpp).
//
// Compressed input is decoded ahead on a thread of its own into a few fixed-size chunks, so that
// decoding overlaps with splitting and validating even with `--jobs 1` (README "Validating
// databases": the .zst/plain time ratio). Plain input is read on the caller's thread.
#include "pgn/input_stream.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

namespace ck::pgn {
namespace {

constexpr std::size_t InBytes = 256 * 1024;
constexpr std::size_t ChunkBytes = 256 * 1024;
constexpr std::size_t ChunksAhead = 4;  // decoded chunks waiting: memory stays flat

}  // namespace

class InputStream::Buffer : public std::streambuf {
public:
    Buffer(int fd, bool owns_fd) : fd_(fd), owns_fd_(owns_fd), in_(InBytes) {}
    explicit Buffer(std::string_view bytes) : memory_(bytes), in_(InBytes) {}
    ~Buffer() override {
        if (decoder_thread_.joinable()) {
            {
                std::lock_guard<std::mutex> lock(mutex_);
                stop_ = true;
            }
            cv_.notify_all();
            decoder_thread_.join();
        }
        if (owns_fd_) ::close(fd_);
    }

    std::istream* owner_ = nullptr;
    Compression compression_ = Compression::None;
    std::string error_;  // the caller's copy, set when the failure reaches the stream
    std::uint64_t delivered_ = 0;

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (!error_.empty()) return traits_type::eof();
        if (!started_) start();
        bool more = decoder_ ? next_chunk() : read_plain();
        if (!more) {
            if (!failure_.empty()) {
                // The bytes delivered before the failure stay delivered (a throw from here
                // would make std::istream::read drop them); badbit tells the reader.
                error_ = failure_;
                if (owner_) owner_->setstate(std::ios::badbit);
            }
            return traits_type::eof();
        }
        setg(current_.data(), current_.data(), current_.data() + current_.size());
        delivered_ += current_.size();
        return traits_type::to_int_type(current_[0]);
    }

private:
    // Sniffs the magic bytes (up to 6, or what a short input holds); starts the decoder thread.
    void start() {
        started_ = true;
        while (in_end_ < 6 && !input_ended_)
            if (!refill()) input_ended_ = true;
        if (!failure_.empty()) return;
        compression_ = detect_compression(std::string_view(in_.data(), in_end_));
        decoder_ = make_decoder(compression_);
        if (decoder_) decoder_thread_ = std::thread([this] { decode_ahead(); });
    }

    // Reads more raw bytes into in_[in_end_..]; false at the end of the input or on a failure.
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
            failure_ = std::string("read error after byte ") +
                       std::to_string(consumed_ + (in_end_ - in_pos_)) + ": " +
                       std::strerror(errno);
            return false;
        }
    }

    // Plain input, on the caller's thread: the raw bytes are the text.
    bool read_plain() {
        if (in_pos_ == in_end_ && (input_ended_ || !refill())) {
            input_ended_ = true;
            return false;
        }
        current_.assign(in_.data() + in_pos_, in_.data() + in_end_);
        consumed_ += in_end_ - in_pos_;
        in_pos_ = in_end_;
        return true;
    }

    // Decoder thread: fills chunks until the input ends or fails (failure_ then says why).
    void decode_ahead() {
        for (;;) {
            std::vector<char> chunk;
            {
                std::lock_guard<std::mutex> lock(mutex_);
                if (!spare_.empty()) {
                    chunk = std::move(spare_.back());
                    spare_.pop_back();
                }
            }
            chunk.resize(ChunkBytes);
            std::size_t n = decode(chunk.data(), chunk.size());
            chunk.resize(n);
            std::unique_lock<std::mutex> lock(mutex_);
            if (n == 0) {
                decoded_all_ = true;
                cv_.notify_all();
                return;
            }
            cv_.wait(lock, [&] { return stop_ || ready_.size() < ChunksAhead; });
            if (stop_) return;
            ready_.push_back(std::move(chunk));
            cv_.notify_all();
        }
    }

    // Caller's thread: the next decoded chunk into current_; false at the end.
    bool next_chunk() {
        std::unique_lock<std::mutex> lock(mutex_);
        if (!current_.empty()) spare_.push_back(std::move(current_));
        current_.clear();
        cv_.wait(lock, [&] { return !ready_.empty() || decoded_all_; });
        if (ready_.empty()) return false;  // failure_ was written before decoded_all_
        current_ = std::move(ready_.front());
        ready_.pop_front();
        cv_.notify_all();
        return true;
    }

    // Decodes up to `size` bytes into out (decoder thread); 0 at the end or after a failure.
    // The bytes decoded before a failure are returned first; the next call returns 0.
    std::size_t decode(char* out, std::size_t size) {
        if (!failure_.empty()) return 0;
        std::size_t produced = 0;
        while (produced < size) {
            if (in_pos_ == in_end_ && !input_ended_ && !refill()) {
                if (!failure_.empty()) return produced;
                input_ended_ = true;
            }
            std::size_t avail = in_end_ - in_pos_;
            auto s = decoder_->step(in_.data() + in_pos_, avail, out + produced, size - produced,
                                    input_ended_);
            in_pos_ += s.consumed;
            consumed_ += s.consumed;
            produced += s.produced;
            std::string kind(compression_name(compression_));
            if (s.failed) {
                failure_ = "corrupt " + kind + " data at compressed byte " +
                           std::to_string(consumed_) + " (" + decoder_->message() + ")";
                return produced;
            }
            if (in_pos_ == in_end_ && input_ended_ && s.produced == 0) {
                if (decoder_->in_stream()) {
                    failure_ = "truncated " + kind +
                               " data: the input ends inside a frame at compressed byte " +
                               std::to_string(consumed_);
                    return produced;
                }
                break;
            }
            if (s.consumed == 0 && s.produced == 0 && avail > 0) {
                failure_ = "corrupt " + kind + " data at compressed byte " +
                           std::to_string(consumed_) + " (no progress)";
                return produced;
            }
        }
        return produced;
    }

    int fd_ = -1;
    bool owns_fd_ = false;
    std::optional<std::string_view> memory_;
    // Raw input: the caller's thread before the decoder thread starts, then that thread's.
    std::vector<char> in_;
    std::size_t in_pos_ = 0, in_end_ = 0;
    std::uint64_t consumed_ = 0;  // raw (compressed) bytes used so far
    bool started_ = false, input_ended_ = false;
    std::unique_ptr<Decoder> decoder_;
    std::string failure_;        // written by the reading thread, read after decoded_all_
    std::vector<char> current_;  // the chunk the stream is reading
    // Shared with the decoder thread (under mutex_).
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<std::vector<char>> ready_;
    std::vector<std::vector<char>> spare_;
    bool decoded_all_ = false, stop_ = false;
    std::thread decoder_thread_;
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
