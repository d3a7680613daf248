#include "cli/store_owner.hpp"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace ck::cli {
namespace {

std::vector<std::string>& invocation_storage() {
    static std::vector<std::string> words;
    return words;
}

std::string user_name(uid_t uid) {
    if (const passwd* pw = ::getpwuid(uid); pw != nullptr) return pw->pw_name;
    return "uid " + std::to_string(uid);
}

// A word as a POSIX shell reads it back: bare when it is plain, else in single quotes.
std::string shell_word(const std::string& w) {
    const bool plain = !w.empty() && w.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789@%+=:,./_-") == std::string::npos;
    if (plain) return w;
    std::string out = "'";
    for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

void set_invocation(const std::vector<std::string>& argv) { invocation_storage() = argv; }

const std::vector<std::string>& invocation() { return invocation_storage(); }

core::Result<void, std::string> check_store_owner(const std::string& store_dir) {
    const std::filesystem::path store(store_dir);
    struct stat st {};
    std::filesystem::path judged = store;
    if (::stat(store.c_str(), &st) != 0) {
        judged = std::filesystem::absolute(store).parent_path();
        if (::stat(judged.c_str(), &st) != 0) return {};
    }
    const uid_t me = ::geteuid();
    if (st.st_uid == me) return {};
    const std::string owner = user_name(st.st_uid);
    std::string suggestion = "sudo -u " + shell_word(owner) + " crazykrieg";
    const auto& words = invocation();
    for (std::size_t i = 1; i < words.size(); ++i) suggestion += " " + shell_word(words[i]);
    return core::unexpected(
        "the store " + store_dir +
        (judged == store ? "" : " (not created yet; its folder " + judged.string() + ")") +
        " belongs to the user " + owner + ", not to " + user_name(me) +
        "; nothing was written: run the command as its owner: " + suggestion);
}

}  // namespace ck::cli
