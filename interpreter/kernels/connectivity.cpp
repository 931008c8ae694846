#include "kernels/connectivity.hpp"

namespace tabula {

// Flood fill from one piece; the group is whole when it reaches piece_count pieces.
// Buffers are per thread so playout threads never share them.
bool pieces_connected(const Program& p, const uint8_t* board, int player, int piece_count) {
  if (piece_count <= 1) return true;
  thread_local std::vector<uint32_t> seen;
  thread_local std::vector<int16_t> stack;
  thread_local uint32_t stamp = 0;
  if (seen.size() < static_cast<size_t>(p.cells)) seen.assign(p.cells, 0);
  if (++stamp == 0) {
    std::fill(seen.begin(), seen.end(), 0);
    stamp = 1;
  }
  int start = -1;
  for (int c = 0; c < p.cells; ++c)
    if (board[c] && p.owner(board[c]) == player) {
      start = c;
      break;
    }
  if (start < 0) return true;
  stack.clear();
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
  thread_local std::vector<uint32_t> seen;
  thread_local std::vector<int16_t> stack;
  thread_local uint32_t stamp = 0;
  if (seen.size() < static_cast<size_t>(p.cells)) seen.assign(p.cells, 0);
  if (++stamp == 0) {
    std::fill(seen.begin(), seen.end(), 0);
    stamp = 1;
  }
  auto mine = [&](int c) { return board[c] && p.code_owner[board[c]] == player; };
  stack.clear();
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
