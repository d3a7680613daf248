// A reply to the daily digest (digest_reply.hpp).
#include "daemon/digest_reply.hpp"

#include <cctype>

#include "core/text.hpp"
#include "daemon/digest.hpp"
#include "league/game_files.hpp"

namespace ck::daemon {

using core::lower_ascii;  // core/text.hpp
using league::parse_game_ini;

GameLines split_game_lines(std::string_view text) {
    GameLines out;
    std::string* current = nullptr;  // the game a `message:` block belongs to
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        std::size_t i = 0;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i < line.size() && line[i] == '#') {
            std::size_t j = i + 1;
            while (j < line.size() && line[j] == ' ') ++j;
            const std::size_t digits = j;
            while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
            if (j > digits && j - digits <= 9) {
                const std::string game(line.substr(digits, j - digits));
                if (j < line.size() && line[j] == ':') ++j;
                std::string_view rest = line.substr(j);
                while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
                    rest.remove_prefix(1);
                auto it = out.games.begin();
                for (; it != out.games.end(); ++it)
                    if (it->first == game) break;
                if (it == out.games.end()) {
                    out.games.emplace_back(game, std::string());
                    it = out.games.end() - 1;
                }
                it->second += std::string(rest) + "\n";
                current = core::lower_ascii(rest).rfind("message:", 0) == 0 ? &it->second : nullptr;
                continue;
            }
        }
        (current ? *current : out.rest) += std::string(line) + "\n";
    }
    return out;
}

std::optional<rules::Color> digest_game_colour(const store::Store& store,
                                               const std::string& address, store::GameId id) {
    auto mark = DigestTable::get(store, lower_ascii(address));
    if (!mark || !*mark || (*mark)->games.count(id) == 0) return std::nullopt;
    auto ini = store.read_game_file(id, "game.ini");
    if (!ini) return std::nullopt;
    auto meta = parse_game_ini(*ini);
    if (!meta) return std::nullopt;
    if (lower_ascii(meta->white) == lower_ascii(address)) return rules::Color::White;
    if (lower_ascii(meta->black) == lower_ascii(address)) return rules::Color::Black;
    return std::nullopt;
}

}  // namespace ck::daemon
