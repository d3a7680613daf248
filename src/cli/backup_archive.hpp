#pragma once
// The backup file of `crazykrieg backup` / `restore` (README "Backups"): a POSIX ustar archive
// compressed with zstd (`zstd -dc FILE | tar -t` lists it), holding
//   games/...   the store, file by file, as it was at a committed point (the store's lock held:
//               its files and journals, without the lock files and temp files)
//   secret      the server secret (every reply address in players' hands depends on it)
//   MANIFEST    last: "crazykrieg-backup 1", "created ISO-8601", "referee_address ADDRESS",
//               "store STORE-DIR-AS-CONFIGURED", then one "file SHA256 SIZE PATH" line per file
// Only regular files and directories, relative names without "..": restore refuses anything
// else, and every file must match its MANIFEST line (a torn or altered backup is refused
// before anything is put in place).
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace ck::cli {

// Writes the archive to a stream, compressing as it goes.
class BackupWriter {
public:
    // `out` must outlive the writer.
    explicit BackupWriter(std::ostream& out);
    ~BackupWriter();
    BackupWriter(const BackupWriter&) = delete;
    BackupWriter& operator=(const BackupWriter&) = delete;

    void add_directory(const std::string& name);
    // `mode`: the permission bits to restore.
    void add_file(const std::string& name, const std::string& bytes, unsigned mode);
    // The MANIFEST (`header` lines first, then one line per file added), the end of the
    // archive, the end of the zstd frame. Error: the stream failed.
    core::Result<void, std::string> finish(const std::vector<std::string>& header);

private:
    void put(const std::string& bytes);
    void header(const std::string& name, char type, std::uint64_t size, unsigned mode);
    struct Compressor;
    std::unique_ptr<Compressor> z_;
    std::ostream& out_;
    std::vector<std::string> manifest_;
    bool failed_ = false;
};

struct RestoredBackup {
    std::map<std::string, std::string> manifest;  // header key -> value ("created", ...)
    std::size_t files = 0;
};

// Unpacks the archive `in` into the directory `dir` (which must exist and be empty), checking
// every header, name and file against the MANIFEST. Error: what is wrong, naming the entry.
core::Result<RestoredBackup, std::string> unpack_backup(std::istream& in,
                                                        const std::filesystem::path& dir);

}  // namespace ck::cli
