#include "core/error.hpp"

#include <system_error>
#include <utility>

namespace ck::core {

std::string_view to_string(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::Transient:
            return "transient";
        case ErrorKind::Corrupt:
            return "corrupt";
        case ErrorKind::Invalid:
            return "invalid";
    }
    return "?";
}

ErrorKind io_error_kind(const IoError& e) {
    if (e.code == std::errc::invalid_argument || e.code == std::errc::illegal_byte_sequence ||
        e.code == std::errc::bad_message)
        return ErrorKind::Corrupt;
    return ErrorKind::Transient;
}

Error from_io(const IoError& e, std::string detail) {
    return Error{io_error_kind(e), std::move(detail)};
}

Error from_io(const IoError& e) { return Error{io_error_kind(e), e.describe()}; }

Error with_context(Error e, std::string_view context) {
    e.detail = std::string(context) + ": " + e.detail;
    return e;
}

std::ostream& operator<<(std::ostream& out, const Error& e) { return out << e.detail; }

}  // namespace ck::core
