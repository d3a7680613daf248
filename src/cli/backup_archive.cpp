#include "cli/backup_archive.hpp"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <set>
#include <sstream>
#include <system_error>

#include "core/crypto.hpp"

namespace ck::cli {
namespace {

namespace fs = std::filesystem;
constexpr std::size_t Block = 512;
constexpr const char* ManifestName = "MANIFEST";
constexpr const char* FormatLine = "crazykrieg-backup 1";

// An octal field of `width` bytes: digits, then NUL.
void put_octal(char* field, std::size_t width, std::uint64_t value) {
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + (value & 7)));
        value >>= 3;
    } while (value != 0);
    digits.insert(0, width - 1 - digits.size(), '0');
    std::memcpy(field, digits.data(), width - 1);
    field[width - 1] = '\0';
}

unsigned checksum(const char* block) {
    unsigned sum = 0;
    for (std::size_t i = 0; i < Block; ++i)
        sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(block[i]);
    return sum;
}

bool parse_octal(const char* field, std::size_t width, std::uint64_t& value) {
    value = 0;
    std::size_t i = 0;
    while (i < width && field[i] == ' ') ++i;
    bool any = false;
    for (; i < width && field[i] >= '0' && field[i] <= '7'; ++i) {
        value = value * 8 + static_cast<std::uint64_t>(field[i] - '0');
        any = true;
    }
    return any;
}

std::string field_text(const char* field, std::size_t width) {
    return std::string(field, strnlen(field, width));
}

// A name restore may create: relative, no "." or ".." parts, no empty parts.
bool safe_name(const std::string& name) {
    if (name.empty() || name.front() == '/') return false;
    std::istringstream parts(name);
    std::string part;
    while (std::getline(parts, part, '/'))
        if (part.empty() || part == "." || part == "..") return false;
    return true;
}

}  // namespace

struct BackupWriter::Compressor {
    ZSTD_CCtx* ctx = ZSTD_createCCtx();
    ~Compressor() { ZSTD_freeCCtx(ctx); }
};

BackupWriter::BackupWriter(std::ostream& out) : z_(std::make_unique<Compressor>()), out_(out) {
    ZSTD_CCtx_setParameter(z_->ctx, ZSTD_c_compressionLevel, 9);
    ZSTD_CCtx_setParameter(z_->ctx, ZSTD_c_checksumFlag, 1);
}

BackupWriter::~BackupWriter() = default;

// Compresses `bytes` (mode continue), or ends the frame when `bytes` is empty and end is set.
void BackupWriter::put(const std::string& bytes) {
    std::array<char, 1 << 16> buf{};
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    while (in.pos < in.size) {
        ZSTD_outBuffer o{buf.data(), buf.size(), 0};
        const std::size_t r = ZSTD_compressStream2(z_->ctx, &o, &in, ZSTD_e_continue);
        if (ZSTD_isError(r)) failed_ = true;
        out_.write(buf.data(), static_cast<std::streamsize>(o.pos));
        if (failed_) return;
    }
}

void BackupWriter::header(const std::string& name, char type, std::uint64_t size, unsigned mode) {
    std::array<char, Block> h{};
    std::string base = name, prefix;
    if (base.size() > 100) {  // ustar: the part before a '/' goes to the 155-byte prefix
        const std::size_t cut = base.rfind('/', base.size() - 1 - (type == '5' ? 1 : 0));
        if (cut == std::string::npos || cut > 155 || base.size() - cut - 1 > 100) {
            failed_ = true;
            return;
        }
        prefix = base.substr(0, cut);
        base = base.substr(cut + 1);
    }
    std::memcpy(h.data(), base.data(), base.size());
    put_octal(h.data() + 100, 8, mode & 07777);
    put_octal(h.data() + 108, 8, 0);
    put_octal(h.data() + 116, 8, 0);
    put_octal(h.data() + 124, 12, size);
    put_octal(h.data() + 136, 12, 0);
    h[156] = type;
    std::memcpy(h.data() + 257, "ustar", 6);
    std::memcpy(h.data() + 263, "00", 2);
    std::memcpy(h.data() + 345, prefix.data(), prefix.size());
    put_octal(h.data() + 148, 7, checksum(h.data()));
    h[155] = ' ';
    put(std::string(h.data(), h.size()));
}

void BackupWriter::add_directory(const std::string& name) { header(name + "/", '5', 0, 0755); }

void BackupWriter::add_file(const std::string& name, const std::string& bytes, unsigned mode) {
    header(name, '0', bytes.size(), mode);
    put(bytes);
    if (bytes.size() % Block != 0) put(std::string(Block - bytes.size() % Block, '\0'));
    manifest_.push_back("file " + core::sha256_hex(bytes) + " " + std::to_string(bytes.size()) +
                        " " + name);
}

core::Result<void, std::string> BackupWriter::finish(const std::vector<std::string>& header_lines) {
    std::string manifest = std::string(FormatLine) + "\n";
    for (const auto& l : header_lines) manifest += l + "\n";
    for (const auto& l : manifest_) manifest += l + "\n";
    header(ManifestName, '0', manifest.size(), 0644);
    put(manifest);
    if (manifest.size() % Block != 0) put(std::string(Block - manifest.size() % Block, '\0'));
    put(std::string(2 * Block, '\0'));  // the end of the archive
    std::array<char, 1 << 16> buf{};
    ZSTD_inBuffer in{nullptr, 0, 0};
    for (std::size_t left = 1; left != 0 && !failed_;) {
        ZSTD_outBuffer o{buf.data(), buf.size(), 0};
        left = ZSTD_compressStream2(z_->ctx, &o, &in, ZSTD_e_end);
        if (ZSTD_isError(left)) failed_ = true;
        out_.write(buf.data(), static_cast<std::streamsize>(o.pos));
    }
    out_.flush();
    if (failed_ || !out_) return core::unexpected(std::string("cannot write the backup"));
    return {};
}

namespace {

// The decompressed bytes of `in`, read on demand.
class Decompressed {
public:
    explicit Decompressed(std::istream& in) : in_(in), ctx_(ZSTD_createDCtx()) {}
    ~Decompressed() { ZSTD_freeDCtx(ctx_); }
    Decompressed(const Decompressed&) = delete;
    Decompressed& operator=(const Decompressed&) = delete;

    // Exactly n bytes, or false (the end came first, or the data is not zstd).
    bool read(std::string& out, std::size_t n) {
        out.clear();
        while (out.size() < n) {
            if (pos_ < have_.size()) {
                const std::size_t take = std::min(n - out.size(), have_.size() - pos_);
                out.append(have_, pos_, take);
                pos_ += take;
                continue;
            }
            if (!refill()) return false;
        }
        return true;
    }
    // Reads the rest of the stream: true when the zstd frame ended there, its checksum right.
    bool finish() {
        while (refill()) {
        }
        return error.empty() && last_ == 0;
    }
    std::string error;

private:
    bool refill() {
        have_.clear();
        pos_ = 0;
        while (have_.empty()) {
            if (in_pos_ == in_buf_.size()) {
                in_buf_.resize(1 << 16);
                in_.read(in_buf_.data(), static_cast<std::streamsize>(in_buf_.size()));
                in_buf_.resize(static_cast<std::size_t>(in_.gcount()));
                in_pos_ = 0;
                if (in_buf_.empty()) return false;
            }
            std::array<char, 1 << 16> buf{};
            ZSTD_inBuffer i{in_buf_.data(), in_buf_.size(), in_pos_};
            ZSTD_outBuffer o{buf.data(), buf.size(), 0};
            const std::size_t r = ZSTD_decompressStream(ctx_, &o, &i);
            in_pos_ = i.pos;
            last_ = r;
            if (ZSTD_isError(r)) {
                error = std::string("not a zstd stream: ") + ZSTD_getErrorName(r);
                return false;
            }
            have_.assign(buf.data(), o.pos);
        }
        return true;
    }

    std::istream& in_;
    ZSTD_DCtx* ctx_;
    std::string in_buf_;
    std::size_t in_pos_ = 0;
    std::string have_;
    std::size_t pos_ = 0;
    std::size_t last_ = 1;  // ZSTD_decompressStream's last answer: 0 at the end of a frame
};

struct ManifestEntry {
    std::string sha256;
    std::uint64_t size = 0;
};

}  // namespace

core::Result<RestoredBackup, std::string> unpack_backup(std::istream& in, const fs::path& dir) {
    Decompressed z(in);
    std::map<std::string, ManifestEntry> seen;  // file name -> what its bytes were
    std::string manifest;
    std::string block, data;
    const auto fail = [&](const std::string& what) {
        return core::unexpected(z.error.empty() ? what : "damaged, or not a backup: " + z.error);
    };
    for (;;) {
        if (!z.read(block, Block)) return fail("the backup ends early: no end of archive");
        if (block == std::string(Block, '\0')) {
            if (!z.finish()) return fail("the backup's compressed stream does not end cleanly");
            break;
        }
        if (std::memcmp(block.data() + 257, "ustar", 5) != 0)
            return fail("not a crazykrieg backup (no ustar header)");
        std::uint64_t stored = 0, size = 0, mode = 0;
        if (!parse_octal(block.data() + 148, 8, stored) || stored != checksum(block.data()))
            return fail("a damaged header in the backup (checksum)");
        if (!parse_octal(block.data() + 124, 12, size) || !parse_octal(block.data() + 100, 8, mode))
            return fail("a damaged header in the backup (size or mode)");
        std::string name = field_text(block.data(), 100);
        if (const std::string prefix = field_text(block.data() + 345, 155); !prefix.empty())
            name = prefix + "/" + name;
        const char type = block[156];
        if (type == '5') {
            while (!name.empty() && name.back() == '/') name.pop_back();
            if (!safe_name(name)) return fail("an unsafe name in the backup: " + name);
            std::error_code ec;
            fs::create_directories(dir / name, ec);
            if (ec) return fail("cannot create " + (dir / name).string() + ": " + ec.message());
            continue;
        }
        if (type != '0' && type != '\0')
            return fail("an entry that is not a file or directory in the backup: " + name);
        if (!safe_name(name)) return fail("an unsafe name in the backup: " + name);
        if (!z.read(data, static_cast<std::size_t>(size)))
            return fail("the backup ends early, inside " + name);
        if (size % Block != 0 && !z.read(block, Block - size % Block))
            return fail("the backup ends early, after " + name);
        if (name == ManifestName) {
            manifest = data;
            continue;
        }
        if (seen.count(name) != 0) return fail("a file twice in the backup: " + name);
        seen[name] = {core::sha256_hex(data), size};
        const fs::path target = dir / name;
        std::error_code ec;
        fs::create_directories(target.parent_path(), ec);
        std::ofstream out(target, std::ios::binary | std::ios::trunc);
        out.write(data.data(), static_cast<std::streamsize>(data.size()));
        out.close();
        if (!out) return fail("cannot write " + target.string());
        fs::permissions(target, static_cast<fs::perms>(mode & 0777), ec);
    }
    // The MANIFEST: the format line, header lines, then every file with its hash and size.
    RestoredBackup r;
    std::istringstream lines(manifest);
    std::string line;
    if (!std::getline(lines, line) || line != FormatLine)
        return fail("the backup has no MANIFEST of a crazykrieg backup");
    std::set<std::string> listed;
    while (std::getline(lines, line)) {
        if (line.rfind("file ", 0) != 0) {
            const std::size_t sp = line.find(' ');
            r.manifest[line.substr(0, sp)] = sp == std::string::npos ? "" : line.substr(sp + 1);
            continue;
        }
        std::istringstream f(line.substr(5));
        ManifestEntry want;
        std::string name;
        f >> want.sha256 >> want.size;
        std::getline(f >> std::ws, name);
        const auto got = seen.find(name);
        if (got == seen.end()) return fail("a file the MANIFEST lists is missing: " + name);
        if (got->second.size != want.size || got->second.sha256 != want.sha256)
            return fail("a file does not match the MANIFEST (damaged backup): " + name);
        listed.insert(name);
    }
    for (const auto& [name, entry] : seen)
        if (listed.count(name) == 0) return fail("a file the MANIFEST does not list: " + name);
    r.files = seen.size();
    return r;
}

}  // namespace ck::cli
