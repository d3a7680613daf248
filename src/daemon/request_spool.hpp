#pragma once
// Organiser requests to a running `serve` (README "Organiser commands while serve runs"), after
// Postfix's maildrop and pickup. `serve` holds the store for its life, so an organiser command
// (`player add`, `game new`, `tournament start`, ...) that finds a daemon serving the store
// (serving(): <store>/serve.lock is held) does not open the store: it drops its request into the
// spool and waits for the answer, and the daemon runs it inside its mail pass. Layout under
// <store>/requests/ (Maildir's):
//   new/<id>    a request: written to a hidden temp file, fsynced, renamed (submit; names that
//               start with '.' are temp files and never read)
//   cur/<id>    picked up by the daemon (renamed from new/ before it runs): the command can no
//               longer withdraw it
//   done/<id>   its answer, written (temp, rename) once the request's effects are committed;
//               the command reads and deletes it (a command that died leaves it: swept after a day)
// Exactly once: a request's effects and its answer (a record of namespace Requests keyed by
// the request id) commit in ONE transaction of the pass's group (mail_pass.hpp). Only after that
// commit is the answer written to done/ and the request unlinked from cur/. A request found in
// new/ or cur/ whose id already has a record was committed before a crash (kill -9 anywhere):
// its answer is taken from the record and it does not run again. A record whose request is gone
// from new/ and cur/ is no longer needed and is erased by the next drain.
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/result.hpp"
#include "store/table.hpp"

namespace ck::daemon {

// A file a command wrote outside the store for its caller to find (`site DIR`: DIR/index.html,
// `backup FILE`: FILE), as the daemon saw it once the command was done: its absolute path and
// its identity (st_dev, st_ino). The calling process finds the same identity at that path only
// if both see one file system there (README "Organiser commands while serve runs").
struct WrittenFile {
    std::string path;
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
};

// What a command printed and returned, as the command itself would have, and what it wrote.
struct RequestAnswer {
    explicit RequestAnswer(int exit, std::string printed = {}, std::string errors = {})
        : exit_code(exit), out(std::move(printed)), err(std::move(errors)) {}
    RequestAnswer() = default;

    int exit_code = 0;
    std::string out;                     // its standard output
    std::string err;                     // its standard error
    std::optional<WrittenFile> written;  // the file it reported writing (nullopt: none)
};

struct Request {
    std::string id;                 // "<ms since epoch>-<pid>-<random>": a valid record key
    std::vector<std::string> args;  // the command line without the program name
};

// The answer of a request as the store keeps it until its request file is gone (and as done/
// holds it). Version 2 added the written file: "written LEN\n<path>\n" and "file DEV INO\n"
// after the output fields (an empty path: nothing written); a version-1 answer reads as one
// that wrote nothing.
core::Result<std::string, std::string> request_answer_v1_to_v2(std::string_view body);
struct RequestAnswerCodec {
    using Value = RequestAnswer;
    static constexpr store::Namespace ns{"requests"};
    static constexpr int version = 2;
    static constexpr std::array<store::Upgrade, version - 1> upgrades = {request_answer_v1_to_v2};
    static std::string encode(const RequestAnswer& a);
    static core::Result<RequestAnswer, std::string> decode(std::string_view body);
};
using RequestAnswerTable = store::Table<RequestAnswerCodec>;

// The spool of the store at `store_dir`.
class RequestSpool {
public:
    explicit RequestSpool(std::filesystem::path store_dir);

    // True while a `serve` holds <store>/serve.lock.
    bool serving() const;
    const std::filesystem::path& dir() const { return dir_; }

    // Errors (core/error.hpp): a folder or file of the spool that cannot be made, written or
    // read has the kind of its I/O failure (core::from_io: Transient for the disk, a permission
    // or a missing folder); an answer or a request file that does not decode is Corrupt.

    // --- the command's side ---
    // Writes the request durably into new/; returns its id. Nothing is sent when it fails.
    core::Result<std::string, core::Error> submit(const std::vector<std::string>& args) const;
    // The answer of request `id` if the daemon wrote it (and deletes it), else nullopt. A
    // failure here comes after the request ran: the command must not send it again.
    core::Result<std::optional<RequestAnswer>, core::Error> take_answer(
        const std::string& id) const;
    // Takes back a request the daemon has not picked up yet: true when it was still in new/.
    bool withdraw(const std::string& id) const;

    // --- the daemon's side ---
    // True when new/ holds a request (cheap: one directory read).
    bool has_new() const;
    // Makes new/, cur/ and done/ (serve, at its start): so they belong to the daemon's user
    // even when the first request comes from root.
    core::Result<void, core::Error> prepare() const;
    // Moves every request of new/ to cur/, then returns every request of cur/ in id order
    // (ids start with their time, so roughly oldest first). A request file that cannot be read
    // is answered at once with exit 1 (`broken`) and left out.
    std::vector<Request> pick_up(std::vector<std::pair<std::string, RequestAnswer>>& broken) const;
    // The ids still in new/ or cur/.
    std::vector<std::string> pending_ids() const;
    // After the commit: writes done/<id> (temp, rename) and unlinks cur/<id>.
    core::Result<void, core::Error> finish(const std::string& id,
                                           const RequestAnswer& answer) const;
    // Deletes answers in done/ older than `age` (their command is gone).
    void sweep_answers(std::chrono::seconds age) const;

private:
    std::filesystem::path store_dir_;
    std::filesystem::path dir_;
};

// The request file's bytes: "ck-request 1\n" then "arg LEN\n<bytes>\n" an argument.
std::string encode_request(const std::vector<std::string>& args);
// Bytes that are not a request are Corrupt (a file of the spool that retrying reads the same).
core::Result<std::vector<std::string>, core::Error> decode_request(std::string_view bytes);

}  // namespace ck::daemon
