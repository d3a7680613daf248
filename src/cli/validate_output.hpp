#pragma once
// What `crazykrieg validate` prints (docs/pgn.md, README "Validating databases"): a line
// (text: invalid games only) or a JSON object per game, then the summary with the counts per
// variant and per error kind. Shared by the command and by the per-block mode the Dask script
// (scripts/validate-dask.py) runs on its workers.
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>

#include "pgn/validator.hpp"

namespace ck::cli {

struct Totals {
    std::uint64_t games = 0, valid = 0, invalid = 0;
    std::map<std::string, std::uint64_t> variants;  // command-line name -> games
    std::map<std::string, std::uint64_t> errors;    // invalid.key spelling -> invalid games
    void add(const pgn::GameVerdict& v);
};

class ValidateOutput {
public:
    explicit ValidateOutput(bool json) : json_(json) { buf_.reserve(1 << 16); }
    ~ValidateOutput() { flush(); }
    ValidateOutput(const ValidateOutput&) = delete;
    ValidateOutput& operator=(const ValidateOutput&) = delete;

    void game(const std::string& file, std::uint64_t n, const pgn::GameVerdict& v);
    // Text: "G games, V valid, I invalid in S s (R games/s)", then "  variants: chess 3, ..."
    // and "  errors: illegal_move 1, ..." (each only when not empty). JSON: {"summary":{...}}
    // with "variants" and "errors" objects after the spec's fields.
    void summary(const Totals& t, std::size_t files, double seconds);
    // The counts alone as one JSON line {"block":{...}} (no time): what a worker of
    // scripts/validate-dask.py returns for its block.
    void block_summary(const Totals& t);
    void flush();

private:
    bool json_;
    std::string buf_;
};

}  // namespace ck::cli
