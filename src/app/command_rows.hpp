#pragma once
// The rows of the commands that run the daemon or act through it (README "Layout"): each
// defined in its <name>_command.cpp, listed by the one command table (command_table.hpp). The
// command vocabulary of cli/command.hpp is spoken unqualified here as in ck::cli.
#include "cli/command.hpp"

namespace ck::app {

using cli::Args;
using cli::Command;
using cli::ExitFailure;
using cli::ExitOk;
using cli::ExitTempFail;
using cli::ExitUsage;
using cli::parse_options;
using cli::usage_error;

Command serve_command();
Command deliver_command();
Command player_command();
Command game_command();
Command tournament_command();
Command config_command();
Command bench_command();
Command bot_command();

}  // namespace ck::app
