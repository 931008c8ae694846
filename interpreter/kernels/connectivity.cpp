#include "kernels/connectivity.hpp"

#include <algorithm>

namespace tabula {
namespace {

// A flood fill's buffers, per thread so playout threads never share them: a cell is seen
// when its mark is the current stamp, so starting a fill clears nothing.
struct FloodScratch {
  std::vector<uint32_t> seen;
  std::vector<int16_t> stack;
  uint32_t stamp = 0;
};

FloodScratch& start_flood(int cells) {
  thread_local FloodScratch f;
  if (f.seen.size() < static_cast<size_t>(cells)) f.seen.assign(cells, 0);
  if (++f.stamp == 0) {
    std::fill(f.seen.begin(), f.seen.end(), 0);
    f.stamp = 1;
  }
  f.stack.clear();
  return f;
}

}  // namespace

// Flood fill from one piece; the group is whole when it reaches piece_count pieces.
bool pieces_connected(const Program& p, const uint8_t* board, int player, int piece_count) {
  if (piece_count <= 1) return true;
  auto& [seen, stack, stamp] = start_flood(p.cells);
  int start = -1;
  for (int c = 0; c < p.cells; ++c)
    if (board[c] && p.owner(board[c]) == player) {
      start = c;
      break;
    }
  if (start < 0) return true;
  stack.push_back(static_cast<int16_t>(start));
  seen[start] = stamp;
  int reached = 1;
  while (!stack.empty()) {
    int c = stack.back();
    stack.pop_back();
    for (int16_t x : p.adjacent[c]) {
      if (seen[x] == stamp || !board[x] || p.owner(board[x]) != player) continue;
      seen[x] = stamp;
      if (++reached == piece_count) return true;
      stack.push_back(x);
    }
  }
  return false;
}

bool pieces_link(const Program& p, const uint8_t* board, int player, const std::vector<uint8_t>& from,
                 const std::vector<uint8_t>& to) {
  auto& [seen, stack, stamp] = start_flood(p.cells);
  auto mine = [&](int c) { return board[c] && p.code_owner[board[c]] == player; };
  for (int c = 0; c < p.cells; ++c)
    if (from[c] && mine(c)) {
      if (to[c]) return true;
      seen[c] = stamp;
      stack.push_back(static_cast<int16_t>(c));
    }
  while (!stack.empty()) {
    int c = stack.back();
    stack.pop_back();
    for (int16_t x : p.adjacent[c]) {
      if (seen[x] == stamp || !mine(x)) continue;
      if (to[x]) return true;
      seen[x] = stamp;
      stack.push_back(x);
    }
  }
  return false;
}

}  // namespace tabula
