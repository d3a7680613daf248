#include "core/io_error.hpp"

#include <utility>

namespace ck::core {

std::string IoError::describe() const {
    std::string out = message;
    if (!path.empty()) out += (out.empty() ? "" : ": ") + path;
    if (code) out += (out.empty() ? "" : ": ") + code.message();
    return out;
}

IoError io_error_from_errno(int err, std::string path, std::string message) {
    return IoError{std::error_code(err, std::generic_category()), std::move(path),
                   std::move(message)};
}

IoError sync_error_from_errno(int err, std::string path, std::string message) {
    IoError e = io_error_from_errno(err, std::move(path), std::move(message));
    e.sync_failed = true;
    return e;
}

}  // namespace ck::core
