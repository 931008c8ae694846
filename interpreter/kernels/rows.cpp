#include "kernels/rows.hpp"

#include <algorithm>

namespace tabula {
namespace {

// Calls f(length) for every row of `side` along every axis: a row starts at a piece of the
// side whose cell behind (along the axis) does not hold one.
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
      f(k + 1);
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
  for_each_row(p, axes, board, side, [&](int n) { best = std::max(best, n); });
  return best;
}

int rows_of_length(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length) {
  int count = 0;
  for_each_row(p, axes, board, side, [&](int n) { count += n == length; });
  return count;
}

}  // namespace tabula
