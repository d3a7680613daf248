// read_receipts (referee_record.hpp): the fairness receipts a player kept, from their record or
// from lines copied out of their mails.
#include <cctype>
#include <map>
#include <sstream>

#include "pgn/referee_record.hpp"
#include "pgn/referee_record_format.hpp"

namespace ck::pgn {
namespace {

bool hex64(std::string_view s) {
    if (s.size() != 64) return false;
    for (char c : s)
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

bool digits(std::string_view s) {
    if (s.empty() || s.size() > 6) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// Leading blanks and '>' quote marks of a mail reply, trailing blanks.
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '>'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

struct Collector {
    std::map<int, Receipt> by_ply;
    std::string error;
    bool add(int ply, std::string_view hex, int line) {
        Receipt r{ply, upper(hex), line};
        auto [at, fresh] = by_ply.emplace(ply, r);
        if (!fresh && at->second.hex != r.hex) {
            error = "line " + std::to_string(line) + ": a second, different receipt for ply " +
                    std::to_string(ply) + " (first on line " + std::to_string(at->second.line) +
                    ")";
            return false;
        }
        return true;
    }
};

}  // namespace

core::Result<std::vector<Receipt>, std::string> read_receipts(const std::string& text) {
    Collector got;
    if (text.find("[%commit") != std::string::npos) {
        std::vector<record::Annotation> found;
        std::string why;
        if (!record::parse_annotations(text, 1, found, &why)) return core::unexpected(why);
        for (const auto& a : found) {
            if (a.name != "commit") continue;
            if (a.args.size() != 2 || !digits(a.args[0]) || !hex64(a.args[1]))
                return core::unexpected("line " + std::to_string(a.line) +
                                        ": [%commit] needs a ply and 64 hex digits");
            if (!got.add(std::stoi(a.args[0]), a.args[1], a.line))
                return core::unexpected(got.error);
        }
    } else {
        std::istringstream in(text);
        std::string raw;
        int line = 0;
        int waiting = -1, waiting_line = 0;  // "Receipt (ply N):" seen: N and its line
        while (std::getline(in, raw)) {
            ++line;
            std::string_view s = trim(raw);
            if (s.empty() || s.front() == '#') continue;
            if (waiting >= 0) {
                if (!hex64(s))
                    return core::unexpected("line " + std::to_string(line) +
                                            ": 64 hex digits expected after the receipt of ply " +
                                            std::to_string(waiting));
                if (!got.add(waiting, s, waiting_line)) return core::unexpected(got.error);
                waiting = -1;
                continue;
            }
            const std::string_view tag = "Receipt (ply ";
            if (s.substr(0, tag.size()) == tag) {
                std::string_view rest = s.substr(tag.size());
                std::size_t close = rest.find("):");
                if (close == std::string_view::npos || !digits(rest.substr(0, close)))
                    return core::unexpected("line " + std::to_string(line) +
                                            ": expected 'Receipt (ply N): HEX'");
                const int ply = std::stoi(std::string(rest.substr(0, close)));
                std::string_view hex = trim(rest.substr(close + 2));
                if (hex.empty()) {
                    waiting = ply, waiting_line = line;
                } else if (!hex64(hex)) {
                    return core::unexpected("line " + std::to_string(line) +
                                            ": the receipt must be 64 hex digits");
                } else if (!got.add(ply, hex, line)) {
                    return core::unexpected(got.error);
                }
                continue;
            }
            // "N HEX"
            std::size_t sp = s.find_first_of(" \t");
            if (sp != std::string_view::npos && digits(s.substr(0, sp)) &&
                hex64(trim(s.substr(sp + 1)))) {
                if (!got.add(std::stoi(std::string(s.substr(0, sp))), trim(s.substr(sp + 1)), line))
                    return core::unexpected(got.error);
                continue;
            }
            // Anything else (the rest of a pasted mail) is not a receipt.
        }
        if (waiting >= 0)
            return core::unexpected("line " + std::to_string(waiting_line) +
                                    ": the receipt of ply " + std::to_string(waiting) +
                                    " has no hex digits");
    }
    std::vector<Receipt> out;
    for (auto& [ply, r] : got.by_ply) out.push_back(std::move(r));
    return out;
}

std::optional<Receipt> first_mismatch(const CommitmentCheck& check,
                                      const std::vector<Receipt>& receipts) {
    for (const Receipt& r : receipts) {
        if (r.ply < 0 || r.ply >= static_cast<int>(check.commitments.size())) return r;
        if (check.commitments[static_cast<std::size_t>(r.ply)] != r.hex) return r;
    }
    return std::nullopt;
}

}  // namespace ck::pgn
