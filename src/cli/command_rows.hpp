#pragma once
// The rows of the commands that need no daemon (README "Layout"): each defined in its
// <name>_command.cpp, listed by the one command table (app/command_table.hpp).
#include "cli/command.hpp"

namespace ck::cli {

Command umpire_command();
Command validate_command();
Command perft_command();
Command verify_command();
Command swiss_command();

}  // namespace ck::cli
