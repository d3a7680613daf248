#include "swiss/wide_weight.hpp"

#include <cassert>

namespace ck::swiss {

std::uint64_t WideWeight::field(int shift, int width) const {
    assert(width > 0 && width <= 64 && shift >= 0 && shift + width <= Bits);
    const int limb = shift / 64;
    const int bit = shift % 64;
    UInt128 v = w_[limb] >> bit;
    if (bit != 0 && limb + 1 < 4) v |= static_cast<UInt128>(w_[limb + 1]) << (64 - bit);
    const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    return static_cast<std::uint64_t>(v) & mask;
}

WideWeight WideWeight::shifted_left(int bits) const {
    assert(bits >= 0 && bits < Bits);
    WideWeight r;
    const int limbs = bits / 64;
    const int bit = bits % 64;
    for (int i = 3; i >= limbs; --i) {
        std::uint64_t v = w_[i - limbs] << bit;
        if (bit != 0 && i - limbs - 1 >= 0) v |= w_[i - limbs - 1] >> (64 - bit);
        r.w_[i] = v;
    }
    return r;
}

void WideWeight::add_at(std::uint64_t v, int shift) {
    // v << shift touches at most two limbs.
    const int limb = shift / 64;
    const int bit = shift % 64;
    WideWeight d;
    d.w_[limb] = v << bit;
    if (bit != 0 && limb + 1 < 4) d.w_[limb + 1] = v >> (64 - bit);
    *this += d;
}

WideWeight WideWeight::multiply(int k, const WideWeight& a) {
    const bool neg = k < 0;
    unsigned m = static_cast<unsigned>(neg ? -k : k);
    WideWeight r;
    WideWeight p = a;
    while (m != 0) {
        if (m & 1u) r += p;
        p += p;
        m >>= 1;
    }
    return neg ? -r : r;
}

WideWeight WideWeight::divide(const WideWeight& a, int k) {
    assert(k != 0);
    const bool neg = (a.negative()) != (k < 0);
    WideWeight n = a.negative() ? -a : a;
    std::uint64_t d = static_cast<std::uint64_t>(k < 0 ? -static_cast<std::int64_t>(k) : k);
    // Long division limb by limb, most significant first.
    WideWeight q;
    UInt128 rem = 0;
    for (int i = 3; i >= 0; --i) {
        UInt128 cur = (rem << 64) | n.w_[i];
        q.w_[i] = static_cast<std::uint64_t>(cur / d);
        rem = cur % d;
    }
    return neg ? -q : q;
}

}  // namespace ck::swiss
