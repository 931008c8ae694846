#pragma once
// A fixed-size transposition table keyed by State::hash(): one entry per slot, replaced
// when the new search is at least as deep. The best move is kept as its index in the
// position's legal move list (move generation is deterministic), which keeps entries small.
//
// Several threads may read and write it at once (lazy SMP, players/alphabeta_agent): a slot
// is three atomic words, written and read without a lock, and its first word holds the key
// xor the other two, so a slot that two writers tore apart reads as a miss rather than as
// another position's entry (the lockless hashing of Hyatt and Mann). On one thread it
// behaves as a plain table.
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>

namespace tabula {

class TranspositionTable {
 public:
  enum class Bound : uint8_t { exact, lower, upper };
  static constexpr uint16_t kNoMove = 0xFFFF;
  static constexpr size_t kSlotBytes = 3 * sizeof(uint64_t);

  struct Entry {
    uint64_t key = 0;
    double value = 0;
    int16_t depth = -1;  // -1: empty slot
    Bound bound = Bound::exact;
    uint16_t best_move = kNoMove;
  };

  explicit TranspositionTable(int log2_entries = 18)
      : size_(size_t{1} << log2_entries), mask_(size_ - 1), slots_(std::make_unique<Slot[]>(size_)) {}

  std::optional<Entry> find(uint64_t key) const {
    const Slot& s = slots_[key & mask_];
    const uint64_t check = s.check.load(std::memory_order_relaxed);
    const uint64_t value = s.value.load(std::memory_order_relaxed);
    const uint64_t info = s.info.load(std::memory_order_relaxed);
    if (info == kEmpty || (check ^ value ^ info) != key) return std::nullopt;
    return unpack(key, value, info);
  }

  void store(uint64_t key, int depth, double value, Bound bound, uint16_t best_move) {
    Slot& s = slots_[key & mask_];
    const uint64_t old_info = s.info.load(std::memory_order_relaxed);
    if (old_info != kEmpty) {
      const uint64_t old_key =
          s.check.load(std::memory_order_relaxed) ^ s.value.load(std::memory_order_relaxed) ^ old_info;
      const Entry old = unpack(old_key, 0, old_info);
      if (old_key != key && old.depth > depth) return;                        // keep the deeper result
      if (old_key == key && best_move == kNoMove) best_move = old.best_move;  // keep a known move
    }
    const uint64_t bits = std::bit_cast<uint64_t>(value);
    const uint64_t info = pack(depth, bound, best_move);
    s.value.store(bits, std::memory_order_relaxed);
    s.info.store(info, std::memory_order_relaxed);
    s.check.store(key ^ bits ^ info, std::memory_order_relaxed);
  }

  void clear() {
    for (size_t i = 0; i < size_; ++i) {
      slots_[i].check.store(0, std::memory_order_relaxed);
      slots_[i].value.store(0, std::memory_order_relaxed);
      slots_[i].info.store(kEmpty, std::memory_order_relaxed);
    }
  }
  size_t size() const { return size_; }

 private:
  // depth + 1 in bits 0-15 (0: empty), the bound in 16-23, the move in 24-39.
  static constexpr uint64_t kEmpty = 0;
  struct Slot {
    std::atomic<uint64_t> check{0}, value{0}, info{kEmpty};
  };
  static uint64_t pack(int depth, Bound bound, uint16_t move) {
    return uint64_t(uint16_t(depth + 1)) | uint64_t(bound) << 16 | uint64_t(move) << 24;
  }
  static Entry unpack(uint64_t key, uint64_t value, uint64_t info) {
    return {key, std::bit_cast<double>(value), static_cast<int16_t>(uint16_t(info & 0xFFFF) - 1),
            static_cast<Bound>((info >> 16) & 0xFF), static_cast<uint16_t>(info >> 24)};
  }

  size_t size_;
  size_t mask_;
  std::unique_ptr<Slot[]> slots_;
};

}  // namespace tabula
