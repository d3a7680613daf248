#pragma once
// ratings.html (one table per pool that has ratings, ranked, "?" after provisional ratings,
// each player linked to their page) and players/<slug>.html (per pool: an inline SVG chart of
// the rating after each game and the table of games, date, opponent, score, before -> after).
#include <map>
#include <string>
#include <vector>

#include "club/ratings.hpp"
#include "league/players.hpp"

namespace ck::site {

std::string ratings_page(const std::vector<club::RatingPool>& pools,
                         const league::Players& players);
// Every rated player's page, by file name under players/.
std::map<std::string, std::string> player_pages(const std::vector<club::RatingPool>& pools,
                                                const league::Players& players);

}  // namespace ck::site
