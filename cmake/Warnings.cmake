# Warnings on everywhere, clean; sanitizers on request.
add_compile_options(-Wall -Wextra -Wpedantic)
if(CK_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
    add_link_options(-fsanitize=address,undefined)
    # The sanitizer build also checks the programmer-error tier (style guide, errors tier 1):
    # assert() stays on even in RelWithDebInfo, and libstdc++ checks container bounds.
    add_compile_options(-UNDEBUG -D_GLIBCXX_ASSERTIONS)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        # g++ 12 gives false "may be used uninitialized" (std::optional<std::string>, std::regex)
        # and -Wrestrict (std::string operator+, GCC bug 105651) warnings inside libstdc++ once
        # ASan instruments the code; the Release build keeps both warnings on.
        add_compile_options(-Wno-maybe-uninitialized -Wno-restrict)
    endif()
endif()
if(CMAKE_BUILD_TYPE STREQUAL "Release")
    add_compile_options(-O3)
endif()

# CK_NATIVE_POPCNT: let the compiler emit the POPCNT instruction for popcount (bitboards,
# perft hot path) instead of calling libgcc's __popcountdi2. POPCNT is part of x86-64-v2, so the
# binary still runs on any x86-64-v2 machine (-mpopcnt only, not -march=native). Default ON when
# the target is x86_64; turn it OFF for a baseline x86-64 (v1) binary. Ignored on other targets.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    set(CK_NATIVE_POPCNT_DEFAULT ON)
else()
    set(CK_NATIVE_POPCNT_DEFAULT OFF)
endif()
option(CK_NATIVE_POPCNT "Use the x86-64-v2 POPCNT instruction (-mpopcnt)" ${CK_NATIVE_POPCNT_DEFAULT})
if(CK_NATIVE_POPCNT AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
    add_compile_options(-mpopcnt)
endif()
