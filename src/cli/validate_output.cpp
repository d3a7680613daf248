// `crazykrieg validate` output (contract in validate_output.hpp).
#include "cli/validate_output.hpp"

#include "core/text.hpp"

namespace ck::cli {
namespace {

void append_json_string(std::string& out, std::string_view s) { out += core::json_string(s); }

// {"a":1,"b":2}
void append_json_counts(std::string& out, const std::map<std::string, std::uint64_t>& counts) {
    out += '{';
    bool first = true;
    for (const auto& [name, n] : counts) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, name);
        out += ':' + std::to_string(n);
    }
    out += '}';
}

// "  LABEL: a 1, b 2\n" (nothing when empty)
void append_text_counts(std::string& out, std::string_view label,
                        const std::map<std::string, std::uint64_t>& counts) {
    if (counts.empty()) return;
    out += "  ";
    out += label;
    out += ':';
    bool first = true;
    for (const auto& [name, n] : counts) {
        out += first ? " " : ", ";
        first = false;
        out += name + ' ' + std::to_string(n);
    }
    out += '\n';
}

void append_json_totals(std::string& out, const Totals& t) {
    out += "\"games\":" + std::to_string(t.games) + ",\"valid\":" + std::to_string(t.valid) +
           ",\"invalid\":" + std::to_string(t.invalid);
}

}  // namespace

void Totals::add(const pgn::GameVerdict& v) {
    ++games;
    ++(v.valid ? valid : invalid);
    ++variants[std::string(v.variant)];
    if (!v.valid) ++errors[std::string(pgn::kind_key(v.kind))];
}

void ValidateOutput::game(const std::string& file, std::uint64_t n, const pgn::GameVerdict& v) {
    if (json_) {
        buf_ += "{\"file\":";
        append_json_string(buf_, file);
        buf_ += ",\"game\":" + std::to_string(n);
        buf_ += v.valid ? ",\"valid\":true" : ",\"valid\":false";
        buf_ += ",\"ply\":" + std::to_string(v.ply);
        if (v.valid) {
            buf_ += ",\"line\":null,\"move\":null,\"error\":null}\n";
        } else {
            buf_ += ",\"line\":" + std::to_string(v.line) + ",\"move\":";
            if (v.move.empty()) {
                buf_ += "null";
            } else {
                append_json_string(buf_, v.move);
            }
            buf_ += ",\"error\":";
            append_json_string(buf_, v.error);
            buf_ += "}\n";
        }
    } else if (!v.valid) {
        buf_ += file + ":" + std::to_string(v.line) + ": game " + std::to_string(n) + ", ply " +
                std::to_string(v.ply);
        if (!v.move.empty()) buf_ += " (" + v.move + ")";
        buf_ += ": " + v.error + "\n";
    }
    if (buf_.size() > (1 << 16)) flush();
}

void ValidateOutput::summary(const Totals& t, std::size_t files, double seconds) {
    double rate = seconds > 0 ? static_cast<double>(t.games) / seconds : 0.0;
    char s[32], r[32];
    std::snprintf(s, sizeof s, "%.2f", seconds);
    std::snprintf(r, sizeof r, "%.0f", rate);
    if (json_) {
        buf_ += "{\"summary\":{\"files\":" + std::to_string(files) + ',';
        append_json_totals(buf_, t);
        buf_ += ",\"seconds\":" + std::string(s) + ",\"games_per_second\":" + r + ",\"variants\":";
        append_json_counts(buf_, t.variants);
        buf_ += ",\"errors\":";
        append_json_counts(buf_, t.errors);
        buf_ += "}}\n";
    } else {
        buf_ += std::to_string(t.games) + " games, " + std::to_string(t.valid) + " valid, " +
                std::to_string(t.invalid) + " invalid in " + s + " s (" + r + " games/s)\n";
        append_text_counts(buf_, "variants", t.variants);
        append_text_counts(buf_, "errors", t.errors);
    }
    flush();
}

void ValidateOutput::block_summary(const Totals& t) {
    buf_ += "{\"block\":{";
    append_json_totals(buf_, t);
    buf_ += ",\"variants\":";
    append_json_counts(buf_, t.variants);
    buf_ += ",\"errors\":";
    append_json_counts(buf_, t.errors);
    buf_ += "}}\n";
    flush();
}

void ValidateOutput::flush() {
    std::fwrite(buf_.data(), 1, buf_.size(), stdout);
    std::fflush(stdout);
    buf_.clear();
}

}  // namespace ck::cli
