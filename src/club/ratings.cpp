// Rating pools (ratings.hpp).
#include "club/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "club/text_util.hpp"

namespace ck::club {
namespace {

std::string number(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

bool parse_number(const std::string& s, double& out) {
    if (s.empty()) return false;
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() && std::isfinite(out);
}

bool parse_count(const std::string& s, std::uint64_t& out) {
    if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos)
        return false;
    out = std::strtoull(s.c_str(), nullptr, 10);
    return true;
}

std::string rating_text(const glicko2::Rating& r) {
    return number(r.rating) + " " + number(r.deviation) + " " + number(r.volatility);
}

bool parse_rating(const std::vector<std::string>& w, std::size_t at, glicko2::Rating& r) {
    return parse_number(w[at], r.rating) && parse_number(w[at + 1], r.deviation) &&
           parse_number(w[at + 2], r.volatility) && r.deviation > 0 && r.volatility > 0;
}

PlayerRating& entry_of(RatingPool& pool, const std::string& address) {
    for (PlayerRating& p : pool.players)
        if (p.player == address) return p;
    pool.players.push_back(PlayerRating{address, {}, 0, {}});
    return pool.players.back();
}

long rounded(double x) { return std::lround(x); }

}  // namespace

std::string pool_name(const std::string& variant, bool hidden) {
    if (!hidden) return variant;
    if (variant == "chess") return "kriegspiel";
    if (variant == "crazyhouse") return "crazykrieg";
    return variant + "-hidden";
}

const std::vector<std::string>& pool_names() {
    static const std::vector<std::string> names = [] {
        const std::vector<std::string> variants = {"chess",   "crazyhouse",  "loop",
                                                   "chessgi", "replacement", "putback"};
        std::vector<std::string> all = variants;
        for (const auto& v : variants) all.push_back(pool_name(v, true));
        return all;
    }();
    return names;
}

bool valid_pool(const std::string& name) {
    const auto& all = pool_names();
    return std::find(all.begin(), all.end(), name) != all.end();
}

std::string format_pool(const RatingPool& pool) {
    std::string out;
    for (const PlayerRating& p : pool.players)
        out += "player " + p.player + " " + rating_text(p.value) + " " + std::to_string(p.games) +
               "\n";
    for (const PlayerRating& p : pool.players)
        for (const RatingHistoryEntry& h : p.history)
            out += "game " + p.player + " " + to_string(h.game) + " " + h.date + " " + h.opponent +
                   " " + number(h.score) + " " + rating_text(h.before) + " " +
                   rating_text(h.after) + "\n";
    return out;
}

core::Result<RatingPool, std::string> parse_pool(const std::string& name, const std::string& text) {
    RatingPool pool{name, {}};
    std::istringstream in(text);
    std::string line;
    const auto bad = [&](const std::string& why) {
        return core::unexpected(name.empty() ? why : "ratings pool " + name + ": " + why);
    };
    int number_line = 0;
    while (std::getline(in, line)) {
        ++number_line;
        if (line.empty()) continue;
        std::vector<std::string> w;
        std::istringstream words(line);
        for (std::string word; words >> word;) w.push_back(word);
        const std::string where = "line " + std::to_string(number_line) + ": ";
        if (w[0] == "player" && w.size() == 6) {
            PlayerRating p;
            p.player = w[1];
            std::uint64_t games = 0;
            if (!parse_rating(w, 2, p.value) || !parse_count(w[5], games))
                return bad(where + "bad player line");
            p.games = static_cast<int>(games);
            if (find_player(pool, p.player)) return bad(where + "player listed twice");
            pool.players.push_back(std::move(p));
        } else if (w[0] == "game" && w.size() == 12) {
            PlayerRating* p = nullptr;
            for (PlayerRating& q : pool.players)
                if (q.player == w[1]) p = &q;
            if (!p) return bad(where + "history of an unlisted player");
            const auto game = core::parse_game_id(w[2]);
            if (!game) return bad(where + "bad game line");
            RatingHistoryEntry h{*game, {}, {}, 0.0, {}, {}};
            if (!parse_number(w[5], h.score) || !parse_rating(w, 6, h.before) ||
                !parse_rating(w, 9, h.after))
                return bad(where + "bad game line");
            h.date = w[3];
            h.opponent = w[4];
            p->history.push_back(std::move(h));
        } else {
            return bad(where + "unknown line");
        }
    }
    return pool;
}

const PlayerRating* find_player(const RatingPool& pool, const std::string& address) {
    const std::string key = text::lower_ascii(address);
    for (const PlayerRating& p : pool.players)
        if (p.player == key) return &p;
    return nullptr;
}

glicko2::Rating current(const RatingPool* pool, const std::string& address) {
    const PlayerRating* p = pool ? find_player(*pool, address) : nullptr;
    return p ? p->value : glicko2::Rating{};
}

std::optional<std::vector<RatingChange>> rate_game(RatingPool& pool, const RatedGame& game) {
    const std::string white = text::lower_ascii(game.white);
    const std::string black = text::lower_ascii(game.black);
    for (const PlayerRating& p : pool.players)
        for (const RatingHistoryEntry& h : p.history)
            if (h.game == game.game) return std::nullopt;
    const glicko2::Rating w0 = current(&pool, white);
    const glicko2::Rating b0 = current(&pool, black);
    const glicko2::Rating w1 = glicko2::update(w0, {{b0, game.white_score}});
    const glicko2::Rating b1 = glicko2::update(b0, {{w0, 1.0 - game.white_score}});
    const auto record = [&](const std::string& who, const std::string& opponent, double score,
                            const glicko2::Rating& before, const glicko2::Rating& after) {
        PlayerRating& p = entry_of(pool, who);
        p.value = after;
        ++p.games;
        p.history.push_back(
            RatingHistoryEntry{game.game, game.date, opponent, score, before, after});
    };
    record(white, black, game.white_score, w0, w1);
    record(black, white, 1.0 - game.white_score, b0, b1);
    return std::vector<RatingChange>{{white, w0, w1}, {black, b0, b1}};
}

std::vector<const PlayerRating*> ranked(const RatingPool& pool) {
    std::vector<const PlayerRating*> out;
    for (const PlayerRating& p : pool.players) out.push_back(&p);
    std::stable_sort(out.begin(), out.end(), [](const PlayerRating* a, const PlayerRating* b) {
        if (a->value.rating != b->value.rating) return a->value.rating > b->value.rating;
        if (a->value.deviation != b->value.deviation)
            return a->value.deviation < b->value.deviation;
        return a->player < b->player;
    });
    return out;
}

bool provisional(const glicko2::Rating& r) { return r.deviation > ProvisionalDeviation; }

std::string rating_label(const glicko2::Rating& r) {
    return std::to_string(rounded(r.rating)) + (provisional(r) ? "?" : "");
}

std::string change_label(const RatingChange& c) {
    const long diff = rounded(c.after.rating) - rounded(c.before.rating);
    return rating_label(c.before) + " -> " + rating_label(c.after) + " (" + (diff >= 0 ? "+" : "") +
           std::to_string(diff) + ")";
}

}  // namespace ck::club
