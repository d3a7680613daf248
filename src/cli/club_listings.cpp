// The read-only sub-commands of the organiser commands (club_listings.hpp).
#include "cli/club_listings.hpp"

#include <algorithm>
#include <iostream>

#include "cli/command.hpp"
#include "cli/command_setup.hpp"
#include "cli/game_show.hpp"
#include "club/crosstable.hpp"
#include "club/swiss_round.hpp"
#include "club/tournament.hpp"
#include "core/atomic_file.hpp"
#include "core/game_id.hpp"
#include "league/game_files.hpp"
#include "league/ratings.hpp"
#include "league/tournament_store.hpp"
#include "swiss/trf.hpp"

namespace ck::cli {
namespace {

int fail(std::string_view command, const std::string& message) {
    std::cerr << "crazykrieg " << command << ": " << message << "\n";
    return ExitFailure;
}

// The value of a PGN text's Result tag; empty when it has none.
std::string result_tag(const std::string& pgn) {
    const std::string key = "[Result \"";
    const auto at = pgn.find(key);
    if (at == std::string::npos) return {};
    const auto end = pgn.find('"', at + key.size());
    return end == std::string::npos ? std::string()
                                    : pgn.substr(at + key.size(), end - at - key.size());
}

}  // namespace

int list_players(const league::Players& players) {
    for (const auto& p : players.all()) std::cout << p.address << "\t" << p.name << "\n";
    return ExitOk;
}

int list_games(const store::Store& store) {
    auto ids = store.list_games();
    if (!ids) return fail("game", ids.error().describe());
    for (auto id : *ids) {
        auto ini = store.read_game_file(id, "game.ini");
        if (!ini) continue;
        auto meta = league::parse_game_ini(*ini);
        if (!meta) continue;
        auto record = store.read_game_file(id, "record.pgn");
        const std::string result = record ? result_tag(*record) : std::string();
        std::cout << id << "\t" << meta->variant
                  << (meta->hidden ? " hidden " + std::string(referee::rule_set_name(meta->rules))
                                   : "")
                  << "\t" << meta->white << "\t" << meta->black << "\t" << meta->created << "\t"
                  << (result.empty() || result == "*" ? "in progress" : result) << "\n";
    }
    return ExitOk;
}

int print_game(store::Store& store, const std::string& word, const std::string& id_text,
               const std::string& as) {
    auto ids = store.list_games();
    if (!ids) return fail("game", ids.error().describe());
    const auto parsed = core::parse_game_id(id_text);  // the one parse (core/game_id.hpp)
    if (!parsed) return usage_error("game", "bad game id '" + id_text + "'");
    const store::GameId id = *parsed;
    if (std::find(ids->begin(), ids->end(), id) == ids->end())
        return fail("game", "no game " + to_string(id));
    league::GameRepository* games = hosting_club() ? &hosting_club()->games : nullptr;
    if (word == "pgn") {
        auto game = games ? games->load(store, id) : league::load_game(store, id);
        if (!game) return fail("game", game.error().detail);
        auto record = league::record_text(*game, as);
        if (!record) return fail("game", record.error().detail);
        std::cout << *record;
        return ExitOk;
    }
    auto text = show_game(store, id, as, games);
    if (!text) return fail("game", text.error().detail);
    std::cout << *text;
    return ExitOk;
}

int list_tournaments(const store::Store& store) {
    auto ids = league::tournament_ids(store);
    if (!ids) return fail("tournament", ids.error().detail);
    for (const auto& id : *ids) {
        auto t = league::load_tournament(store, id);
        if (!t) {
            std::cerr << "crazykrieg tournament: " << t.error() << "\n";
            continue;
        }
        if (t->system == club::System::Teams)  // docs/teams.md
            std::cout << id << "\t" << (t->entries_open ? "rosters " : "match ")
                      << club::finished_games(*t) << "/" << t->pairings.size() << "\t" << t->name
                      << "\n";
        else if (t->entries_open)
            std::cout << id << "\tentries " << t->players.size() << "\t" << t->name << "\n";
        else if (t->system == club::System::Swiss)
            std::cout << id << "\tround " << club::rounds_paired(*t) << "/" << t->swiss.rounds
                      << " " << club::finished_games(*t) << "/" << t->pairings.size() << "\t"
                      << t->name << "\n";
        else
            std::cout << id << "\t" << club::finished_games(*t) << "/" << t->pairings.size() << "\t"
                      << t->name << "\n";
    }
    return ExitOk;
}

int print_tournament(const store::Store& store, const std::string& word, const std::string& id,
                     const std::string& out_file) {
    auto t = league::load_tournament(store, id);
    if (!t) return fail("tournament", t.error().detail);
    if (word == "show") {
        auto labels = league::event_rating_labels(store, *t);  // rated: a rating column
        if (!labels) return fail("tournament", labels.error().detail);
        std::cout << club::crosstable_text(*t, *labels ? &**labels : nullptr);
        return ExitOk;
    }
    if (word == "trf") {
        if (t->system != club::System::Swiss || t->entries_open)
            return fail("tournament", "tournament " + t->id + " is not a Swiss under way");
        const std::string trf = swiss::write_trf(club::to_swiss_event(*t));
        if (out_file.empty()) {
            std::cout << trf;
            return ExitOk;
        }
        if (auto w = core::write_file_atomic(out_file, trf); !w)
            return fail("tournament", w.error().describe());
        return ExitOk;
    }
    auto archive = league::tournament_archive(store, *t);
    if (!archive) return fail("tournament", archive.error().detail);
    std::cout << *archive;
    return ExitOk;
}

}  // namespace ck::cli
