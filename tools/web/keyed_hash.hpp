#pragma once
// SipHash-2-4 (Aumasson and Bernstein, 2012): a 64-bit keyed hash, a pseudorandom function
// of its 128-bit key. The web board signs its browsers' tokens with it (web_access.hpp): a
// token is a random number and its hash under the server's secret key, so the server checks
// a token without keeping one, and none can be made without the key.
#include <array>
#include <cstddef>
#include <cstdint>

namespace tabula::web {

uint64_t siphash24(const std::array<uint8_t, 16>& key, const uint8_t* data, size_t size);

}  // namespace tabula::web
