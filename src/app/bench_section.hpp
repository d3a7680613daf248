#pragma once
// `crazykrieg bench` prints the figures of every registered section in order, each as
// "name: value unit" lines (README "Benchmarks"). A section (<name>_bench.cpp) registers itself
// with a static BenchRegistration and gets the stream to print on; the benches are compiled into
// the executable (src/app/CMakeLists.txt), so no registration is dropped by the linker.
#include <ostream>
#include <string_view>
#include <vector>

namespace ck::app {

struct BenchSection {
    std::string_view name;
    int order;
    void (*run)(std::ostream& out);
};
// Every registered section, sorted by order.
std::vector<BenchSection> bench_sections();
struct BenchRegistration {
    explicit BenchRegistration(BenchSection s);
};

}  // namespace ck::app
