#include "swiss/trf.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

namespace ck::swiss {
namespace {

std::string trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

// Columns [from, to] (1-based, inclusive) of a line, trimmed; empty past the end.
std::string column(std::string_view line, std::size_t from, std::size_t to) {
    if (line.size() < from) return {};
    return trim(line.substr(from - 1, std::min(line.size(), to) - (from - 1)));
}

bool parse_int(const std::string& s, int& out) {
    if (s.empty()) return false;
    int v = 0;
    for (char c : s) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        v = v * 10 + (c - '0');
        if (v > 1000000) return false;
    }
    out = v;
    return true;
}

// "pp.p" (or "pp") as tenths.
bool parse_points(const std::string& s, int& out) {
    const auto dot = s.find('.');
    int whole = 0, tenth = 0;
    if (dot == std::string::npos) {
        if (!parse_int(s, whole)) return false;
    } else {
        if (dot != 0 && !parse_int(s.substr(0, dot), whole)) return false;
        const std::string frac = s.substr(dot + 1);
        if (frac.size() != 1 || !parse_int(frac, tenth)) return false;
    }
    out = whole * 10 + tenth;
    return true;
}

std::string points_text(int tenths) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d.%d", tenths / 10, tenths % 10);
    return buf;
}

core::Error line_error(std::string_view source, int line, const std::string& what) {
    return core::invalid_error(std::string(source) + ": line " + std::to_string(line) + ": " +
                               what);
}

// One 10-column round block of an 001 line, starting at 0-based index `at`.
core::Result<RoundEntry, std::string> read_round(std::string_view line, std::size_t at, int self) {
    auto char_at = [&](std::size_t i) { return i < line.size() ? line[i] : ' '; };
    RoundEntry e;
    const std::string opp = trim(line.substr(at, std::min<std::size_t>(4, line.size() - at)));
    int opponent = 0;
    if (!opp.empty() && !parse_int(opp, opponent))
        return core::unexpected(std::string("bad opponent '") + opp + "'");
    if (opponent == self) opponent = 0;
    const char colour =
        static_cast<char>(std::tolower(static_cast<unsigned char>(char_at(at + 5))));
    const char result =
        static_cast<char>(std::toupper(static_cast<unsigned char>(char_at(at + 7))));
    if (colour == 'w')
        e.colour = Colour::White;
    else if (colour == 'b')
        e.colour = Colour::Black;
    else if (colour != '-' && colour != ' ')
        return core::unexpected(std::string("bad colour '") + colour + "'");
    switch (result) {
        case '1':
        case 'W':
            e.outcome = Outcome::Win;
            break;
        case '=':
        case 'D':
            e.outcome = Outcome::Draw;
            break;
        case '0':
        case 'L':
            e.outcome = Outcome::Loss;
            break;
        case '+':
            e.outcome = Outcome::ForfeitWin;
            break;
        case '-':
            e.outcome = Outcome::ForfeitLoss;
            break;
        case 'U':
            e.outcome = Outcome::PairingBye;
            break;
        case 'H':
            e.outcome = Outcome::HalfBye;
            break;
        case 'F':
            e.outcome = Outcome::FullBye;
            break;
        case 'Z':
            e.outcome = Outcome::ZeroBye;
            break;
        case ' ':
            e.outcome = Outcome::Absent;
            break;
        default:
            return core::unexpected(std::string("bad result '") + result + "'");
    }
    if (is_played(e.outcome) || e.outcome == Outcome::ForfeitWin ||
        e.outcome == Outcome::ForfeitLoss) {
        if (opponent == 0) {
            // "0000 - -" and "0000 - +" are unplayed rounds without an opponent (TRF(x)).
            if (is_played(e.outcome))
                return core::unexpected(std::string("a game without an opponent"));
            e.outcome = e.outcome == Outcome::ForfeitWin ? Outcome::FullBye : Outcome::ZeroBye;
            e.colour = Colour::None;
        } else if (is_played(e.outcome) && e.colour == Colour::None) {
            return core::unexpected(std::string("a played game without a colour"));
        }
    } else {
        if (opponent != 0) return core::unexpected(std::string("a bye with an opponent"));
        e.colour = Colour::None;
    }
    e.opponent = opponent;
    return e;
}

}  // namespace

core::Result<Event, core::Error> read_trf(std::string_view text, std::string_view source) {
    Event event;
    bool pab_set = false;
    std::vector<Player> players;
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.size() < 3) continue;
        const std::string code = line.substr(0, 3);
        const std::string rest = line.size() > 3 ? trim(std::string_view(line).substr(3)) : "";
        if (code == "012") {
            event.name = rest;
        } else if (code == "XXR" || code == "142") {
            if (!parse_int(rest, event.total_rounds) || event.total_rounds == 0)
                return core::unexpected(
                    line_error(source, number, "bad number of rounds '" + rest + "'"));
        } else if (code == "XXC") {
            if (rest.find("black1") != std::string::npos)
                event.initial_colour = Colour::Black;
            else if (rest.find("white1") != std::string::npos)
                event.initial_colour = Colour::White;
        } else if (code == "152") {
            if (rest == "B")
                event.initial_colour = Colour::Black;
            else if (rest == "W")
                event.initial_colour = Colour::White;
            else
                return core::unexpected(
                    line_error(source, number, "bad initial colour '" + rest + "'"));
        } else if (code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" ||
                   code == "BBF" || code == "BBU") {
            int v = 0;
            if (!parse_points(rest, v))
                return core::unexpected(line_error(source, number, "bad points '" + rest + "'"));
            auto& ps = event.points;
            if (code == "BBW") {
                ps.win = ps.full_bye = v;
                if (!pab_set) ps.pairing_bye = v;
            } else if (code == "BBD") {
                ps.draw = ps.half_bye = v;
            } else if (code == "BBL") {
                ps.loss = v;
            } else if (code == "BBZ") {
                ps.zero_bye = v;
            } else if (code == "BBF") {
                ps.forfeit_loss = v;
            } else {
                ps.pairing_bye = v;
                pab_set = true;
            }
        } else if (code == "001") {
            Player p;
            if (!parse_int(column(line, 5, 8), p.number) || p.number == 0)
                return core::unexpected(
                    line_error(source, number, "bad start number '" + column(line, 5, 8) + "'"));
            p.sex = column(line, 10, 10);
            p.title = column(line, 11, 13);
            p.name = column(line, 15, 47);
            const std::string rating = column(line, 49, 52);
            if (!rating.empty() && !parse_int(rating, p.rating))
                return core::unexpected(line_error(source, number, "bad rating '" + rating + "'"));
            p.federation = column(line, 54, 56);
            p.fide_id = column(line, 58, 68);
            p.birth = column(line, 70, 79);
            for (std::size_t at = 91; at + 7 < line.size() + 3 && at < line.size(); at += 10) {
                auto e = read_round(line, at, p.number);
                if (!e) {
                    return core::unexpected(
                        line_error(source, number,
                                   "player " + std::to_string(p.number) + ", round " +
                                       std::to_string((at - 91) / 10 + 1) + ": " + e.error()));
                }
                p.rounds.push_back(*e);
            }
            while (!p.rounds.empty() && p.rounds.back().outcome == Outcome::Absent)
                p.rounds.pop_back();
            players.push_back(std::move(p));
        }
    }
    std::sort(players.begin(), players.end(),
              [](const Player& a, const Player& b) { return a.number < b.number; });
    for (std::size_t i = 0; i < players.size(); ++i) {
        if (players[i].number != static_cast<int>(i + 1)) {
            return core::unexpected(core::invalid_error(
                std::string(source) + ": start numbers must be 1.." +
                std::to_string(players.size()) + " without gaps or repeats (found " +
                std::to_string(players[i].number) + ")"));
        }
    }
    event.players = std::move(players);
    // Every game must be mirrored by its opponent's line.
    for (const auto& p : event.players) {
        for (std::size_t r = 0; r < p.rounds.size(); ++r) {
            const auto& e = p.rounds[r];
            if (e.opponent == 0) continue;
            const Player* o = event.find(e.opponent);
            const RoundEntry* oe = o ? &o->round(static_cast<int>(r) + 1) : nullptr;
            if (!oe || oe->opponent != p.number ||
                (is_played(e.outcome) && oe->colour != opposite(e.colour))) {
                return core::unexpected(core::invalid_error(
                    std::string(source) + ": round " + std::to_string(r + 1) + ": player " +
                    std::to_string(p.number) + " meets " + std::to_string(e.opponent) +
                    " but the opponent's line does not say so"));
            }
        }
    }
    if (event.total_rounds == 0) event.total_rounds = event.rounds_paired() + 1;
    return event;
}

namespace {

void put(std::string& line, std::size_t from, std::size_t to, const std::string& text,
         bool right = false) {
    const std::size_t width = to - from + 1;
    std::string t = text.substr(0, width);
    if (right) t = std::string(width - t.size(), ' ') + t;
    if (line.size() < to) line.resize(to, ' ');
    line.replace(from - 1, t.size(), t);
}

char outcome_char(Outcome o) {
    switch (o) {
        case Outcome::Win:
            return '1';
        case Outcome::Draw:
            return '=';
        case Outcome::Loss:
            return '0';
        case Outcome::ForfeitWin:
            return '+';
        case Outcome::ForfeitLoss:
            return '-';
        case Outcome::PairingBye:
            return 'U';
        case Outcome::HalfBye:
            return 'H';
        case Outcome::FullBye:
            return 'F';
        case Outcome::ZeroBye:
            return 'Z';
        case Outcome::Absent:
            return ' ';
    }
    return ' ';
}

}  // namespace

std::string write_trf(const Event& event) {
    std::ostringstream out;
    if (!event.name.empty()) out << "012 " << event.name << "\n";
    // Ranks (columns 86-89) by score, then pairing number: a report, not a tie-break order.
    std::vector<int> order;
    for (const auto& p : event.players) order.push_back(p.number);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return event.score(*event.find(a)) > event.score(*event.find(b));
    });
    std::vector<int> rank(event.players.size() + 1, 0);
    for (std::size_t i = 0; i < order.size(); ++i)
        rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i + 1);
    for (const auto& p : event.players) {
        std::string line = "001";
        put(line, 5, 8, std::to_string(p.number), true);
        put(line, 10, 10, p.sex);
        put(line, 11, 13, p.title, true);
        put(line, 15, 47, p.name);
        put(line, 49, 52, p.rating > 0 ? std::to_string(p.rating) : "", true);
        put(line, 54, 56, p.federation);
        put(line, 58, 68, p.fide_id, true);
        put(line, 70, 79, p.birth);
        put(line, 81, 84, points_text(event.score(p)), true);
        put(line, 86, 89, std::to_string(rank[static_cast<std::size_t>(p.number)]), true);
        std::size_t last = p.rounds.size();
        while (last > 0 && p.rounds[last - 1].outcome == Outcome::Absent) --last;
        for (std::size_t r = 0; r < last; ++r) {
            const auto& e = p.rounds[r];
            const std::size_t at = 92 + 10 * r;  // 1-based column of the opponent
            if (e.outcome == Outcome::Absent) {
                put(line, at, at + 7, "");
                continue;
            }
            char opp[8];
            std::snprintf(opp, sizeof opp, "%4d", e.opponent);
            put(line, at, at + 3, e.opponent == 0 ? "0000" : opp);
            const char colour = e.colour == Colour::White   ? 'w'
                                : e.colour == Colour::Black ? 'b'
                                                            : '-';
            put(line, at + 5, at + 5, std::string(1, colour));
            put(line, at + 7, at + 7, std::string(1, outcome_char(e.outcome)));
        }
        out << line << "\n";
    }
    out << "XXR " << event.total_rounds << "\n";
    out << "XXC " << (event.initial_colour == Colour::Black ? "black1" : "white1") << "\n";
    const PointSystem d;
    const auto& ps = event.points;
    // bbpPairings reads a BBx line's points in columns 5-8, right-aligned ("BBU  0.5").
    const auto bb_points = [](int tenths) {
        std::string s = points_text(tenths);
        return std::string(s.size() < 4 ? 4 - s.size() : 0, ' ') + s;
    };
    if (ps.win != d.win || ps.full_bye != ps.win) out << "BBW " << bb_points(ps.win) << "\n";
    if (ps.draw != d.draw || ps.half_bye != ps.draw) out << "BBD " << bb_points(ps.draw) << "\n";
    if (ps.loss != d.loss) out << "BBL " << bb_points(ps.loss) << "\n";
    if (ps.zero_bye != d.zero_bye) out << "BBZ " << bb_points(ps.zero_bye) << "\n";
    if (ps.forfeit_loss != d.forfeit_loss) out << "BBF " << bb_points(ps.forfeit_loss) << "\n";
    if (ps.pairing_bye != ps.win) out << "BBU " << bb_points(ps.pairing_bye) << "\n";
    return out.str();
}

}  // namespace ck::swiss
