#pragma once
// README "Running a club server": the store belongs to the user that runs `serve`. A command
// run as another user (typically root, through a plain `sudo`) would leave files in it that the
// daemon cannot rewrite, and the next commit would fail. So every command that opens the store
// first checks whose it is, and refuses before it writes anything, naming the owner and the
// invocation that works.
#include <string>
#include <vector>

#include "core/result.hpp"

namespace ck::cli {

// The command line as typed (main sets it once), for the invocation a refusal suggests.
void set_invocation(const std::vector<std::string>& argv);
const std::vector<std::string>& invocation();

// The store `store_dir`, or when it does not exist yet the directory it would be created in,
// must belong to the effective user. Neither existing: nothing to check (a new store is its
// creator's). Error: "the store DIR belongs to the user OWNER, not to ME: run the command as
// its owner: sudo -u OWNER crazykrieg ...".
core::Result<void, std::string> check_store_owner(const std::string& store_dir);

}  // namespace ck::cli
