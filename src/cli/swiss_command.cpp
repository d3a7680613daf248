// crazykrieg swiss pair|check|simulate (README "Swiss pairings", docs/cli.md): the FIDE Dutch
// pairing engine on tournament report files.
//   pair TRF [--out FILE]   pairs the next round; prints (or writes) what bbpPairings' -p writes:
//                           the number of pairs, then "WHITE BLACK" per board, "N 0" for the
//                           pairing-allocated bye
//   check TRF               re-pairs every round of the file from the rounds before it and
//                           reports each round where the file's pairing breaks an absolute
//                           criterion or differs from the engine's; exit 1 if any
//   simulate --players N --rounds R [--played K] [--seed S] [--out FILE]
//            [--byes P] [--withdrawals P] [--forfeits P] [--late P] [--draws P]
//                           a random event paired with the engine, as a TRF after K rounds;
//                           the percentages as swiss::SimulationOptions documents them
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "cli/command.hpp"
#include "core/atomic_file.hpp"
#include "swiss/check.hpp"
#include "swiss/dutch.hpp"
#include "swiss/simulate.hpp"
#include "swiss/trf.hpp"

namespace ck::cli {
namespace {

constexpr const char* Usage =
    "usage: crazykrieg swiss pair TRF [--out FILE]\n"
    "       crazykrieg swiss check TRF\n"
    "       crazykrieg swiss simulate --players N --rounds R [--played K] [--seed S] "
    "[--out FILE]\n"
    "                [--byes P] [--withdrawals P] [--forfeits P] [--late P] [--draws P]\n";

int usage(const std::string& message) { return usage_error("swiss", message); }

int fail(const std::string& message) {
    std::cerr << "crazykrieg swiss: " << message << "\n";
    return ExitFailure;
}

core::Result<swiss::Event, std::string> load(const std::string& path) {
    auto text = core::read_file(path);
    if (!text) return core::unexpected(text.error().describe());
    auto event = swiss::read_trf(*text, path);
    if (!event) return core::unexpected(event.error().detail);
    return std::move(*event);
}

int emit(const std::string& text, const std::string& out) {
    if (out.empty()) {
        std::cout << text;
        return ExitOk;
    }
    auto w = core::write_file_atomic(out, text);
    if (!w) return fail(w.error().describe());
    return ExitOk;
}

std::string pairing_text(const swiss::RoundPairing& p) {
    std::ostringstream s;
    s << p.boards.size() + (p.bye != 0 ? 1 : 0) << "\n";
    for (const auto& b : p.boards) s << b.white << " " << b.black << "\n";
    if (p.bye != 0) s << p.bye << " 0\n";
    return s.str();
}

int swiss_pair(const std::string& file, const std::string& out) {
    auto event = load(file);
    if (!event) return fail(event.error());
    auto pairing = swiss::pair_dutch(*event);
    if (!pairing) return fail(file + ": " + pairing.error().detail);
    return emit(pairing_text(*pairing), out);
}

// The file's own pairing of round `round` (1-based).
swiss::RoundPairing pairing_in_file(const swiss::Event& event, int round) {
    swiss::RoundPairing p;
    for (const auto& player : event.players) {
        const auto& e = player.round(round);
        if (e.outcome == swiss::Outcome::PairingBye) p.bye = player.number;
        if (e.opponent != 0 && e.colour == swiss::Colour::White)
            p.boards.push_back({player.number, e.opponent});
        if (e.opponent != 0 && e.colour == swiss::Colour::None && player.number < e.opponent)
            p.boards.push_back({player.number, e.opponent});
    }
    return p;
}

// The event as it stood before round `round` was paired: later rounds dropped, and the round's
// own entries kept only for players who were not paired in it (requested byes, absences).
swiss::Event before_round(const swiss::Event& event, int round) {
    swiss::Event e = event;
    for (auto& p : e.players) {
        if (static_cast<int>(p.rounds.size()) >= round) {
            const auto entry = p.rounds[static_cast<std::size_t>(round - 1)];
            p.rounds.resize(static_cast<std::size_t>(round - 1));
            const bool paired = entry.opponent != 0 || entry.outcome == swiss::Outcome::PairingBye;
            if (!paired && entry.outcome != swiss::Outcome::Absent) p.rounds.push_back(entry);
        }
    }
    return e;
}

int swiss_check(const std::string& file) {
    auto event = load(file);
    if (!event) return fail(event.error());
    const int rounds = event->rounds_paired();
    int bad = 0;
    for (int r = 1; r <= rounds; ++r) {
        const swiss::Event before = before_round(*event, r);
        const swiss::RoundPairing actual = pairing_in_file(*event, r);
        for (const auto& problem : swiss::check_round(before, actual)) {
            std::cout << file << ": " << problem << "\n";
            ++bad;
        }
        auto engine = swiss::pair_dutch(before);
        if (!engine) {
            std::cout << file << ": " << engine.error().detail << "\n";
            ++bad;
            continue;
        }
        auto pairs = [](const swiss::RoundPairing& p) {
            std::set<std::pair<int, int>> s;
            for (const auto& b : p.boards) s.insert({b.white, b.black});
            return s;
        };
        if (pairs(*engine) != pairs(actual) || engine->bye != actual.bye) {
            std::cout << file << ": round " << r << ": the Dutch pairing would be:\n"
                      << pairing_text(*engine);
            ++bad;
        }
    }
    if (bad == 0)
        std::cout << file << ": " << rounds
                  << " rounds, every pairing as the Dutch rules give it\n";
    return bad == 0 ? ExitOk : ExitFailure;
}

// A percentage 0..100 (throws like std::stoi on anything else).
int percent(const std::string& v) {
    const int p = std::stoi(v);
    if (p < 0 || p > 100) throw std::out_of_range(v);
    return p;
}

int swiss_simulate(const std::vector<std::string>& rest) {
    swiss::SimulationOptions o;
    std::string out;
    int played = -1;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string& a = rest[i];
        if (i + 1 >= rest.size()) return usage(a + " needs a value");
        const std::string& v = rest[++i];
        try {
            if (a == "--players")
                o.players = std::stoi(v);
            else if (a == "--rounds")
                o.rounds = std::stoi(v);
            else if (a == "--played")
                played = std::stoi(v);
            else if (a == "--seed")
                o.seed = std::stoull(v);
            else if (a == "--out")
                out = v;
            else if (a == "--byes")
                o.bye_percent = percent(v);
            else if (a == "--withdrawals")
                o.withdraw_percent = percent(v);
            else if (a == "--forfeits")
                o.forfeit_percent = percent(v);
            else if (a == "--late")
                o.late_entries_percent = percent(v);
            else if (a == "--draws")
                o.draw_percent = percent(v);
            else
                return usage("unexpected argument '" + a + "'");
        } catch (const std::exception&) {
            return usage(a + " needs a number, not '" + v + "'");
        }
    }
    if (o.players < 2 || o.players > 9999) return usage("--players must be 2..9999");
    if (o.rounds < 1 || o.rounds > 99) return usage("--rounds must be 1..99");
    if (played > o.rounds) return usage("--played must be at most --rounds");
    o.rounds_to_play = played;
    auto event = swiss::simulate(o);
    if (!event) return fail(event.error().detail);
    return emit(swiss::write_trf(*event), out);
}

int run_swiss(const Args& args) {
    std::vector<std::string> words, rest;
    std::string out;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::cout << Usage;
            return ExitOk;
        }
        if (!words.empty() && words[0] == "simulate") {
            rest.push_back(a);
        } else if (a == "--out") {
            if (i + 1 >= args.size()) return usage("--out needs a file");
            out = args[++i];
        } else if (a.size() > 1 && a[0] == '-') {
            return usage("unknown option '" + a + "'");
        } else {
            words.push_back(a);
        }
    }
    if (words.empty()) return usage("expected pair, check or simulate");
    if (words[0] == "simulate") return swiss_simulate(rest);
    if (words[0] != "pair" && words[0] != "check")
        return usage("unknown action '" + words[0] + "'");
    if (words.size() != 2) return usage(words[0] + " needs one TRF file");
    if (words[0] == "pair") return swiss_pair(words[1], out);
    if (!out.empty()) return usage("check takes no --out");
    return swiss_check(words[1]);
}

}  // namespace

Command swiss_command() {
    return {"swiss", "pair, check or simulate Swiss rounds on FIDE report files (Dutch system)",
            run_swiss};
}
}  // namespace ck::cli
