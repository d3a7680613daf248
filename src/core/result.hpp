#pragma once
// Result<T, E>: a value or an error, for bad input (tier 2 of the docs/design.md's errors).
// Member names follow C++23 std::expected so that moving to it is a rename:
// has_value(), value(), error(), operator bool, operator*, operator->, value_or().
#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

namespace ck::core {

template <typename E>
class Unexpected {
public:
    explicit Unexpected(E e) : error_(std::move(e)) {}
    const E& error() const& { return error_; }
    E&& error() && { return std::move(error_); }

private:
    E error_;
};

template <typename E>
Unexpected<std::decay_t<E>> unexpected(E&& e) {
    return Unexpected<std::decay_t<E>>(std::forward<E>(e));
}

template <typename T, typename E>
class [[nodiscard]] Result {
public:
    Result(const T& v) : data_(std::in_place_index<0>, v) {}
    Result(T&& v) : data_(std::in_place_index<0>, std::move(v)) {}
    template <typename G>
    Result(Unexpected<G> u) : data_(std::in_place_index<1>, E(std::move(u).error())) {}

    bool has_value() const { return data_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T& value() & {
        assert(has_value());
        return std::get<0>(data_);
    }
    const T& value() const& {
        assert(has_value());
        return std::get<0>(data_);
    }
    T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(data_));
    }
    const E& error() const& {
        assert(!has_value());
        return std::get<1>(data_);
    }
    E&& error() && {
        assert(!has_value());
        return std::get<1>(std::move(data_));
    }
    template <typename U>
    T value_or(U&& fallback) const& {
        return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
    }

    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

private:
    std::variant<T, E> data_;
};

// Result<void, E>: success carries nothing.
template <typename E>
class [[nodiscard]] Result<void, E> {
public:
    Result() = default;
    template <typename G>
    Result(Unexpected<G> u) : error_(E(std::move(u).error())), ok_(false) {}

    bool has_value() const { return ok_; }
    explicit operator bool() const { return ok_; }
    void value() const { assert(ok_); }
    const E& error() const& {
        assert(!ok_);
        return error_;
    }

private:
    E error_{};
    bool ok_ = true;
};

}  // namespace ck::core

// Returns the error of `expr` (a Result) from the enclosing function, whose Result must take
// that error type (core::Error keeps its kind through it, core/error.hpp); goes on when it holds
// a value. The one early-return helper of the project. Usable in any namespace.
#define CK_TRY(expr)                                                               \
    do {                                                                           \
        auto ck_try_r = (expr);                                                    \
        if (!ck_try_r) return ::ck::core::unexpected(std::move(ck_try_r).error()); \
    } while (0)
