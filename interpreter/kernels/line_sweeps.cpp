#include "kernels/line_sweeps.hpp"

namespace tabula {
namespace {

bool can_sweep(const Program& p) { return p.sweepable && p.cells <= CellSet::kMaxCells; }

// Calls f(line, n) for every line of every axis: its n cells in order.
template <class F>
void for_each_line(const Program& p, F&& f) {
  for (const auto& axis : p.axis_lines)
    for (size_t i = 0; i + 1 < axis.begin.size(); ++i) f(&axis.cells[axis.begin[i]], axis.begin[i + 1] - axis.begin[i]);
}

// Per cell of a line: the owner of the first piece before it (toward the line's start)
// across empty cells, or -1 when the line's start comes first.
void owners_before(const Program& p, const uint8_t* board, const int16_t* line, int n, int8_t* before) {
  int8_t last = -1;
  for (int k = 0; k < n; ++k) {
    before[k] = last;
    if (board[line[k]]) last = p.code_owner[board[line[k]]];
  }
}

}  // namespace

bool swept_sight(const Program& p, const uint8_t* board, int player, bool both_ends, CellSet& out) {
  if (!can_sweep(p)) return false;
  out = CellSet();
  const int8_t* owner = p.code_owner.data();
  int8_t before[CellSet::kMaxCells];
  for_each_line(p, [&](const int16_t* line, int n) {
    // Forward: the owner of the last piece passed. Sight takes the empty cells after one of
    // the player's pieces at once; a flanked run needs the other end too.
    int8_t last = -1;
    int pieces = 0;
    for (int k = 0; k < n; ++k) {
      const uint8_t code = board[line[k]];
      if (code) {
        last = owner[code];
        pieces += last == player;
      } else if (both_ends) {
        before[k] = last;
      } else if (last == player) {
        out.insert(line[k]);
      }
    }
    if (pieces < (both_ends ? 2 : 1)) return;  // nothing more to see from the other end
    int8_t after = -1;
    for (int k = n - 1; k >= 0; --k) {
      const uint8_t code = board[line[k]];
      if (code) after = owner[code];
      else if (after == player && (!both_ends || before[k] == player)) out.insert(line[k]);
    }
  });
  return true;
}

bool swept_dead_chains(const Program& p, const uint8_t* board, int player, CellSet& out) {
  if (!can_sweep(p)) return false;
  out = CellSet();
  auto enemy = [&](int c) { return board[c] && p.code_owner[board[c]] != player; };
  for_each_line(p, [&](const int16_t* line, int n) {
    for (int k = 0; k < n;) {
      if (!board[line[k]] || p.code_owner[board[line[k]]] != player) {
        ++k;
        continue;
      }
      const int start = k;
      while (k < n && board[line[k]] && p.code_owner[board[line[k]]] == player) ++k;
      if (start > 0 && k < n && enemy(line[start - 1]) && enemy(line[k]))
        for (int j = start; j < k; ++j) out.insert(line[j]);
    }
  });
  return true;
}

bool swept_flanking_players(const Program& p, const uint8_t* board, uint32_t* flanked) {
  if (!can_sweep(p)) return false;
  for (int c = 0; c < p.cells; ++c) flanked[c] = 0;
  int8_t before[CellSet::kMaxCells];
  for_each_line(p, [&](const int16_t* line, int n) {
    owners_before(p, board, line, n, before);
    int8_t after = -1;
    for (int k = n - 1; k >= 0; --k) {
      const int c = line[k];
      if (board[c]) after = p.code_owner[board[c]];
      else if (after >= 0 && before[k] == after) flanked[c] |= 1u << after;
    }
  });
  return true;
}

}  // namespace tabula
