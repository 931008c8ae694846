#include "kernels/connectivity.hpp"

#include <deque>

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

// The one flood fill over the board's links: the group of `player`'s pieces that `start`
// (one of them, not yet seen) belongs to, marked seen; returns its size, or `enough` as soon
// as it reaches that many pieces.
int flood_group(const Program& p, const uint8_t* board, int player, int start, FloodScratch& f, int enough) {
  auto& [seen, stack, stamp] = f;
  stack.assign(1, static_cast<int16_t>(start));
  seen[start] = stamp;
  int reached = 1;
  while (!stack.empty() && reached < enough) {
    int c = stack.back();
    stack.pop_back();
    for (int16_t x : p.adjacent[c]) {
      if (seen[x] == stamp || !board[x] || p.code_owner[board[x]] != player) continue;
      seen[x] = stamp;
      if (++reached == enough) break;
      stack.push_back(x);
    }
  }
  return reached;
}

}  // namespace

bool pieces_connected(const Program& p, const uint8_t* board, int player, int piece_count) {
  if (piece_count <= 1) return true;
  for (int c = 0; c < p.cells; ++c)
    if (board[c] && p.code_owner[board[c]] == player)
      return flood_group(p, board, player, c, start_flood(p.cells), piece_count) == piece_count;
  return true;
}

int piece_groups(const Program& p, const uint8_t* board, int player) {
  FloodScratch& f = start_flood(p.cells);
  int groups = 0;
  for (int c = 0; c < p.cells; ++c)
    if (board[c] && p.code_owner[board[c]] == player && f.seen[c] != f.stamp) {
      ++groups;
      flood_group(p, board, player, c, f, p.cells + 1);
    }
  return groups;
}

bool pieces_link(const Program& p, const uint8_t* board, int player, const std::vector<int16_t>& from_cells,
                 const std::vector<uint8_t>& to, const std::vector<int16_t>& to_cells) {
  auto mine = [&](int c) { return board[c] && p.code_owner[board[c]] == player; };
  if (std::none_of(to_cells.begin(), to_cells.end(), mine)) return false;
  auto& [seen, stack, stamp] = start_flood(p.cells);
  for (int c : from_cells)
    if (mine(c)) {
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

std::vector<int> linking_groups(const Program& p, const uint8_t* board, int player, const std::vector<uint8_t>& from,
                                const std::vector<uint8_t>& to) {
  auto mine = [&](int c) { return board[c] && p.code_owner[board[c]] == player; };
  std::vector<int> group_of(p.cells, -1), out;
  for (int start = 0, groups = 0; start < p.cells; ++start) {
    if (!mine(start) || group_of[start] >= 0) continue;
    std::vector<int> group{start};  // a flood fill of the group of `start`
    group_of[start] = groups;
    bool in_from = false, in_to = false;
    for (size_t i = 0; i < group.size(); ++i) {
      const int c = group[i];
      in_from = in_from || from[c], in_to = in_to || to[c];
      for (int16_t x : p.adjacent[c])
        if (mine(x) && group_of[x] < 0) group_of[x] = groups, group.push_back(x);
    }
    ++groups;
    if (in_from && in_to) out.insert(out.end(), group.begin(), group.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

int cells_to_link(const Program& p, const uint8_t* board, int player, const std::vector<uint8_t>& from,
                  const std::vector<uint8_t>& to) {
  // Cost of a cell: 0 for the player's piece, 1 for an empty cell, blocked for another's.
  auto cost = [&](int c) { return !board[c] ? 1 : p.code_owner[board[c]] == player ? 0 : -1; };
  std::vector<int> dist(static_cast<size_t>(p.cells), -1);
  std::deque<int> queue;
  for (int c = 0; c < p.cells; ++c)
    if (from[c] && cost(c) >= 0) {
      dist[c] = cost(c);
      if (cost(c) == 0) queue.push_front(c);
      else queue.push_back(c);
    }
  // A 0-1 search: a cell is final when it leaves the queue; zero-cost cells go to the front.
  std::vector<uint8_t> done(static_cast<size_t>(p.cells), 0);
  while (!queue.empty()) {
    const int c = queue.front();
    queue.pop_front();
    if (done[c]) continue;
    done[c] = 1;
    if (to[c]) return dist[c];
    for (int16_t x : p.adjacent[c]) {
      const int w = cost(x);
      if (w < 0 || done[x]) continue;
      if (dist[x] < 0 || dist[c] + w < dist[x]) {
        dist[x] = dist[c] + w;
        if (w == 0) queue.push_front(x);
        else queue.push_back(x);
      }
    }
  }
  return -1;
}

std::vector<int> steps_to(const Program& p, const std::vector<uint8_t>& zone) {
  std::vector<int> steps(static_cast<size_t>(p.cells), -1);
  std::vector<int> queue;
  for (int c = 0; c < p.cells; ++c)
    if (zone[c]) steps[c] = 0, queue.push_back(c);
  for (size_t i = 0; i < queue.size(); ++i)
    for (int16_t x : p.adjacent[queue[i]])
      if (steps[x] < 0) steps[x] = steps[queue[i]] + 1, queue.push_back(x);
  return steps;
}

}  // namespace tabula
