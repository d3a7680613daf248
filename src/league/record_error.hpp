#pragma once
// The league's errors at the store's edge (core/error.hpp kinds). A stored record that its codec
// cannot read (store::StateError, store/table.hpp) is Corrupt: retrying reads the same bytes.
// The codecs themselves keep store/table.hpp's interface (decode returns a std::string reason):
// the table names the record, and this is where its failure gets its kind.
#include "core/error.hpp"
#include "store/table.hpp"

namespace ck::league {

// Corrupt, "store record NS/KEY: REASON".
inline core::Error record_error(const store::StateError& e) {
    return core::corrupt_error(e.describe());
}

}  // namespace ck::league
