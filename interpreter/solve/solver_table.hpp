#pragma once
// The solver's transposition table: what has been proven about positions, as bounds on
// their exact value for the player to move. Unlike a player's table it keeps no depth: a
// solver's bound holds whatever line reaches the position (the key covers everything the
// value depends on: see Solver), so a bound only ever tightens.
//
// Memory is bounded: the table is allocated once at its limit (pages are taken from the
// system as they are first written, so a small game uses little), in buckets of a few
// entries; a full bucket evicts the entry whose proof took the least work. Each entry holds
// two independent 64-bit keys, the engine's hash and a check key computed another way, so a
// hash collision between two positions is caught rather than believed.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tabula {

// Bounds on an exact value: lower <= value <= upper.
struct ValueBounds {
  int32_t lower = 0, upper = 0;
  bool exact() const { return lower == upper; }
  // The same bounds for the other side (a value for one side is its negation for the other).
  ValueBounds negated() const { return {-upper, -lower}; }
};

class SolverTable {
 public:
  static constexpr uint16_t kNoMove = 0xFFFF;
  struct Entry {
    uint64_t key = 0;    // the engine's hash with the solver's extras; 0 with work 0: empty
    uint64_t check = 0;  // the same position hashed another way
    int32_t lower = 0, upper = 0;
    uint16_t best_move = kNoMove;  // the index of the best move known in the position's list
    uint8_t work = 0;              // 1 + log2 of the nodes its proof searched (0: empty)
    uint8_t spare = 0;             // flags (the proof-number search's)
  };
  static constexpr int kWays = 4;  // entries per bucket

  // At most `bytes` of entries (at least one bucket), `unknown` the bounds of a position
  // nothing is known of.
  SolverTable(size_t bytes, ValueBounds unknown);
  ~SolverTable();
  SolverTable(const SolverTable&) = delete;
  SolverTable& operator=(const SolverTable&) = delete;

  // Asks the processor to bring a position's bucket into its cache: a search that knows the
  // keys it will look up soon (the moves of a position, before it searches them) waits for
  // memory once for all of them instead of once each.
  void prefetch(uint64_t key) const { __builtin_prefetch(&bucket_of(key)); }
  // What is known of a position (unknown's bounds and kNoMove when nothing), and its best move.
  ValueBounds find(uint64_t key, uint64_t check, uint16_t* best_move = nullptr) const;
  // Adds what a search proved: the bounds are intersected with what the entry knew.
  void store(uint64_t key, uint64_t check, ValueBounds proven, uint16_t best_move, uint64_t nodes);

  // The proof-number search keeps its numbers in a table of its own: an entry's two
  // numbers (lower: proof, upper: disproof) and flags replaced whole, not intersected.
  bool find_entry(uint64_t key, uint64_t check, Entry& out) const;
  void assign(const Entry& e, uint64_t nodes);

  size_t capacity() const { return buckets_ * kWays; }
  size_t bytes() const { return buckets_ * sizeof(Bucket); }
  size_t used() const { return used_.load(std::memory_order_relaxed); }
  uint64_t evictions() const { return evictions_.load(std::memory_order_relaxed); }

  // Every filled entry, for saving; and adding saved entries back (bounds merged).
  std::vector<Entry> entries() const;
  void add(const Entry& e);

 private:
  struct alignas(64) Bucket {
    Entry entries[kWays];
  };
  Entry* slot_for(Bucket& b, uint64_t key, uint64_t check, bool& same);
  Bucket& bucket_of(uint64_t key) const { return buckets_data_[key & (buckets_ - 1)]; }
  std::atomic_flag& lock_of(uint64_t key) const { return locks_[key & (kLocks - 1)]; }

  static constexpr size_t kLocks = 4096;  // striped: threads that share the table rarely meet
  size_t buckets_ = 1;
  void* allocated_ = nullptr;       // calloc'ed: untouched pages cost nothing
  Bucket* buckets_data_ = nullptr;  // in it, from a cache line's start (a bucket is two lines)
  std::unique_ptr<std::atomic_flag[]> locks_;
  ValueBounds unknown_;
  std::atomic<size_t> used_{0};
  std::atomic<uint64_t> evictions_{0};
};

}  // namespace tabula
