#include "kernels/flanking.hpp"

#include <algorithm>

#include "kernels/line_sweeps.hpp"

namespace tabula {
namespace {

int owner_at(const Program& p, const uint8_t* board, int cell) { return board[cell] ? p.owner(board[cell]) : -1; }

// The first occupied cell from `cell` in direction `d` across empty cells, or -1.
int first_piece(const Program& p, const uint8_t* board, int cell, int d) {
  const int16_t* ray = p.ray(cell, d);
  for (int k = 0; k < p.ray_len(cell, d); ++k)
    if (board[ray[k]]) return ray[k];
  return -1;
}

// Whether `d` starts an axis (each opposite pair counted once).
bool starts_axis(const Program& p, int d) { return p.opposite[d] != kNoDirection && d < p.opposite[d]; }

}  // namespace

bool sees_piece_of(const Program& p, const uint8_t* board, int cell, int player) {
  for (int d = 0; d < p.dirs; ++d) {
    int x = first_piece(p, board, cell, d);
    if (x >= 0 && p.owner(board[x]) == player) return true;
  }
  return false;
}

bool in_run_flanked_by(const Program& p, const uint8_t* board, int cell, int player) {
  for (int d = 0; d < p.dirs; ++d) {
    if (!starts_axis(p, d)) continue;
    int a = first_piece(p, board, cell, d);
    int b = first_piece(p, board, cell, p.opposite[d]);
    if (a >= 0 && b >= 0 && p.owner(board[a]) == player && p.owner(board[b]) == player) return true;
  }
  return false;
}

std::vector<int> dead_chain_cells(const Program& p, const uint8_t* board, int player) {
  std::vector<uint8_t> dead(p.cells, 0);
  for (int d = 0; d < p.dirs; ++d) {
    if (!starts_axis(p, d)) continue;
    int o = p.opposite[d];
    for (int c = 0; c < p.cells; ++c) {
      if (owner_at(p, board, c) != player) continue;
      // Start of a chain on this axis: the cell behind (direction o) is not the player's.
      int behind = p.ray_len(c, o) ? p.ray(c, o)[0] : -1;
      if (behind >= 0 && owner_at(p, board, behind) == player) continue;
      int end = c, k = 0;
      while (k < p.ray_len(c, d) && owner_at(p, board, p.ray(c, d)[k]) == player) end = p.ray(c, d)[k++];
      int beyond = k < p.ray_len(c, d) ? p.ray(c, d)[k] : -1;
      int before = behind;
      auto enemy = [&](int x) { return x >= 0 && board[x] && p.owner(board[x]) != player; };
      if (!enemy(before) || !enemy(beyond)) continue;
      dead[c] = 1;
      for (int j = 0; j < k; ++j) dead[p.ray(c, d)[j]] = 1;
      (void)end;
    }
  }
  std::vector<int> out;
  for (int c = 0; c < p.cells; ++c)
    if (dead[c]) out.push_back(c);
  return out;
}

int flanked_run(const Program& p, const uint8_t* board, int cell, int d, int side, int vacated) {
  const int16_t* ray = p.ray(cell, d);
  const int len = p.ray_len(cell, d);
  for (int k = 0; k < len; ++k) {
    const int x = ray[k];
    const uint8_t code = x == vacated ? 0 : board[x];
    if (!code) return 0;
    if (p.code_owner[code] == side) return k;
  }
  return 0;
}

std::vector<int> territory_owners(const Program& p, const uint8_t* board) {
  // flanked[c] bit per player: some run through c is flanked by that player.
  std::vector<uint32_t> flanked(p.cells, 0);
  bool swept = false;  // else walk the rays
  if (p.sweeps_by_words()) {
    std::vector<uint64_t> words(static_cast<size_t>(p.straight_lines.count()) * line_word_stride(p));
    gather_line_words(p, board, words.data());
    swept = swept_flanking_players(p, words.data(), flanked.data());
  }
  for (int c = 0; c < p.cells && !swept; ++c) {
    if (board[c]) continue;
    for (int d = 0; d < p.dirs; ++d) {
      if (!starts_axis(p, d)) continue;
      int a = first_piece(p, board, c, d);
      int b = first_piece(p, board, c, p.opposite[d]);
      if (a >= 0 && b >= 0 && p.owner(board[a]) == p.owner(board[b])) flanked[c] |= 1u << p.owner(board[a]);
    }
  }
  std::vector<int> owners(p.cells, -1);
  for (int c = 0; c < p.cells; ++c)
    if (flanked[c] && (flanked[c] & (flanked[c] - 1)) == 0) owners[c] = __builtin_ctz(flanked[c]);
  return owners;
}

}  // namespace tabula
