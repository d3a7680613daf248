#pragma once
// The rows of the commands that need no daemon (README "Layout"): each defined in its
// <name>_command.cpp, listed by the one command table (app/command_table.hpp). site, ratings,
// backup and challenge read the club's store (command_setup.hpp), inside a running `serve` when
// one serves it; restore checks the store it unpacks by opening it as the club does
// (league/club_migration.hpp).
#include "cli/command.hpp"

namespace ck::cli {

Command umpire_command();
Command validate_command();
Command perft_command();
Command verify_command();
Command swiss_command();
Command ratings_command();
Command site_command();
Command backup_command();
Command restore_command();
Command challenge_command();

}  // namespace ck::cli
