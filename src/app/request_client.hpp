#pragma once
// Organiser commands while `serve` runs (README "Organiser commands while serve runs";
// daemon/request_spool.hpp). `serve` holds the store for its life, so a command marked
// via_daemon (cli/command.hpp) that finds a daemon serving its store sends its command line through
// the request spool, waits for the answer and prints it as if it had run itself; with no daemon
// it runs itself, as it always did. Inside the daemon the same command function runs against the
// daemon's store (HostedRun, daemon_setup.hpp), its output captured.
#include <optional>

#include "app/command_rows.hpp"
#include "daemon/mail_pass.hpp"

namespace ck::app {

// When a daemon serves the store that `args` (args[0] the command) names by --config: submits
// the request, waits for its answer, prints it and returns its exit code. nullopt: no daemon
// (or --help): the caller runs the command itself. A daemon that does not pick the request up
// within the timeout (120 s; CRAZYKRIEG_REQUEST_TIMEOUT=SECONDS) gets it withdrawn: exit 75,
// nothing done.
std::optional<int> run_through_daemon(const Command& command, const Args& args);

// The daemon's side (daemon::RequestRunner): runs the command line `args` inside `d`, printing
// into the answer. Only via_daemon commands run; anything else is answered with a usage error.
daemon::RequestAnswer run_hosted(const Args& args, daemon::Daemon& d);

}  // namespace ck::app
