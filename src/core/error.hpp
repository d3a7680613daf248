#pragma once
// core::Error: a failure that keeps its kind up to the orchestrator (docs/design.md, "Errors in
// three tiers"; README "Operator log"), so that the mail pass can tell a failure worth
// retrying from one that retrying cannot mend. The kinds:
//   Transient  the environment failed and may recover: a disk full, EIO, a lock, a store commit
//              or an outbox write that failed. Retrying the same mail later may succeed.
//   Corrupt    stored state cannot be read as what it should be: a game.ini, record.pgn,
//              clock or club state record that does not parse or replay. Retrying reads the
//              same bytes: the operator must look at the store.
//   Invalid    a request the daemon cannot carry out as asked (an unknown variant, a player
//              not registered, a broken invariant of the daemon's own making). Retrying the
//              same request gives the same answer.
// `detail` is the operator's one-line text (it may name squares or FENs: never mail it).
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "core/io_error.hpp"

namespace ck::core {

enum class ErrorKind : std::uint8_t { Transient, Corrupt, Invalid };

// "transient", "corrupt", "invalid".
std::string_view to_string(ErrorKind kind);

struct Error {
    ErrorKind kind = ErrorKind::Invalid;
    std::string detail;

    // Only a Transient failure may pass on its own; Corrupt and Invalid need the operator.
    bool transient() const { return kind == ErrorKind::Transient; }
};

inline Error transient_error(std::string detail) {
    return Error{ErrorKind::Transient, std::move(detail)};
}
inline Error corrupt_error(std::string detail) {
    return Error{ErrorKind::Corrupt, std::move(detail)};
}
inline Error invalid_error(std::string detail) {
    return Error{ErrorKind::Invalid, std::move(detail)};
}

// The kind of an I/O failure: Corrupt when the store refused bytes it read or was given as
// malformed (std::errc::invalid_argument, illegal_byte_sequence, bad_message); every other OS
// error (no space, EIO, a lock, a missing file) is Transient.
ErrorKind io_error_kind(const IoError& e);
// An Error of io_error_kind(e) whose detail is `detail` (callers keep their own wording).
Error from_io(const IoError& e, std::string detail);
// The same with e.describe() as the detail.
Error from_io(const IoError& e);

// `e` with "CONTEXT: " put before its detail ("game 7: record.pgn: ..."); the kind is kept.
Error with_context(Error e, std::string_view context);

// Writes the detail alone (what the callers printed when errors were strings).
std::ostream& operator<<(std::ostream& out, const Error& e);

}  // namespace ck::core
