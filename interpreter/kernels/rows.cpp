#include "kernels/rows.hpp"

#include <algorithm>

#include "kernels/line_sweeps.hpp"
#include "kernels/shifts.hpp"

namespace tabula {
namespace {

// Calls f(length, first cell, direction) for every row of `side` along every axis: a row
// starts at a piece of the side whose cell behind (along the axis) does not hold one.
template <class F>
void for_each_row(const Program& p, const RowAxes& axes, const uint8_t* board, int side, F&& f) {
  const int8_t* owner = p.code_owner.data();
  auto mine = [&](int c) { return c >= 0 && board[c] && owner[board[c]] == side; };
  const size_t axis_count = axes.dirs.size();
  for (int c = 0; c < p.cells; ++c) {  // cells outermost: most hold no piece of the side
    if (!board[c] || owner[board[c]] != side) continue;
    for (size_t a = 0; a < axis_count; ++a) {
      if (mine(axes.behind[a * p.cells + c])) continue;
      const int d = axes.dirs[a];
      const int16_t* ray = p.ray(c, d);
      const int len = p.ray_len(c, d);
      int k = 0;
      while (k < len && mine(ray[k])) ++k;
      f(k + 1, c, d);
    }
  }
}

}  // namespace

RowAxes row_axes(const Program& p, const std::vector<int>& dirs) {
  RowAxes out;
  for (int d : dirs) {
    const int o = p.opposite[d];
    // One direction per axis: of a pair, the lower (the other is skipped, even if listed).
    const int axis = o >= 0 ? std::min(d, o) : d;
    if (std::find(out.dirs.begin(), out.dirs.end(), axis) == out.dirs.end()) out.dirs.push_back(axis);
  }
  out.behind.assign(out.dirs.size() * p.cells, -1);
  for (size_t a = 0; a < out.dirs.size(); ++a)
    for (int c = 0; c < p.cells; ++c)
      if (p.ray_len(c, out.dirs[a]) > 0) out.behind[a * p.cells + p.ray(c, out.dirs[a])[0]] = static_cast<int16_t>(c);
  return out;
}

int longest_row(const Program& p, const RowAxes& axes, const uint8_t* board, int side) {
  int best = 0;
  for_each_row(p, axes, board, side, [&](int n, int, int) { best = std::max(best, n); });
  return best;
}

int rows_of_length(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length) {
  int count = 0;
  for_each_row(p, axes, board, side, [&](int n, int, int) { count += n == length; });
  return count;
}

double row_chances(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length) {
  if (length <= 0) return 0;
  double sum = 0;
  for (int d : axes.dirs)
    for (int c = 0; c < p.cells; ++c) {
      if (p.ray_len(c, d) < length - 1) continue;
      const int16_t* ray = p.ray(c, d);
      int mine = 0;
      bool blocked = false;
      for (int k = 0; k < length && !blocked; ++k) {
        const uint8_t code = board[k == 0 ? c : ray[k - 1]];
        if (!code) continue;
        if (p.code_owner[code] == side) ++mine;
        else blocked = true;
      }
      if (!blocked) sum += static_cast<double>(mine * mine);
    }
  return sum / static_cast<double>(length * length);
}

std::vector<int> row_cells(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length) {
  if (length == 0) length = longest_row(p, axes, board, side);
  std::vector<int> out;
  if (length == 0) return out;
  for_each_row(p, axes, board, side, [&](int n, int first, int d) {
    if (n != length) return;
    out.push_back(first);
    for (int k = 0; k + 1 < n; ++k) out.push_back(p.ray(first, d)[k]);
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool rows_by_masks_apply(const Program& p, const RowAxes& axes) {
  if (!p.bitboards) return false;
  auto next = [&](int c, int d) { return p.ray_len(c, d) > 0 ? int{p.ray(c, d)[0]} : -1; };
  for (int d : axes.dirs) {
    const int o = p.opposite[d];
    if (o < 0) return false;
    for (int c = 0; c < p.cells; ++c) {
      if (const int x = next(c, d); x >= 0 && next(x, o) != c) return false;
      if (const int x = next(c, o); x >= 0 && next(x, d) != c) return false;
      int steps = 0;  // a line along d from c reaches the edge within `cells` steps, or is a ring
      for (int x = next(c, d); x >= 0; x = next(x, d))
        if (++steps > p.cells) return false;
    }
  }
  return true;
}

namespace {

// run_k, the cells from which k cells along an axis hold `mine`: run_1 = mine, and run_{k+1}
// the cells of mine whose next cell along the axis is in run_k (`ahead(run)`: the cells whose
// next cell is in `run`; `behind(m)`: those whose previous cell is in `m`). A row of n pieces
// holds run_1 .. run_n. The three forms below (a direction's shifts, two fixed shift groups,
// the bits of a line's word) differ only in these two moves.
template <class Ahead>
int longest_run(uint64_t mine, Ahead ahead) {
  int k = 0;
  for (uint64_t run = mine; run; run = mine & ahead(run)) ++k;
  return k;
}

// The cells that start `length` (>= 1) of mine or more: run_length, each step a fixed shift,
// with no branch on what it finds.
template <class Ahead>
uint64_t run_starts(uint64_t mine, int length, Ahead ahead) {
  uint64_t run = mine;
  for (int k = 1; k < length; ++k) run = mine & ahead(run);
  return run;
}

template <class Ahead, class Behind>
int runs_of_length(uint64_t mine, int length, Ahead ahead, Behind behind) {
  const uint64_t starts = mine & ~behind(mine);  // no piece of mine behind
  uint64_t run = mine;
  for (int k = 1; k < length && run; ++k) run = mine & ahead(run);
  return __builtin_popcountll(starts & run & ~(mine & ahead(run)));
}

}  // namespace

int longest_row_by_masks(const Program& p, const RowAxes& axes, uint64_t mine) {
  int best = 0;
  for (int d : axes.dirs) best = std::max(best, longest_run(mine, [&](uint64_t m) { return cells_before(p, d, m); }));
  return best;
}

int rows_of_length_by_masks(const Program& p, const RowAxes& axes, uint64_t mine, int length) {
  int count = 0;
  for (int d : axes.dirs)
    count += runs_of_length(
        mine, length, [&](uint64_t m) { return cells_before(p, d, m); },
        [&](uint64_t m) { return cells_before(p, p.opposite[d], m); });
  return count;
}

RowShifts row_shifts(const Program& p, const RowAxes& axes) {
  RowShifts r;
  if (p.shift_pairs.empty()) return r;
  for (int d : axes.dirs) {
    r.ahead.push_back(p.shift_pairs[d]);
    r.behind.push_back(p.shift_pairs[p.opposite[d]]);
  }
  return r;
}

int longest_row_by_shifts(const RowShifts& r, uint64_t mine) {
  int best = 0;
  for (const auto& ahead : r.ahead)
    best = std::max(best, longest_run(mine, [&](uint64_t m) { return cells_before(ahead, m); }));
  return best;
}

bool has_row_by_masks(const Program& p, const RowAxes& axes, uint64_t mine, int length) {
  if (length <= 0) return true;
  uint64_t found = 0;
  for (int d : axes.dirs) found |= run_starts(mine, length, [&](uint64_t m) { return cells_before(p, d, m); });
  return found != 0;
}

bool has_row_by_shifts(const RowShifts& r, uint64_t mine, int length) {
  if (length <= 0) return true;
  uint64_t found = 0;
  for (const auto& ahead : r.ahead)
    found |= run_starts(mine, length, [&](uint64_t m) { return cells_before(ahead, m); });
  return found != 0;
}

int rows_of_length_by_shifts(const RowShifts& r, uint64_t mine, int length) {
  int count = 0;
  for (size_t a = 0; a < r.ahead.size(); ++a)
    count += runs_of_length(
        mine, length, [&](uint64_t m) { return cells_before(r.ahead[a], m); },
        [&](uint64_t m) { return cells_before(r.behind[a], m); });
  return count;
}

std::vector<int32_t> lines_of_axes(const Program& p, const RowAxes& axes) {
  // The straight lines come axis by axis, an axis being a direction whose opposite comes
  // after it (BoardData::StraightLines), as a row axis is the lower of the pair.
  const BoardData::StraightLines& sl = p.straight_lines;
  std::vector<int> axis_of_direction(p.dirs, -1);
  for (int d = 0, a = 0; d < p.dirs; ++d)
    if (p.opposite[d] > d) axis_of_direction[d] = a++;
  std::vector<int32_t> lines;
  for (int line = 0; line < sl.count(); ++line) {
    const int first = sl.cells[sl.begin[line]];
    for (int d : axes.dirs) {
      const int a = axis_of_direction[d];
      if (a >= 0 && sl.place[static_cast<size_t>(first) * sl.axes + a] >> 6 == line) lines.push_back(line);
    }
  }
  return lines;
}

// In a line's word, bit k is its k-th cell: the next cell along the line is one bit up.

int longest_row_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side) {
  const int stride = line_word_stride(p);
  int best = 0;
  for (int32_t line : lines)
    best = std::max(
        best, longest_run(words[static_cast<size_t>(line) * stride + 1 + side], [](uint64_t m) { return m >> 1; }));
  return best;
}

namespace {

// run_starts along a line's word, where a step of k cells is one shift: the cells that start
// `have`, `have` doubled while it may, then topped up: a run of `length` is two runs of `have`
// (have <= length <= 2 * have), the second starting length - have cells on.
uint64_t run_starts_in_word(uint64_t mine, int length) {
  uint64_t run = mine;
  int have = 1;
  for (; 2 * have <= length; have *= 2) run &= run >> have;
  if (have < length) run &= run >> (length - have);
  return run;
}

// Whether a line of `side` holds a row of at least `length` pieces, or (`exact`) of exactly
// `length`: one with no piece of the side just before it or just after it.
bool any_row_in_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side, int length,
                      bool exact) {
  if (length <= 0) return !exact;
  const int stride = line_word_stride(p);
  const int32_t* begin = p.straight_lines.begin.data();
  uint64_t found = 0;
  for (int32_t line : lines) {
    if (begin[line + 1] - begin[line] < length) continue;  // too short to hold the row (a corner's diagonal)
    const uint64_t mine = words[static_cast<size_t>(line) * stride + 1 + side];
    uint64_t run = run_starts_in_word(mine, length);
    if (exact) run &= ~(mine << 1) & ~(length < 64 ? mine >> length : 0);
    found |= run;
  }
  return found != 0;
}

}  // namespace

bool has_row_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side,
                      int length) {
  return any_row_in_words(p, lines, words, side, length, false);
}

bool has_row_of_length_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side,
                                int length) {
  return any_row_in_words(p, lines, words, side, length, true);
}

int rows_of_length_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side,
                            int length) {
  const int stride = line_word_stride(p);
  int count = 0;
  for (int32_t line : lines)
    count += runs_of_length(
        words[static_cast<size_t>(line) * stride + 1 + side], length, [](uint64_t m) { return m >> 1; },
        [](uint64_t m) { return m << 1; });
  return count;
}

int row_through(const Program& p, const RowAxes& axes, const uint8_t* board, int cell) {
  if (!board[cell]) return 0;
  const int side = p.code_owner[board[cell]];
  auto mine = [&](int c) { return c >= 0 && board[c] && p.code_owner[board[c]] == side; };
  int best = 1;
  for (size_t a = 0; a < axes.dirs.size(); ++a) {
    int n = 1;
    const int16_t* ray = p.ray(cell, axes.dirs[a]);
    for (int k = 0; k < p.ray_len(cell, axes.dirs[a]) && mine(ray[k]); ++k) ++n;
    for (int c = axes.behind[a * p.cells + cell]; mine(c); c = axes.behind[a * p.cells + c]) ++n;
    best = std::max(best, n);
  }
  return best;
}

}  // namespace tabula
