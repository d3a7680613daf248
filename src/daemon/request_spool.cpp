#include "daemon/request_spool.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <system_error>

#include "core/atomic_file.hpp"
#include "core/crypto.hpp"
#include "core/file_lock.hpp"

namespace ck::daemon {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view RequestHeader = "ck-request 1\n";

// "NAME LEN\n<bytes>\n" at `pos` of `text`: the bytes, `pos` moved past them.
std::optional<std::string> read_field(std::string_view text, std::size_t& pos,
                                      std::string_view name) {
    const std::string head = std::string(name) + " ";
    if (text.substr(pos, head.size()) != head) return std::nullopt;
    const std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) return std::nullopt;
    const std::string_view digits = text.substr(pos + head.size(), eol - pos - head.size());
    if (digits.empty() || digits.size() > 12 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    const std::size_t len = std::stoull(std::string(digits));
    if (eol + 1 + len + 1 > text.size() || text[eol + 1 + len] != '\n') return std::nullopt;
    pos = eol + 1 + len + 1;
    return std::string(text.substr(eol + 1, len));
}

std::string field(std::string_view name, const std::string& bytes) {
    return std::string(name) + " " + std::to_string(bytes.size()) + "\n" + bytes + "\n";
}

// `what` of `path` failed with `ec`: an error of its I/O kind, "WHAT PATH: REASON".
core::Error spool_failure(const std::error_code& ec, const fs::path& path,
                          const std::string& what) {
    return core::from_io(core::IoError{ec, path.string(), what},
                         what + " " + path.string() + ": " + ec.message());
}

// Makes new/, cur/ and done/ under `dir`.
core::Result<void, core::Error> make_folders(const fs::path& dir) {
    std::error_code ec;
    for (const char* sub : {"new", "cur", "done"}) {
        fs::create_directories(dir / sub, ec);
        if (ec) return core::unexpected(spool_failure(ec, dir / sub, "cannot create"));
    }
    return {};
}

// The request files of `dir` (no dot files), sorted.
std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() && name[0] != '.') names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

std::string encode_request(const std::vector<std::string>& args) {
    std::string out(RequestHeader);
    for (const auto& a : args) out += field("arg", a);
    return out;
}

core::Result<std::vector<std::string>, core::Error> decode_request(std::string_view bytes) {
    if (bytes.substr(0, RequestHeader.size()) != RequestHeader)
        return core::unexpected(core::corrupt_error("not a request (no 'ck-request 1' line)"));
    std::vector<std::string> args;
    std::size_t pos = RequestHeader.size();
    while (pos < bytes.size()) {
        auto a = read_field(bytes, pos, "arg");
        if (!a)
            return core::unexpected(
                core::corrupt_error("malformed argument at byte " + std::to_string(pos)));
        args.push_back(std::move(*a));
    }
    if (args.empty()) return core::unexpected(core::corrupt_error("a request without a command"));
    return args;
}

std::string RequestAnswerCodec::encode(const RequestAnswer& a) {
    const WrittenFile none;
    const WrittenFile& w = a.written ? *a.written : none;
    return "exit " + std::to_string(a.exit_code) + "\n" + field("out", a.out) +
           field("err", a.err) + field("written", w.path) + "file " + std::to_string(w.device) +
           " " + std::to_string(w.inode) + "\n";
}

core::Result<std::string, std::string> request_answer_v1_to_v2(std::string_view body) {
    return std::string(body) + field("written", "") + "file 0 0\n";
}

core::Result<RequestAnswer, std::string> RequestAnswerCodec::decode(std::string_view body) {
    RequestAnswer a;
    const std::size_t eol = body.find('\n');
    if (body.substr(0, 5) != "exit " || eol == std::string_view::npos)
        return core::unexpected(std::string("no exit line"));
    try {
        a.exit_code = std::stoi(std::string(body.substr(5, eol - 5)));
    } catch (...) {
        return core::unexpected(std::string("bad exit line"));
    }
    std::size_t pos = eol + 1;
    auto out = read_field(body, pos, "out");
    auto err = out ? read_field(body, pos, "err") : std::nullopt;
    auto written = err ? read_field(body, pos, "written") : std::nullopt;
    if (!out || !err || !written) return core::unexpected(std::string("malformed output fields"));
    a.out = std::move(*out);
    a.err = std::move(*err);
    // "file DEV INO\n", the last line.
    WrittenFile w{std::move(*written), 0, 0};
    const std::string_view rest = body.substr(pos);
    unsigned long long device = 0, inode = 0;
    int used = 0;
    if (rest.substr(0, 5) != "file " || rest.empty() || rest.back() != '\n' ||
        std::sscanf(std::string(rest).c_str(), "file %llu %llu\n%n", &device, &inode, &used) != 2 ||
        static_cast<std::size_t>(used) != rest.size())
        return core::unexpected(std::string("malformed written file line"));
    w.device = device;
    w.inode = inode;
    if (!w.path.empty()) a.written = std::move(w);
    return a;
}

RequestSpool::RequestSpool(fs::path store_dir)
    : store_dir_(std::move(store_dir)), dir_(store_dir_ / "requests") {}

bool RequestSpool::serving() const { return core::FileLock::held(store_dir_ / "serve.lock"); }

core::Result<std::string, core::Error> RequestSpool::submit(
    const std::vector<std::string>& args) const {
    CK_TRY(make_folders(dir_));
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    const std::string id =
        std::to_string(ms) + "-" + std::to_string(::getpid()) + "-" + core::random_hex(4);
    const fs::path file = dir_ / "new" / id;
    // 0644: a command line holds no secret, and a `backup` sent by root must be readable by
    // the daemon's user.
    if (auto w = core::write_file_atomic(file, encode_request(args), 0644); !w)
        return core::unexpected(core::from_io(
            w.error(), "cannot write the request " + file.string() + ": " + w.error().message));
    return id;
}

core::Result<std::optional<RequestAnswer>, core::Error> RequestSpool::take_answer(
    const std::string& id) const {
    const fs::path file = dir_ / "done" / id;
    std::error_code ec;
    if (!fs::exists(file, ec)) return std::optional<RequestAnswer>{};
    auto bytes = core::read_file(file);
    if (!bytes)
        return core::unexpected(core::from_io(
            bytes.error(), "cannot read " + file.string() + ": " + bytes.error().message));
    auto answer = RequestAnswerTable::decode(id, *bytes);
    if (!answer)
        return core::unexpected(
            core::corrupt_error(file.string() + ": " + answer.error().describe()));
    fs::remove(file, ec);
    return std::optional<RequestAnswer>(std::move(*answer));
}

bool RequestSpool::withdraw(const std::string& id) const {
    std::error_code ec;
    return fs::remove(dir_ / "new" / id, ec);
}

bool RequestSpool::has_new() const {
    std::error_code ec;
    for (fs::directory_iterator it(dir_ / "new", ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.empty() && name[0] != '.') return true;
    }
    return false;
}

core::Result<void, core::Error> RequestSpool::prepare() const { return make_folders(dir_); }

std::vector<Request> RequestSpool::pick_up(
    std::vector<std::pair<std::string, RequestAnswer>>& broken) const {
    std::error_code ec;
    fs::create_directories(dir_ / "cur", ec);
    // A rename that fails leaves the request in new/ for the next pass.
    for (const auto& name : names_in(dir_ / "new"))
        fs::rename(dir_ / "new" / name, dir_ / "cur" / name, ec);
    std::vector<Request> requests;
    for (const auto& name : names_in(dir_ / "cur")) {
        const fs::path file = dir_ / "cur" / name;
        auto bytes = core::read_file(file);
        auto args = bytes ? decode_request(*bytes)
                          : core::Result<std::vector<std::string>, core::Error>(core::unexpected(
                                core::from_io(bytes.error(), bytes.error().message)));
        if (!store::valid_record_key(name) || !args) {
            broken.emplace_back(
                name,
                RequestAnswer{1, "",
                              "crazykrieg: the daemon could not read the request " + file.string() +
                                  ": " + (args ? std::string("bad name") : args.error().detail) +
                                  "\n"});
            continue;
        }
        requests.push_back(Request{name, std::move(*args)});
    }
    return requests;
}

std::vector<std::string> RequestSpool::pending_ids() const {
    auto ids = names_in(dir_ / "new");
    auto cur = names_in(dir_ / "cur");
    ids.insert(ids.end(), cur.begin(), cur.end());
    return ids;
}

core::Result<void, core::Error> RequestSpool::finish(const std::string& id,
                                                     const RequestAnswer& answer) const {
    std::error_code ec;
    fs::create_directories(dir_ / "done", ec);
    const fs::path file = dir_ / "done" / id;
    // The answer need not survive a crash: the record in the store does until cur/<id> is gone.
    if (auto w = core::write_file_atomic(
            file,
            store::record_version_line(RequestAnswerCodec::ns, RequestAnswerCodec::version) +
                RequestAnswerCodec::encode(answer),
            0600);
        !w)
        return core::unexpected(core::from_io(
            w.error(), "cannot write the answer " + file.string() + ": " + w.error().message));
    fs::remove(dir_ / "cur" / id, ec);
    fs::remove(dir_ / "new" / id, ec);
    if (ec)
        return core::unexpected(
            core::from_io(core::IoError{ec, (dir_ / "new" / id).string(), "cannot remove"},
                          "cannot remove the request " + id + ": " + ec.message()));
    return {};
}

void RequestSpool::sweep_answers(std::chrono::seconds age) const {
    std::error_code ec;
    const auto limit = fs::file_time_type::clock::now() - age;
    for (const auto& name : names_in(dir_ / "done")) {
        const fs::path file = dir_ / "done" / name;
        if (fs::last_write_time(file, ec) < limit && !ec) fs::remove(file, ec);
    }
}

}  // namespace ck::daemon
