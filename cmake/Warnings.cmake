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
