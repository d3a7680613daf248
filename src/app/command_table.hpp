#pragma once
// The one command table of `crazykrieg` (docs/cli.md): every subcommand's row, in the order
// `crazykrieg --help` lists them. main.cpp looks a command up here; the daemon's request
// runner (request_client.hpp) too.
#include <vector>

#include "cli/command.hpp"

namespace ck::app {

const std::vector<cli::Command>& commands();

}  // namespace ck::app
