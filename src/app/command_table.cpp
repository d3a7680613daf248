#include "app/command_table.hpp"

#include "app/command_rows.hpp"
#include "cli/command_rows.hpp"

namespace ck::app {

const std::vector<cli::Command>& commands() {
    // One row a line, in the order of --help.
    // clang-format off
    static const std::vector<cli::Command> table = {
        cli::umpire_command(),
        cli::validate_command(),
        cli::perft_command(),
        serve_command(),
        deliver_command(),
        player_command(),
        game_command(),
        cli::verify_command(),
        tournament_command(),
        cli::challenge_command(),
        cli::ratings_command(),
        config_command(),
        cli::site_command(),
        cli::backup_command(),
        cli::restore_command(),
        cli::swiss_command(),
        bench_command(),
        bot_command(),
    };
    // clang-format on
    return table;
}

}  // namespace ck::app
