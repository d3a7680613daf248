#pragma once
// CRC-32C (Castagnoli, as in iSCSI and ext4 metadata): the journal's checksum (journal.hpp).
#include <cstdint>
#include <string_view>

namespace ck::store {

// The CRC of `bytes` continued from `crc`, the CRC of what came before (0 for nothing):
// crc32c(crc32c(0, a), b) == crc32c(0, a + b).
std::uint32_t crc32c(std::uint32_t crc, std::string_view bytes);
// The same CRC by tables alone (slicing by 8): what crc32c uses on a CPU without the SSE 4.2
// crc32 instruction; for tests to check one against the other.
std::uint32_t crc32c_portable(std::uint32_t crc, std::string_view bytes);

}  // namespace ck::store
