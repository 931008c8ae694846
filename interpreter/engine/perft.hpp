#pragma once
// Perft: the leaves of the game tree cut at a given depth. Every sequence of `depth` moves
// ends in a leaf, and so does every shorter sequence after which the game is over: a
// finished game counts as one leaf where it ends, at the root too (so `perft 1` of a
// finished position is 1). `full_length` counts only sequences of exactly `depth` moves (a
// game over sooner adds nothing), the convention of most published perft lists. The last
// ply is counted from the move list (bulk counting).
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

// The deepest count asked for (the CLI's depth, the facade's and Python's perft). Deep counts
// are for games that end soon (a first win at ply 14, an endgame); 64 bounds the recursion,
// and a count of 2^64 leaves, which the 64-bit total could not hold, would take centuries.
constexpr int kMaxPerftPlies = 64;

struct PerftOptions {
  bool full_length = false;
  // When set (by a signal handler, another thread), the count stops at the next position
  // and reports what it counted so far.
  const std::atomic<bool>* stop = nullptr;
};

struct PerftCount {
  uint64_t leaves = 0;
  bool complete = true;  // false: stopped early, `leaves` is a lower bound
};

// Per root move: its text and its subtree count (`--divide`); `total` also counts a
// finished root.
struct PerftDivision {
  std::vector<std::pair<std::string, uint64_t>> moves;
  uint64_t total = 0;
  bool complete = true;
};

PerftCount perft(State& s, int depth, const PerftOptions& options);
PerftDivision perft_divide(State& s, int depth, const PerftOptions& options);

// The default rule, run to the end.
inline uint64_t perft(State& s, int depth) { return perft(s, depth, PerftOptions{}).leaves; }
inline std::vector<std::pair<std::string, uint64_t>> perft_divide(State& s, int depth) {
  return perft_divide(s, depth, PerftOptions{}).moves;
}

}  // namespace tabula
