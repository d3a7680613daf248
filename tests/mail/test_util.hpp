#pragma once
// Helpers shared by the mail tests.
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace ck::mail::test {

inline std::string read_eml(const std::string& name) {
    const std::string path = std::string(CK_TEST_DATA) + "/mail/eml/" + name;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace ck::mail::test
