// Ratings in the daemon (ratings.hpp).
#include "league/ratings.hpp"

#include "club/text_util.hpp"
#include "core/clock.hpp"
#include "league/record_error.hpp"
#include "league/tournament_store.hpp"

namespace ck::league {

core::Result<club::RatingPool, core::Error> load_pool(const store::Store& store,
                                                      const std::string& pool,
                                                      const store::Transaction* pending) {
    auto stored = RatingPoolTable::get(store, pool, pending);
    if (!stored) return core::unexpected(record_error(stored.error()));
    club::RatingPool out = *stored ? std::move(**stored) : club::RatingPool{};
    out.name = pool;
    return out;
}

void save_pool(store::Transaction& tx, const club::RatingPool& pool) {
    RatingPoolTable::put(tx, pool.name, pool);
}

std::string pool_of(const GameMeta& meta) { return club::pool_name(meta.variant, meta.hidden); }

std::string display_name(const Players& players, const std::string& address) {
    const Player* p = players.find(address);
    return p && !p->name.empty() ? p->name : address;
}

core::Result<std::vector<std::string>, core::Error> rate_game_end(
    const store::Store& store, const Players& players, store::GameId id, const StoredGame& g,
    const GameOutcome& outcome, store::Transaction& tx) {
    std::vector<std::string> lines;
    if (!g.meta.rated) return lines;
    const double white_score = outcome.result == GameResult::WhiteWins   ? 1.0
                               : outcome.result == GameResult::BlackWins ? 0.0
                                                                         : 0.5;
    auto pool = load_pool(store, pool_of(g.meta), &tx);
    if (!pool) return core::unexpected(pool.error());
    const std::string date = core::format_iso8601(tx.now()).substr(0, 10);
    auto changes = club::rate_game(*pool, {id, date, g.meta.white, g.meta.black, white_score});
    if (!changes) return lines;  // rated already
    save_pool(tx, *pool);
    lines.push_back("Ratings (" + pool->name + "):");
    for (const club::RatingChange& c : *changes)
        lines.push_back("  " + display_name(players, c.player) + ": " + club::change_label(c));
    return lines;
}

core::Result<std::vector<std::string>, core::Error> start_rating_lines(
    const store::Store& store, const Players& players, const GameMeta& meta,
    const store::Transaction* pending) {
    std::vector<std::string> lines;
    if (!meta.rated) return lines;
    auto pool = load_pool(store, pool_of(meta), pending);
    if (!pool) return core::unexpected(pool.error());
    const auto side = [&](const std::string& address) {
        return display_name(players, address) + " (" +
               club::rating_label(club::current(&*pool, address)) + ")";
    };
    lines.push_back("Rated game (" + pool->name + "): " + side(meta.white) + " vs " +
                    side(meta.black));
    return lines;
}

std::vector<std::string> ranked_lines(const club::RatingPool& pool, const Players& players) {
    std::vector<std::string> lines;
    int rank = 0;
    for (const club::PlayerRating* p : club::ranked(pool)) {
        const std::string name = club::text::fit(display_name(players, p->player), 32);
        lines.push_back(club::text::pad_left(std::to_string(++rank), 3) + ". " +
                        club::text::pad_right(name, 32) + " " +
                        club::text::pad_left(club::rating_label(p->value), 6) + "  " +
                        club::text::pad_left(std::to_string(p->games), 3) +
                        (p->games == 1 ? " game" : " games"));
    }
    return lines;
}

core::Result<std::optional<club::RatingLabels>, core::Error> event_rating_labels(
    const store::Store& store, const club::Tournament& t, const store::Transaction* pending) {
    for (const club::Pairing& p : t.pairings) {
        if (!p.game) continue;
        const std::string* staged = pending ? pending_file(*pending, *p.game, "game.ini") : nullptr;
        std::string text;
        if (staged) {
            text = *staged;
        } else {
            auto read = store.read_game_file(*p.game, "game.ini");
            if (!read) return core::unexpected(core::from_io(read.error(), read.error().message));
            text = std::move(*read);
        }
        auto meta = parse_game_ini(text);
        if (!meta) return core::unexpected(meta.error());
        if (!meta->rated) return std::optional<club::RatingLabels>{};
        auto pool = load_pool(store, pool_of(*meta), pending);
        if (!pool) return core::unexpected(pool.error());
        club::RatingLabels labels;
        for (const club::Player& player : t.players)
            labels[club::text::lower_ascii(player.address)] =
                club::rating_label(club::current(&*pool, player.address));
        return std::optional<club::RatingLabels>{std::move(labels)};
    }
    return std::optional<club::RatingLabels>{};
}

core::Result<club::RatingsDetails, core::Error> ratings_details(const store::Store& store,
                                                                const Players& players,
                                                                const std::string& asked) {
    club::RatingsDetails d;
    for (char c : asked) d.asked += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const std::string& name : club::pool_names()) {
        if (!d.asked.empty() && name != d.asked) continue;
        auto pool = load_pool(store, name);
        if (!pool) return core::unexpected(pool.error());
        if (pool->players.empty()) continue;
        d.pools.push_back(club::RatingsPool{name, ranked_lines(*pool, players)});
    }
    return d;
}

}  // namespace ck::league
