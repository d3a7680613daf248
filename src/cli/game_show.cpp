// The operator's look at a game (game_show.hpp).
#include "cli/game_show.hpp"

#include <sstream>

#include "league/game_files.hpp"
#include "referee/announcement.hpp"

namespace ck::cli {

using league::GameRepository;
using league::load_game;
using league::true_fen;

using rules::Color;

core::Result<std::string, core::Error> show_game(store::Store& store, store::GameId id,
                                                 const std::string& as, GameRepository* games) {
    if (as != "white" && as != "black" && as != "referee")
        return core::unexpected(core::invalid_error("--as must be white, black or referee"));
    auto loaded = games ? games->load(store, id) : load_game(store, id);
    if (!loaded) return core::unexpected(loaded.error());
    const referee::Game& game = loaded->game;
    std::ostringstream out;
    const auto& m = loaded->meta;
    // A rule set is a Kriegspiel matter: open games have none.
    out << "game " << id << ": " << m.variant
        << (m.hidden ? " (hidden), rules " + std::string(referee::rule_set_name(m.rules)) : "")
        << ", time " << m.time << "\n";
    out << "white: " << m.white << "\nblack: " << m.black << "\ncreated: " << m.created << "\n";
    out << "result: " << referee::result_marker(game.result()) << "\n";
    out << "to move: " << (game.side_to_move() == Color::White ? "white" : "black") << "\n";
    if (m.draw_offer)
        out << "draw offered by: " << (*m.draw_offer == Color::White ? "white" : "black") << "\n";
    const auto print_view = [&](Color c) {
        const auto view = game.view(c);
        out << (c == Color::White ? "white" : "black") << " view: " << view.board_text() << "\n";
        out << "heard:\n";
        for (const auto& a : view.heard) {
            out << "  " << referee::announcement_type_name(a.type);
            for (const auto* f :
                 {&a.move, &a.answer, &a.attempt, &a.piece, &a.square, &a.placed, &a.direction})
                if (!f->empty()) out << " " << *f;
            if (a.result) out << " " << referee::result_text(*a.result);
            if (!a.reason.empty()) out << " " << a.reason;
            out << "\n";
        }
    };
    if (as == "referee") {
        // The operator sees everything: the true position (from the record's moves) and both
        // views; `game pgn ID` prints the whole record.
        auto fen = true_fen(*loaded);
        if (!fen) return core::unexpected(fen.error());
        out << "fen: " << *fen << "\n";
        print_view(Color::White);
        print_view(Color::Black);
    } else {
        print_view(as == "white" ? Color::White : Color::Black);
    }
    return out.str();
}

}  // namespace ck::cli
