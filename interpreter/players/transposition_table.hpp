#pragma once
// A fixed-size transposition table keyed by State::hash(): one entry per slot, replaced
// when the new search is at least as deep. The best move is kept as its index in the
// position's legal move list (move generation is deterministic), which keeps entries small.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace tabula {

class TranspositionTable {
 public:
  enum class Bound : uint8_t { exact, lower, upper };
  static constexpr uint16_t kNoMove = 0xFFFF;

  struct Entry {
    uint64_t key = 0;
    double value = 0;
    int16_t depth = -1;  // -1: empty slot
    Bound bound = Bound::exact;
    uint16_t best_move = kNoMove;
  };

  explicit TranspositionTable(int log2_entries = 18)
      : entries_(size_t{1} << log2_entries), mask_(entries_.size() - 1) {}

  const Entry* find(uint64_t key) const {
    const Entry& e = entries_[key & mask_];
    return e.depth >= 0 && e.key == key ? &e : nullptr;
  }

  void store(uint64_t key, int depth, double value, Bound bound, uint16_t best_move) {
    Entry& e = entries_[key & mask_];
    if (e.depth >= 0 && e.key != key && e.depth > depth) return;        // keep the deeper result
    if (e.key == key && best_move == kNoMove) best_move = e.best_move;  // keep a known move
    e = {key, value, static_cast<int16_t>(depth), bound, best_move};
  }

  void clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }
  size_t size() const { return entries_.size(); }

 private:
  std::vector<Entry> entries_;
  size_t mask_;
};

}  // namespace tabula
