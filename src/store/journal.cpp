#include "store/journal.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "core/decimal.hpp"
#include "store/crc32c.hpp"

namespace ck::store {
namespace {

constexpr std::string_view Magic = "ck-journal 4";
constexpr std::string_view MagicV3 = "ck-journal 3";
constexpr std::string_view MagicV2 = "ck-journal 2";
constexpr std::string_view MagicV1 = "ck-journal 1";
constexpr std::string_view Suffix = ".tx";

// Appends "HEAD LEN\n<bytes>\n"; returns where the bytes start in `out`.
std::size_t put_blob(std::string& out, std::string_view head, std::string_view bytes) {
    out += head;
    out += ' ';
    out += std::to_string(bytes.size());
    out += '\n';
    const std::size_t at = out.size();
    out += bytes;
    out += '\n';
    return at;
}

// Splits "a b c" into words; false if the count differs from `n`.
bool split(std::string_view line, size_t n, std::vector<std::string_view>& words) {
    words.clear();
    size_t pos = 0;
    while (pos <= line.size()) {
        const size_t sp = line.find(' ', pos);
        const size_t end = sp == std::string_view::npos ? line.size() : sp;
        words.push_back(line.substr(pos, end - pos));
        if (sp == std::string_view::npos) break;
        pos = sp + 1;
    }
    return words.size() == n;
}

core::Unexpected<std::string> bad(const std::string& what) {
    return core::unexpected("bad journal: " + what);
}

// Where a legacy file record (`file 0 NAME`, journal.hpp) put its file: under this directory
// of the store's root, NAME being "<tournament>/<file>", both parts valid_game_file_name.
constexpr const char* LegacyFileDir = "tournaments";

bool valid_legacy_file_name(std::string_view name) {
    const auto slash = name.find('/');
    return slash != std::string_view::npos &&
           valid_game_file_name(std::string(name.substr(0, slash))) &&
           valid_game_file_name(std::string(name.substr(slash + 1)));
}

// The next-game counter of a header (fixed width, leading zeros: journal_header_fixed); a
// counter of 0 reads as 1, as the store has always taken it.
bool parse_counter(std::string_view s, GameId& out) {
    std::uint64_t n = 0;
    if (!core::parse_decimal(s, n)) return false;
    out = GameId(std::max<std::uint64_t>(n, 1));
    return true;
}

// Longest header line a journal holds (a file name or record key and three numbers).
constexpr std::size_t MaxLine = 512;

}  // namespace

void encode_journal_entries(const JournalRecord& r, std::string& out,
                            std::vector<std::size_t>* file_offsets,
                            std::vector<std::size_t>* mail_offsets) {
    // Room for every entry at once, so that the mails and files of a commit are copied in once
    // and not again each time the buffer grows (README "Benchmarks", the serve row); a group's
    // buffer (group_journal.hpp) grows at least twofold, as appending would. Slack: an entry's
    // words, numbers and line ends beside its name or key.
    constexpr std::size_t Slack = 128;
    std::size_t room = out.size();
    for (const auto& f : r.files) room += f.name.size() + f.bytes.size() + Slack;
    for (const auto& rec : r.records)
        room += rec.key.size() + (rec.bytes ? rec.bytes->size() : 0) + Slack;
    for (const auto& id : r.seen) room += id.size() + Slack;
    for (const auto& m : r.mails) room += m.spool_bytes.size() + Slack;
    if (room > out.capacity()) out.reserve(std::max(room, 2 * out.capacity()));
    for (const auto& f : r.files) {
        const std::string head = to_string(f.game) + " " + f.name;
        const std::size_t at =
            f.keep == 0 ? put_blob(out, "file " + head, f.bytes)
                        : put_blob(out, "tail " + head + " " + std::to_string(f.keep), f.bytes);
        if (file_offsets) file_offsets->push_back(at);
    }
    for (const auto& rec : r.records) {
        const std::string head = std::string(namespace_name(rec.ns)) + " " + rec.key;
        if (rec.bytes) {
            put_blob(out, "put " + head, *rec.bytes);
        } else {
            out += "erase " + head + "\n";
        }
    }
    for (const auto& id : r.seen) put_blob(out, "seen", id);
    for (const auto& m : r.mails) {
        const std::size_t at = put_blob(out, "mail " + std::to_string(m.seq), m.spool_bytes);
        if (mail_offsets) mail_offsets->push_back(at);
    }
}

std::string journal_end_line(std::uint32_t entries_crc, GameId next_game) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "end %08x\n",
                  static_cast<unsigned>(crc32c(entries_crc, to_string(next_game))));
    return buf;
}

std::string encode_journal(const JournalRecord& r) {
    std::string out;
    out += Magic;
    out += "\nnext-game " + to_string(r.next_game) + "\n";
    const std::size_t entries = out.size();
    encode_journal_entries(r, out);
    const std::uint32_t crc =
        crc32c(0, std::string_view(out).substr(entries, out.size() - entries));
    out += journal_end_line(crc, r.next_game);
    return out;
}

std::string journal_header_fixed(std::optional<GameId> next_game) {
    char digits[32];
    std::snprintf(digits, sizeof digits, "%020llu",
                  static_cast<unsigned long long>(next_game ? next_game->number() : 0));
    std::string out = std::string(Magic) + "\nnext-game " + digits + "\n";
    return out;
}

bool JournalReader::line(std::string& out) {
    out.clear();
    for (;;) {
        const int c = getc_unlocked(in_);
        if (c == EOF) return false;
        if (c == '\n') {
            // An end line is not summed; nothing follows it.
            if (summing_ && out.compare(0, 3, "end") != 0) {
                crc_ = crc32c(crc_, out);
                crc_ = crc32c(crc_, "\n");
            }
            return true;
        }
        if (out.size() == MaxLine) return false;
        out += static_cast<char>(c);
    }
}

// Reads `len` bytes and the '\n' after them, in pieces: a damaged length fails at the end of
// the file instead of allocating it.
bool JournalReader::blob(std::uint64_t len, std::string& out) {
    constexpr std::uint64_t Piece = 1 << 20;
    out.clear();
    while (out.size() < len) {
        const std::size_t have = out.size();
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(Piece, len - have));
        out.resize(have + n);
        if (std::fread(out.data() + have, 1, n, in_) != n) return false;
    }
    if (summing_) {
        crc_ = crc32c(crc_, out);
        crc_ = crc32c(crc_, "\n");
    }
    return getc_unlocked(in_) == '\n';
}

core::Result<GameId, std::string> JournalReader::header() {
    std::vector<std::string_view> w;
    if (!line(line_) ||
        (line_ != Magic && line_ != MagicV3 && line_ != MagicV2 && line_ != MagicV1))
        return bad("no header");
    checked_ = line_ == Magic || line_ == MagicV3;
    tails_ = line_ == Magic;
    GameId next_game(1);
    if (!line(line_) || !split(line_, 2, w) || w[0] != "next-game" ||
        !parse_counter(w[1], next_game)) {
        return bad("no next-game line");
    }
    next_game_ = next_game;
    summing_ = true;
    crc_ = 0;
    return next_game;
}

core::Result<bool, std::string> JournalReader::next(JournalRecord& r, std::size_t budget) {
    std::vector<std::string_view> w;
    std::size_t read = 0;
    while (read < budget) {
        if (!line(line_)) return bad("truncated (no end line)");
        if (line_.compare(0, 3, "end") == 0) {
            if (checked_ ? line_ + "\n" != journal_end_line(crc_, next_game_) : line_ != "end") {
                return bad(checked_ && line_.size() == 12 ? "checksum mismatch (torn or damaged)"
                                                          : "bad end line");
            }
            if (getc_unlocked(in_) != EOF) return bad("data after end line");
            return true;
        }
        std::uint64_t len = 0;
        if (split(line_, 4, w) && w[0] == "file" && w[1] == "0") {  // a legacy file record
            LegacyFileWrite f;
            if (!core::parse_decimal(w[3], len)) return bad("bad file record");
            if (!valid_legacy_file_name(w[2])) return bad("bad file name");
            f.path = std::filesystem::path(LegacyFileDir) / std::string(w[2]);
            if (!blob(len, f.bytes)) return bad("bad file record");
            r.legacy_files.push_back(std::move(f));
        } else if (split(line_, 4, w) && w[0] == "file") {
            const auto game = core::game_id_in(w[1]);
            if (!game || !core::parse_decimal(w[3], len)) return bad("bad file record");
            FileWrite f{*game, std::string(w[2]), {}};
            if (!valid_game_file_name(f.name)) return bad("bad file name");
            if (!blob(len, f.bytes)) return bad("bad file record");
            r.files.push_back(std::move(f));
        } else if (tails_ && split(line_, 5, w) && w[0] == "tail") {
            const auto game = core::game_id_in(w[1]);
            std::uint64_t keep = 0;
            if (!game || !core::parse_decimal(w[3], keep) || keep == 0 ||
                !core::parse_decimal(w[4], len)) {
                return bad("bad tail record");
            }
            FileWrite f{*game, std::string(w[2]), {}, keep};
            if (!valid_game_file_name(f.name)) return bad("bad file name");
            if (!blob(len, f.bytes)) return bad("bad tail record");
            r.files.push_back(std::move(f));
        } else if (split(line_, 4, w) && w[0] == "put") {
            const auto ns = namespace_of(w[1]);
            std::string key(w[2]);
            std::string bytes;
            if (!ns || !valid_record_key(key) || !core::parse_decimal(w[3], len) ||
                !blob(len, bytes)) {
                return bad("bad put record");
            }
            r.records.push_back(RecordWrite{*ns, std::move(key), std::move(bytes)});
        } else if (split(line_, 3, w) && w[0] == "erase") {
            const auto ns = namespace_of(w[1]);
            if (!ns || !valid_record_key(w[2])) return bad("bad erase record");
            r.records.push_back(RecordWrite{*ns, std::string(w[2]), std::nullopt});
        } else if (split(line_, 2, w) && w[0] == "seen") {
            std::string id;
            if (!core::parse_decimal(w[1], len) || !blob(len, id)) return bad("bad seen record");
            r.seen.push_back(std::move(id));
        } else if (split(line_, 3, w) && w[0] == "mail") {
            JournalMail m;
            const long here = std::ftell(in_);
            m.at = here < 0 ? 0 : static_cast<std::uint64_t>(here);
            if (!core::parse_decimal(w[1], m.seq) || m.seq == 0 ||
                !core::parse_decimal(w[2], len) || !blob(len, m.spool_bytes)) {
                return bad("bad mail record");
            }
            r.mails.push_back(std::move(m));
        } else {
            return bad("unknown record '" + line_.substr(0, 40) + "'");
        }
        read += len + line_.size();
    }
    return false;
}

core::Result<JournalRecord, std::string> parse_journal(std::string_view bytes) {
    if (bytes.empty()) return bad("no header");
    std::FILE* in = ::fmemopen(const_cast<char*>(bytes.data()), bytes.size(), "r");
    if (!in) return bad("cannot read");
    JournalReader reader(in);
    JournalRecord r;
    auto next_game = reader.header();
    auto done = next_game ? reader.next(r, SIZE_MAX) : core::Result<bool, std::string>(false);
    std::fclose(in);
    if (!next_game) return core::unexpected(next_game.error());
    if (!done) return core::unexpected(done.error());
    r.next_game = *next_game;
    return r;
}

core::Result<GameId, core::IoError> read_journal(
    const std::filesystem::path& file,
    const std::function<core::Result<void, core::IoError>(JournalRecord& part)>& part) {
    const std::string name = file.string();
    std::FILE* in = std::fopen(name.c_str(), "rbe");
    if (!in) return core::unexpected(core::io_error_from_errno(errno, name, "cannot open"));
    struct Close {
        std::FILE* f;
        ~Close() { std::fclose(f); }
    } close{in};
    auto damaged = [&](const std::string& what) {
        const int err = std::ferror(in) ? errno : 0;
        if (err != 0) return core::unexpected(core::io_error_from_errno(err, name, "cannot read"));
        return core::unexpected(
            core::IoError{std::make_error_code(std::errc::invalid_argument), name, what});
    };
    JournalReader reader(in);
    auto next_game = reader.header();
    if (!next_game) return damaged(next_game.error());
    JournalRecord r;
    for (;;) {
        auto done = reader.next(r, JournalPartBytes);
        if (!done) return damaged(done.error());
        if (auto handed = part(r); !handed) return core::unexpected(handed.error());
        if (*done) return *next_game;
        r = JournalRecord{};
    }
}

std::string journal_file_name(std::uint64_t txid) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%020llu", static_cast<unsigned long long>(txid));
    return std::string(buf) + std::string(Suffix);
}

std::uint64_t txid_of(std::string_view name) {
    if (name.size() != 20 + Suffix.size() || name.substr(20) != Suffix) return 0;
    std::uint64_t id = 0;
    return core::parse_decimal(name.substr(0, 20), id) ? id : 0;
}

}  // namespace ck::store
