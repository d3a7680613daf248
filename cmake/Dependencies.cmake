# Every dependency comes from Debian's packages (scripts/setup.sh installs them).
find_package(CURL REQUIRED)                                   # CURL::libcurl
find_package(Boost 1.74 REQUIRED COMPONENTS program_options)  # Boost::program_options
find_package(Threads REQUIRED)
find_package(OpenSSL REQUIRED)                                # OpenSSL::Crypto (SHA-256, HMAC, RNG)
if(CK_BUILD_TESTS)
    find_package(Catch2 2 REQUIRED)                           # Catch2::Catch2, Catch2::Catch2WithMain
    include(Catch)
endif()
# mimetic ships neither a CMake config nor a .pc file.
find_path(MIMETIC_INCLUDE_DIR mimetic/mimetic.h REQUIRED)
find_library(MIMETIC_LIBRARY mimetic REQUIRED)
if(NOT TARGET mimetic::mimetic)
    add_library(mimetic::mimetic UNKNOWN IMPORTED)
    set_target_properties(mimetic::mimetic PROPERTIES
        IMPORTED_LOCATION "${MIMETIC_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${MIMETIC_INCLUDE_DIR}")
endif()
# Compressed PGN input (src/pgn/decoder.cpp): zlib, libbz2, liblzma, libzstd.
find_package(ZLIB REQUIRED)                                   # ZLIB::ZLIB
find_package(BZip2 REQUIRED)                                  # BZip2::BZip2
find_package(LibLZMA REQUIRED)                                # LibLZMA::LibLZMA
find_package(PkgConfig REQUIRED)
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)      # PkgConfig::ZSTD
