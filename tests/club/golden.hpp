#pragma once
// Golden files of the club tests: tests/data/club/golden/<name>. CK_UPDATE_GOLDEN=1 rewrites
// them instead of comparing (review the diff by eye), as tests/compose does.
#include <string>

#include "../golden_file.hpp"

namespace ck::club::test {

inline void check_golden(const std::string& name, const std::string& bytes) {
    ck::test::check_golden_file(std::string(CK_TEST_DATA) + "/club/golden/" + name, bytes);
}

}  // namespace ck::club::test
