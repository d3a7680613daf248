#pragma once
// A store in a fresh temporary folder for tests that need the store and nothing of the daemon;
// the folder is named after the test (`name`) and the process, and removed at the end.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "store/store.hpp"

namespace ck::test {

struct TempStore {
    std::filesystem::path root;
    std::optional<ck::store::Store> store;
    explicit TempStore(const std::string& name)
        : root(std::filesystem::temp_directory_path() /
               ("ck-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(root);
        auto s = ck::store::Store::open(root);
        REQUIRE(s);
        store.emplace(std::move(*s));
    }
    ~TempStore() {
        store.reset();
        std::error_code ec;
        std::filesystem::remove_all(root, ec);
    }
    TempStore(const TempStore&) = delete;
    TempStore& operator=(const TempStore&) = delete;
    // Commits `bytes` as the record `key` of `ns`, as a damaged disk or a hand edit could leave it.
    void put(ck::store::Namespace ns, const std::string& key, const std::string& bytes) {
        ck::store::Transaction tx(std::chrono::system_clock::now());
        tx.put_record(ns, key, bytes);
        REQUIRE(store->commit(tx));
    }
};

}  // namespace ck::test
