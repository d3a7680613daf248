#pragma once
// StrongId<Tag>: a string id that does not mix with other kinds of id (a GameId is not a
// PlayerId even though both are text). Declare one with a tag type:
//   struct GameIdTag {};  using GameId = ck::core::StrongId<GameIdTag>;
// The id's text is whatever the owning module puts in it; this type only keeps kinds apart.
#include <functional>
#include <ostream>
#include <string>
#include <utility>

namespace ck::core {

template <typename Tag>
class StrongId {
public:
    StrongId() = default;
    explicit StrongId(std::string value) : value_(std::move(value)) {}

    const std::string& str() const { return value_; }
    bool empty() const { return value_.empty(); }

    friend bool operator==(const StrongId& a, const StrongId& b) { return a.value_ == b.value_; }
    friend bool operator!=(const StrongId& a, const StrongId& b) { return a.value_ != b.value_; }
    friend bool operator<(const StrongId& a, const StrongId& b) { return a.value_ < b.value_; }
    friend std::ostream& operator<<(std::ostream& out, const StrongId& id) {
        return out << id.value_;
    }

private:
    std::string value_;
};

}  // namespace ck::core

namespace std {
template <typename Tag>
struct hash<ck::core::StrongId<Tag>> {
    size_t operator()(const ck::core::StrongId<Tag>& id) const noexcept {
        return hash<string>()(id.str());
    }
};
}  // namespace std
