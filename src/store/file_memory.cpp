#include "store/file_memory.hpp"

namespace ck::store {

const std::string* FileMemory::held(const Key& key, const std::optional<FileStamp>& now) {
    const auto it = held_.find(key);
    if (it == held_.end()) return nullptr;
    if (!now || !(*now == it->second.stamp)) {
        forget(key);
        return nullptr;
    }
    used_.splice(used_.begin(), used_, it->second.used);
    return &it->second.bytes;
}

const std::string* FileMemory::held_as_checked(const Key& key) const {
    const auto it = held_.find(key);
    return it == held_.end() ? nullptr : &it->second.bytes;
}

void FileMemory::make_room(std::size_t bytes) {
    while (!used_.empty() && held_bytes_ + bytes > limit_) forget(used_.back());
}

void FileMemory::hold(const Key& key, std::string bytes, const FileStamp& stamp) {
    forget(key);
    if (bytes.size() > limit_) return;
    make_room(bytes.size());
    held_bytes_ += bytes.size();
    used_.push_front(key);
    held_.emplace(key, Held{std::move(bytes), stamp, used_.begin()});
}

void FileMemory::held_patched(const Key& key, const std::optional<FileStamp>& before,
                              std::uint64_t keep, std::string_view bytes, const FileStamp& after) {
    const auto it = held_.find(key);
    if (it == held_.end()) return;
    Held& h = it->second;
    if (!before || !(*before == h.stamp) || h.bytes.size() < keep || keep + bytes.size() > limit_) {
        forget(key);
        return;
    }
    held_bytes_ -= h.bytes.size();
    h.bytes.resize(static_cast<std::size_t>(keep));
    h.bytes.append(bytes);
    h.stamp = after;
    held_bytes_ += h.bytes.size();
    used_.splice(used_.begin(), used_, h.used);
    make_room(0);
}

void FileMemory::forget(const Key& key) {
    const auto it = held_.find(key);
    if (it == held_.end()) return;
    held_bytes_ -= it->second.bytes.size();
    used_.erase(it->second.used);
    held_.erase(it);
}

void FileMemory::forget_held() {
    held_.clear();
    used_.clear();
    held_bytes_ = 0;
}

const std::string* FileMemory::staged(const Key& key) const {
    const auto it = staged_.find(key);
    return it == staged_.end() ? nullptr : &it->second.bytes;
}

void FileMemory::stage(const Key& key, const std::string* base, std::uint64_t keep,
                       std::string_view bytes, std::uint64_t at) {
    const auto it = staged_.find(key);
    const bool known = keep == 0 || (base != nullptr && base->size() >= keep);
    if (!known || staged_bytes_ + keep + bytes.size() > limit_) {
        if (it != staged_.end()) {
            staged_bytes_ -= it->second.bytes.size();
            staged_.erase(it);
        }
        return;
    }
    if (it != staged_.end() && base == &it->second.bytes) {  // the staged content grows in place
        Staged& s = it->second;
        staged_bytes_ -= s.bytes.size();
        s.bytes.resize(static_cast<std::size_t>(keep));
        s.bytes.append(bytes);
        s.at = at;
        staged_bytes_ += s.bytes.size();
        return;
    }
    std::string content;
    content.reserve(static_cast<std::size_t>(keep) + bytes.size());
    if (keep != 0) content.append(*base, 0, static_cast<std::size_t>(keep));
    content.append(bytes);
    if (it != staged_.end()) staged_bytes_ -= it->second.bytes.size();
    staged_bytes_ += content.size();
    staged_[key] = Staged{std::move(content), at};
}

void FileMemory::rewind_staged(std::uint64_t at) {
    for (auto it = staged_.begin(); it != staged_.end();) {
        if (it->second.at >= at) {
            staged_bytes_ -= it->second.bytes.size();
            it = staged_.erase(it);
        } else {
            ++it;
        }
    }
}

void FileMemory::forget_staged() {
    staged_.clear();
    staged_bytes_ = 0;
}

}  // namespace ck::store
