#include "league/store_advice.hpp"

#include <pwd.h>
#include <unistd.h>

#include <system_error>

namespace ck::league {
namespace {

std::string user_name(uid_t uid) {
    if (const passwd* pw = ::getpwuid(uid); pw != nullptr) return pw->pw_name;
    return "uid " + std::to_string(uid);
}

}  // namespace

std::string describe_store_failure(const core::IoError& e, const std::filesystem::path& root) {
    if (e.code == std::errc::resource_unavailable_try_again) return e.describe();  // busy
    const std::string waits =
        "no mail is handled until it is mended (it waits at its source; nothing is lost)";
    if (e.code == std::errc::permission_denied || e.code == std::errc::operation_not_permitted) {
        const std::string me = user_name(::geteuid());
        return e.describe() + "; " + waits + ": every file of the store must belong to " + me +
               " (a command run as another user, e.g. root, leaves files it cannot write): " +
               "as root, chown -R " + me + ": " + root.string() +
               ", and run organiser commands as " + me + " (sudo -u " + me + " crazykrieg ...)";
    }
    if (e.code == std::errc::no_space_on_device || e.code == std::errc::read_only_file_system)
        return e.describe() + "; " + waits + ": free space on (or remount read-write) the file " +
               "system of " + root.string() + "; the next pass retries";
    return e.describe() + "; " + waits + ": mend the cause named here; the next pass retries";
}

}  // namespace ck::league
