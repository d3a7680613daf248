#pragma once
// WideWeight: a signed 256-bit integer for the edge weights of the Dutch pairing
// (docs/swiss.md, "How the criteria become one weight").
//
// Why 256 bits: C.04.3 orders its criteria strictly (absolute, completion, then the quality
// criteria one after the other); a pairing that is better on an earlier criterion is better
// whatever the later ones say. We give every criterion a bit field wide enough to hold its sum
// over a whole matching, and put the fields side by side, the earliest criterion highest, so that
// comparing two matchings' total weights compares the criteria lexicographically and none is
// lost to an overflow. With fourteen or so fields of up to ~20 bits each (a field holding a
// score-group-by-score-group count is wider) a 500-player event needs about 200 bits, more than
// any built-in integer; a lexicographic cascade of several matchings would need the optimal face
// of each matching (duals and blossoms) to carry the earlier optimum, which LEMON does not expose.
// So the weight is one wide integer, and LEMON's MaxWeightedMatching is instantiated on it: the
// type offers what that template uses (+, -, unary -, * and / by small ints, comparisons,
// std::numeric_limits<>::max/is_integer). Arithmetic is two's complement modulo 2^256; the
// caller keeps every weight below 2^240 so that LEMON's dual values (4 x weight, sums of a few)
// never wrap.
#include <cstdint>
#include <limits>

namespace ck::swiss {

// GCC's 128-bit integers, named once (__extension__: not ISO C++, and -Wpedantic says so).
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

class WideWeight {
public:
    static constexpr int Bits = 256;

    constexpr WideWeight() = default;
    constexpr WideWeight(int v)  // NOLINT: implicit, LEMON writes `Value x = 0`
        : w_{static_cast<std::uint64_t>(static_cast<std::int64_t>(v)),
             v < 0 ? ~std::uint64_t{0} : 0, v < 0 ? ~std::uint64_t{0} : 0,
             v < 0 ? ~std::uint64_t{0} : 0} {}

    static WideWeight from_u64(std::uint64_t v) {
        WideWeight r;
        r.w_[0] = v;
        return r;
    }
    static constexpr WideWeight max_value() {
        WideWeight r;
        r.w_[0] = r.w_[1] = r.w_[2] = ~std::uint64_t{0};
        r.w_[3] = ~std::uint64_t{0} >> 1;
        return r;
    }

    bool negative() const { return (w_[3] >> 63) != 0; }
    bool is_zero() const { return (w_[0] | w_[1] | w_[2] | w_[3]) == 0; }

    // The bit field [shift, shift+width) as a number (width <= 64; for tests and reports).
    std::uint64_t field(int shift, int width) const;
    // this << bits (bits < 256).
    WideWeight shifted_left(int bits) const;
    // this << bits (0 < bits < 64).
    WideWeight shifted_left_small(int bits) const {
        WideWeight r;
        r.w_[0] = w_[0] << bits;
        for (int i = 1; i < 4; ++i) r.w_[i] = (w_[i] << bits) | (w_[i - 1] >> (64 - bits));
        return r;
    }
    // this >> bits (0 < bits < 64), logical: for non-negative values.
    WideWeight shifted_right_small(int bits) const {
        WideWeight r;
        for (int i = 0; i < 4; ++i) {
            r.w_[i] = w_[i] >> bits;
            if (i < 3) r.w_[i] |= w_[i + 1] << (64 - bits);
        }
        return r;
    }
    static WideWeight from_u128(UInt128 v) {
        WideWeight r;
        r.w_[0] = static_cast<std::uint64_t>(v);
        r.w_[1] = static_cast<std::uint64_t>(v >> 64);
        return r;
    }
    // The low 128 bits (exact when the value is below 2^127 and not negative).
    Int128 low128() const {
        return static_cast<Int128>((static_cast<UInt128>(w_[1]) << 64) | w_[0]);
    }
    // Adds v << shift.
    void add_at(std::uint64_t v, int shift);

    WideWeight& operator+=(const WideWeight& o) {
        UInt128 carry = 0;
        for (int i = 0; i < 4; ++i) {
            UInt128 s = static_cast<UInt128>(w_[i]) + o.w_[i] + carry;
            w_[i] = static_cast<std::uint64_t>(s);
            carry = s >> 64;
        }
        return *this;
    }
    WideWeight operator-() const {
        WideWeight r;
        for (int i = 0; i < 4; ++i) r.w_[i] = ~w_[i];
        r += WideWeight(1);
        return r;
    }
    WideWeight& operator-=(const WideWeight& o) {
        std::uint64_t borrow = 0;
        for (int i = 0; i < 4; ++i) {
            const std::uint64_t a = w_[i];
            const std::uint64_t d = a - o.w_[i] - borrow;
            borrow = (a < o.w_[i] || (a == o.w_[i] && borrow)) ? 1 : 0;
            w_[i] = d;
        }
        return *this;
    }
    friend WideWeight operator+(WideWeight a, const WideWeight& b) { return a += b; }
    friend WideWeight operator-(WideWeight a, const WideWeight& b) { return a -= b; }
    // Multiplication by a small int, as in LEMON's `dualScale * w` and `2 * x`.
    friend WideWeight operator*(int k, const WideWeight& a) {
        if (k == 2) return a + a;
        if (k == 4) return a.shifted_left_small(2);
        return multiply(k, a);
    }
    friend WideWeight operator*(const WideWeight& a, int k) { return k * a; }
    // Division by a small int truncating towards zero, as the built-in types do.
    friend WideWeight operator/(const WideWeight& a, int k) {
        if (k == 2 || k == 4) {
            const int bits = k == 2 ? 1 : 2;
            return a.negative() ? -((-a).shifted_right_small(bits)) : a.shifted_right_small(bits);
        }
        return divide(a, k);
    }

    friend bool operator==(const WideWeight& a, const WideWeight& b) {
        return a.w_[0] == b.w_[0] && a.w_[1] == b.w_[1] && a.w_[2] == b.w_[2] && a.w_[3] == b.w_[3];
    }
    friend bool operator!=(const WideWeight& a, const WideWeight& b) { return !(a == b); }
    friend bool operator<(const WideWeight& a, const WideWeight& b) {
        const bool an = a.negative(), bn = b.negative();
        if (an != bn) return an;
        for (int i = 3; i >= 0; --i) {
            if (a.w_[i] != b.w_[i]) return a.w_[i] < b.w_[i];
        }
        return false;
    }
    friend bool operator>(const WideWeight& a, const WideWeight& b) { return b < a; }
    friend bool operator<=(const WideWeight& a, const WideWeight& b) { return !(b < a); }
    friend bool operator>=(const WideWeight& a, const WideWeight& b) { return !(a < b); }

private:
    static WideWeight multiply(int k, const WideWeight& a);
    static WideWeight divide(const WideWeight& a, int k);

    std::uint64_t w_[4] = {0, 0, 0, 0};  // little-endian limbs
};

}  // namespace ck::swiss

namespace std {
template <>
class numeric_limits<ck::swiss::WideWeight> {
public:
    static constexpr bool is_specialized = true;
    static constexpr bool is_integer = true;
    static constexpr bool is_signed = true;
    static constexpr ck::swiss::WideWeight max() { return ck::swiss::WideWeight::max_value(); }
    static ck::swiss::WideWeight min() { return -max() - ck::swiss::WideWeight(1); }
    static ck::swiss::WideWeight lowest() { return min(); }
};
}  // namespace std
