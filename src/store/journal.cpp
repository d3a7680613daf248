#include "store/journal.hpp"

#include <cstdio>

#include "store/decimal.hpp"

namespace ck::store {
namespace {

constexpr std::string_view Magic = "ck-journal 2";
constexpr std::string_view MagicV1 = "ck-journal 1";
constexpr std::string_view Suffix = ".tx";

void put_blob(std::string& out, std::string_view head, std::string_view bytes) {
    out += head;
    out += ' ';
    out += std::to_string(bytes.size());
    out += '\n';
    out += bytes;
    out += '\n';
}

// Reads journal text front to back.
class Cursor {
public:
    explicit Cursor(std::string_view s) : s_(s) {}
    bool line(std::string_view& out) {
        const size_t eol = s_.find('\n', pos_);
        if (eol == std::string_view::npos) return false;
        out = s_.substr(pos_, eol - pos_);
        pos_ = eol + 1;
        return true;
    }
    bool blob(std::uint64_t len, std::string& out) {
        if (len > s_.size() - pos_ || s_.size() - pos_ - len < 1 || s_[pos_ + len] != '\n') {
            return false;
        }
        out.assign(s_.substr(pos_, len));
        pos_ += len + 1;
        return true;
    }
    bool at_end() const { return pos_ == s_.size(); }

private:
    std::string_view s_;
    size_t pos_ = 0;
};

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

}  // namespace

std::string encode_journal(const JournalRecord& r) {
    std::string out;
    out += Magic;
    out += "\nnext-game " + std::to_string(r.next_game) + "\n";
    for (const auto& f : r.files) {
        put_blob(out, "file " + std::to_string(f.game) + " " + f.name, f.bytes);
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
    for (const auto& m : r.mails) put_blob(out, "mail " + std::to_string(m.seq), m.spool_bytes);
    out += "end\n";
    return out;
}

core::Result<JournalRecord, std::string> parse_journal(std::string_view bytes) {
    auto bad = [](std::string what) { return core::unexpected("bad journal: " + what); };
    JournalRecord r;
    Cursor in(bytes);
    std::string_view line;
    std::vector<std::string_view> w;
    if (!in.line(line) || (line != Magic && line != MagicV1)) return bad("no header");
    if (!in.line(line) || !split(line, 2, w) || w[0] != "next-game" ||
        !parse_decimal(w[1], r.next_game)) {
        return bad("no next-game line");
    }
    for (;;) {
        if (!in.line(line)) return bad("truncated (no end line)");
        if (line == "end") break;
        std::uint64_t len = 0;
        if (split(line, 4, w) && w[0] == "file") {
            FileWrite f;
            if (!parse_decimal(w[1], f.game) || !parse_decimal(w[3], len) ||
                !in.blob(len, f.bytes)) {
                return bad("bad file record");
            }
            f.name = std::string(w[2]);
            if (f.game == 0 ? !valid_tournament_file_path(f.name) : !valid_game_file_name(f.name))
                return bad("bad file name");
            r.files.push_back(std::move(f));
        } else if (split(line, 4, w) && w[0] == "put") {
            const auto ns = namespace_of(w[1]);
            std::string bytes;
            if (!ns || !valid_record_key(w[2]) || !parse_decimal(w[3], len) ||
                !in.blob(len, bytes)) {
                return bad("bad put record");
            }
            r.records.push_back(RecordWrite{*ns, std::string(w[2]), std::move(bytes)});
        } else if (split(line, 3, w) && w[0] == "erase") {
            const auto ns = namespace_of(w[1]);
            if (!ns || !valid_record_key(w[2])) return bad("bad erase record");
            r.records.push_back(RecordWrite{*ns, std::string(w[2]), std::nullopt});
        } else if (split(line, 2, w) && w[0] == "seen") {
            std::string id;
            if (!parse_decimal(w[1], len) || !in.blob(len, id)) return bad("bad seen record");
            r.seen.push_back(std::move(id));
        } else if (split(line, 3, w) && w[0] == "mail") {
            JournalMail m;
            if (!parse_decimal(w[1], m.seq) || m.seq == 0 || !parse_decimal(w[2], len) ||
                !in.blob(len, m.spool_bytes)) {
                return bad("bad mail record");
            }
            r.mails.push_back(std::move(m));
        } else {
            return bad("unknown record '" + std::string(line.substr(0, 40)) + "'");
        }
    }
    if (!in.at_end()) return bad("data after end line");
    return r;
}

std::string journal_file_name(std::uint64_t txid) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%020llu", static_cast<unsigned long long>(txid));
    return std::string(buf) + std::string(Suffix);
}

std::uint64_t txid_of(std::string_view name) {
    if (name.size() != 20 + Suffix.size() || name.substr(20) != Suffix) return 0;
    std::uint64_t id = 0;
    return parse_decimal(name.substr(0, 20), id) ? id : 0;
}

}  // namespace ck::store
