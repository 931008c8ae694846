#include "keyed_hash.hpp"

namespace tabula::web {
namespace {

uint64_t rotate_left(uint64_t x, int bits) { return (x << bits) | (x >> (64 - bits)); }

// Eight bytes as a little-endian word.
uint64_t word(const uint8_t* p) {
  uint64_t w = 0;
  for (int i = 7; i >= 0; --i) w = (w << 8) | p[i];
  return w;
}

struct State {
  uint64_t v0, v1, v2, v3;
  void round() {
    v0 += v1;
    v1 = rotate_left(v1, 13) ^ v0;
    v0 = rotate_left(v0, 32);
    v2 += v3;
    v3 = rotate_left(v3, 16) ^ v2;
    v0 += v3;
    v3 = rotate_left(v3, 21) ^ v0;
    v2 += v1;
    v1 = rotate_left(v1, 17) ^ v2;
    v2 = rotate_left(v2, 32);
  }
  void absorb(uint64_t m) {  // two compression rounds per word
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
};

}  // namespace

uint64_t siphash24(const std::array<uint8_t, 16>& key, const uint8_t* data, size_t size) {
  const uint64_t k0 = word(key.data()), k1 = word(key.data() + 8);
  // The initial words are the ASCII of "somepseudorandomlygeneratedbytes", as the design gives them.
  State s{k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL, k0 ^ 0x6c7967656e657261ULL,
          k1 ^ 0x7465646279746573ULL};
  size_t whole = size - size % 8;
  for (size_t i = 0; i < whole; i += 8) s.absorb(word(data + i));
  // The last word: the bytes left, and the length's low byte on top.
  uint64_t last = static_cast<uint64_t>(size & 0xff) << 56;
  for (size_t i = whole; i < size; ++i) last |= static_cast<uint64_t>(data[i]) << (8 * (i - whole));
  s.absorb(last);
  s.v2 ^= 0xff;  // four finalisation rounds
  for (int i = 0; i < 4; ++i) s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

}  // namespace tabula::web
