#include "store/state.hpp"

#include <array>

namespace ck::store {
namespace {

constexpr std::array<std::string_view, NamespaceCount> Names = {
    "meta",        "players",     "leaves",  "challenges",
    "tournaments", "rate-limits", "ratings", "deadlines"};

bool plain(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' ||
           c == '+' || c == '_' || c == '-';
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::string_view namespace_name(Namespace ns) { return Names[static_cast<std::size_t>(ns)]; }

std::optional<Namespace> namespace_of(std::string_view name) {
    for (std::size_t i = 0; i < Names.size(); ++i)
        if (Names[i] == name) return static_cast<Namespace>(i);
    return std::nullopt;
}

bool valid_record_key(std::string_view key) {
    if (key.empty() || key.size() > 200) return false;
    for (const char c : key) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x21 || u > 0x7e) return false;
    }
    return true;
}

std::string record_file_name(std::string_view key) {
    static constexpr char Hex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : key) {
        if (plain(c)) {
            out += c;
        } else {
            const auto u = static_cast<unsigned char>(c);
            out += '%';
            out += Hex[u >> 4];
            out += Hex[u & 15];
        }
    }
    return out;
}

std::optional<std::string> record_key_of(std::string_view file_name) {
    std::string key;
    for (std::size_t i = 0; i < file_name.size(); ++i) {
        const char c = file_name[i];
        if (plain(c)) {
            key += c;
            continue;
        }
        if (c != '%' || i + 2 >= file_name.size()) return std::nullopt;
        const int hi = hex_value(file_name[i + 1]), lo = hex_value(file_name[i + 2]);
        if (hi < 0 || lo < 0) return std::nullopt;
        const char decoded = static_cast<char>(hi * 16 + lo);
        if (plain(decoded)) return std::nullopt;  // not what record_file_name writes
        key += decoded;
        i += 2;
    }
    if (!valid_record_key(key)) return std::nullopt;
    return key;
}

}  // namespace ck::store
