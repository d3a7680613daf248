// The `team = ` line of tournament.ini (team_match.hpp).
#include <charconv>

#include "club/team_match.hpp"

namespace ck::club {

std::string team_line(const Team& team) {
    std::string players;
    for (int p : team.roster) players += (players.empty() ? "" : ",") + std::to_string(p + 1);
    return std::string(team.ordered ? "captain" : "rating") + " " +
           (team.captain.empty() ? "-" : team.captain) + " " + (players.empty() ? "-" : players) +
           " " + team.name;
}

std::optional<Team> parse_team_line(std::string_view value) {
    std::string_view w[3];
    for (std::string_view& word : w) {
        const auto space = value.find(' ');
        if (space == std::string_view::npos || space == 0) return std::nullopt;
        word = value.substr(0, space);
        value.remove_prefix(space + 1);
        while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    }
    Team team;
    if (w[0] != "captain" && w[0] != "rating") return std::nullopt;
    team.ordered = w[0] == "captain";
    if (w[1] != "-") team.captain = std::string(w[1]);
    if (w[2] != "-") {
        std::string_view list = w[2];
        while (true) {
            const auto comma = list.find(',');
            const std::string_view num = list.substr(0, comma);
            int n = 0;
            const auto [end, ec] = std::from_chars(num.data(), num.data() + num.size(), n);
            if (num.empty() || ec != std::errc() || end != num.data() + num.size() || n < 1)
                return std::nullopt;
            team.roster.push_back(n - 1);
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
        }
    }
    team.name = std::string(value);
    if (team.name.empty()) return std::nullopt;
    return team;
}

}  // namespace ck::club
