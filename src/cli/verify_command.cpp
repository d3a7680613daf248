// crazykrieg verify RECORD.pgn [--receipts FILE] (README "Fairness receipts"): replays a finished
// hidden game's referee record with its revealed salt, recomputes the receipt of every ply and
// checks (a) each `[%commit]` the record holds and (b) each receipt the player kept in FILE
// (their own player record, or "N HEX" / "Receipt (ply N): HEX" lines copied from their mails).
// Exit 0 with a summary when all match, 1 with the first mismatching ply, 2 on usage errors or
// unreadable files.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "cli/command.hpp"
#include "pgn/referee_record.hpp"

namespace ck::cli {
namespace {

bool read_all(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream s;
    s << in.rdbuf();
    out = s.str();
    return static_cast<bool>(in) || in.eof();
}

int run_verify(const Args& args) {
    namespace po = boost::program_options;
    std::string record_path, receipts_path;
    po::options_description opts("crazykrieg verify RECORD.pgn [options]");
    opts.add_options()("help,h", "show this help")(
        "receipts", po::value<std::string>(&receipts_path),
        "FILE with your receipts: your player record (.pgn) or lines 'N HEX' / "
        "'Receipt (ply N): HEX' copied from your mails");
    po::options_description hidden;
    hidden.add_options()("record", po::value<std::string>(&record_path));
    po::variables_map vm;
    if (auto done = parse_options_with_operands(
            "verify", args, opts, hidden, "record", 1, vm,
            "RECORD.pgn is the referee's full record of a finished hidden game (the "
            "game-end mail's attachment). Exit 0 all receipts match, 1 a mismatch or "
            "a record that does not verify, 2 usage error or unreadable file.\n"))
        return *done;
    if (record_path.empty()) return usage_error("verify", "no RECORD.pgn given");

    std::string text;
    if (!read_all(record_path, text)) return usage_error("verify", "cannot read " + record_path);
    auto checked = pgn::verify_commitments(text);
    if (!checked) {
        const auto& e = checked.error();
        std::cout << record_path << ": REJECTED";
        if (e.ply > 0) std::cout << " at ply " << e.ply;
        if (e.line > 0) std::cout << " (line " << e.line << ")";
        std::cout << ": " << e.message << "\n";
        return ExitFailure;
    }
    const pgn::CommitmentCheck& c = *checked;

    int mine = 0;
    if (!receipts_path.empty()) {
        std::string rtext;
        if (!read_all(receipts_path, rtext))
            return usage_error("verify", "cannot read " + receipts_path);
        auto receipts = pgn::read_receipts(rtext);
        if (!receipts) return usage_error("verify", receipts_path + ": " + receipts.error());
        if (receipts->empty())
            return usage_error("verify",
                               receipts_path +
                                   ": no receipts found in it (a receipt is a line \"Receipt "
                                   "(ply N): HEX\" as the mails show it, or \"N HEX\", with "
                                   "HEX 64 hex digits; a shorter one is not read)");
        if (auto bad = pgn::first_mismatch(c, *receipts)) {
            std::cout << record_path << ": REJECTED at ply " << bad->ply << ": your receipt "
                      << bad->hex << " (" << receipts_path << " line " << bad->line << ") ";
            if (bad->ply > c.check.plies)
                std::cout << "is for a ply the record never reaches (it has " << c.check.plies
                          << " plies)\n";
            else
                std::cout << "does not match the record, which gives "
                          << c.commitments[static_cast<std::size_t>(bad->ply)] << "\n";
            return ExitFailure;
        }
        mine = static_cast<int>(receipts->size());
    }
    std::cout << record_path << ": OK: " << c.check.plies << " plies, result " << c.check.result
              << "; " << c.recorded << " receipt" << (c.recorded == 1 ? "" : "s")
              << " in the record match";
    if (!receipts_path.empty())
        std::cout << "; " << mine << " of your receipt" << (mine == 1 ? "" : "s") << " match";
    std::cout << "\n";
    return ExitOk;
}

}  // namespace

Command verify_command() {
    return {"verify",
            "check a finished hidden game's fairness receipts (RECORD.pgn [--receipts FILE])",
            run_verify};
}
}  // namespace ck::cli
