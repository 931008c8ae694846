#pragma once
// Moves kept compactly: a Move is 144 bytes because it has room for a long capture
// sequence, but most moves use none of it. The arena keeps each move's 16-byte header and
// only the steps it uses, so a search tree of a million nodes does not need 144 MB for its
// moves.
#include <cstdint>
#include <cstring>
#include <vector>

#include "program/move.hpp"

namespace tabula {

class MoveArena {
 public:
  // The move's place in the arena.
  uint32_t add(const Move& m) {
    const uint32_t at = static_cast<uint32_t>(words_.size());
    words_.resize(words_.size() + kHeaderWords + m.steps);
    std::memcpy(&words_[at], &m, kHeaderWords * sizeof(uint32_t));
    if (m.steps) std::memcpy(&words_[at + kHeaderWords], m.path, m.steps * sizeof(Step));
    return at;
  }
  // Writes the move at `at` into `out` (its unused steps are left as they were).
  void load(uint32_t at, Move& out) const {
    std::memcpy(static_cast<void*>(&out), &words_[at], kHeaderWords * sizeof(uint32_t));
    if (out.steps) std::memcpy(out.path, &words_[at + kHeaderWords], out.steps * sizeof(Step));
  }
  Move get(uint32_t at) const {
    Move m;
    load(at, m);
    return m;
  }
  void clear() { words_.clear(); }
  size_t bytes() const { return words_.capacity() * sizeof(uint32_t); }

 private:
  static constexpr size_t kHeaderWords = 4;
  static_assert(sizeof(Step) == sizeof(uint32_t) && offsetof(Move, path) == kHeaderWords * sizeof(uint32_t));
  std::vector<uint32_t> words_;
};

}  // namespace tabula
