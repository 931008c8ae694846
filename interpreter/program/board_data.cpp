#include "program/board_data.hpp"

#include <algorithm>

namespace tabula {
namespace {

// Rays: from every cell in every direction, following links until the board ends. A ray
// stops before a cell it has met already, so a cyclic graph cannot make it endless.
void build_rays(BoardData& p, const BoardGraph& b) {
  p.ray_begin.assign(p.cells * p.dirs, 0);
  p.ray_length.assign(p.cells * p.dirs, 0);
  p.ray_cells.clear();
  p.ray_cells.reserve(static_cast<size_t>(ray_cells_needed(b, kMaxRayCells)) + 1);
  std::vector<uint32_t> seen(p.cells, 0);
  uint32_t stamp = 0;
  for (int c = 0; c < p.cells; ++c)
    for (int d = 0; d < p.dirs; ++d) {
      p.ray_begin[c * p.dirs + d] = static_cast<int32_t>(p.ray_cells.size());
      ++stamp;
      seen[c] = stamp;
      int n = 0;
      for (int x = b.neighbour(c, d); x != kNoCell && seen[x] != stamp; x = b.neighbour(x, d)) {
        seen[x] = stamp;
        p.ray_cells.push_back(static_cast<int16_t>(x));
        ++n;
      }
      p.ray_length[c * p.dirs + d] = static_cast<uint16_t>(n);
    }
  p.ray_cells.push_back(-1);  // so ray() of an empty ray is a valid pointer
}

// Lines: for each direction with an opposite, the maximal chain through each cell. Cells
// of one chain share a line id, so "pieces on the line" is one counter per line.
void build_lines(BoardData& p, const BoardGraph& b) {
  p.line_of.assign(p.cells * p.dirs, -1);
  p.line_count = 0;
  for (int d = 0; d < p.dirs; ++d) {
    int opp = b.direction(d).opposite;
    if (opp == kNoDirection) continue;
    for (int c = 0; c < p.cells; ++c) {
      if (p.line_of[c * p.dirs + d] != -1) continue;
      // The line may already have an id from the opposite direction's pass.
      int id = p.line_of[c * p.dirs + opp] != -1 ? p.line_of[c * p.dirs + opp] : p.line_count++;
      auto label = [&](int x) {
        p.line_of[x * p.dirs + d] = id;
        p.line_of[x * p.dirs + opp] = id;
      };
      label(c);
      for (int k = 0; k < p.ray_len(c, d); ++k) label(p.ray(c, d)[k]);
      for (int k = 0; k < p.ray_len(c, opp); ++k) label(p.ray(c, opp)[k]);
    }
  }
  p.lines_through_begin.assign(p.cells + 1, 0);
  p.lines_through.clear();
  for (int c = 0; c < p.cells; ++c) {
    p.lines_through_begin[c] = static_cast<int32_t>(p.lines_through.size());
    std::vector<int32_t> ids;
    for (int d = 0; d < p.dirs; ++d)
      if (p.line_of[c * p.dirs + d] >= 0) ids.push_back(p.line_of[c * p.dirs + d]);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    p.lines_through.insert(p.lines_through.end(), ids.begin(), ids.end());
  }
  p.lines_through_begin[p.cells] = static_cast<int32_t>(p.lines_through.size());
}

void build_adjacency(BoardData& p, const BoardGraph& b) {
  p.adjacent.assign(p.cells, {});
  for (int c = 0; c < p.cells; ++c)
    for (int d = 0; d < p.dirs; ++d) {
      int x = b.neighbour(c, d);
      if (x == kNoCell) continue;
      auto& adj = p.adjacent[c];
      if (std::find(adj.begin(), adj.end(), x) == adj.end()) adj.push_back(static_cast<int16_t>(x));
    }
  p.opposite.assign(p.dirs, -1);
  for (int d = 0; d < p.dirs; ++d) p.opposite[d] = b.direction(d).opposite;
}

// Lines as cell sequences axis by axis, from the cells with nothing behind them, whether
// they agree with the rays (see BoardData::sweepable), and each cell's place on them.
void build_straight_lines(BoardData& p) {
  BoardData::StraightLines& lines = p.straight_lines;
  lines = {};
  lines.begin = {0};  // no line yet (a board without directions has none)
  p.sweepable = p.cells > 0;
  std::vector<int32_t> place_per_axis;  // axis by axis, per cell
  for (int d = 0; d < p.dirs; ++d) {
    const int o = p.opposite[d];
    if (o < 0) p.sweepable = false;
    if (o < 0 || o < d) continue;
    const int first_line = lines.count();
    for (int c = 0; c < p.cells; ++c) {
      if (p.ray_len(c, o)) continue;
      lines.cells.push_back(static_cast<int16_t>(c));
      for (int k = 0; k < p.ray_len(c, d); ++k) lines.cells.push_back(p.ray(c, d)[k]);
      lines.begin.push_back(static_cast<int32_t>(lines.cells.size()));
    }
    std::vector<int32_t> place(p.cells, -1);
    for (int line = first_line; line < lines.count(); ++line) {
      const int16_t* cells = &lines.cells[lines.begin[line]];
      const int n = lines.begin[line + 1] - lines.begin[line];
      lines.longest = std::max(lines.longest, n);
      for (int k = 0; k < n; ++k) {
        const int c = cells[k];
        bool agrees = place[c] < 0 && p.ray_len(c, d) == n - 1 - k && p.ray_len(c, o) == k;
        for (int j = 0; agrees && j < p.ray_len(c, d); ++j) agrees = p.ray(c, d)[j] == cells[k + 1 + j];
        for (int j = 0; agrees && j < p.ray_len(c, o); ++j) agrees = p.ray(c, o)[j] == cells[k - 1 - j];
        if (!agrees) p.sweepable = false;
        place[c] = line * 64 + std::min(k, 63);
      }
    }
    for (int32_t at : place)
      if (at < 0) p.sweepable = false;  // on a cycle: no line starts
    place_per_axis.insert(place_per_axis.end(), place.begin(), place.end());
    ++lines.axes;
  }
  if (!p.sweepable) {
    lines = {};
    lines.begin = {0};
    return;
  }
  for (int line = 0; line < lines.count(); ++line) {
    const int16_t* cells = &lines.cells[lines.begin[line]];
    bool consecutive = true;
    for (int k = 1; k < lines.begin[line + 1] - lines.begin[line]; ++k) consecutive &= cells[k] == cells[0] + k;
    lines.consecutive_from.push_back(consecutive ? cells[0] : int16_t{-1});
  }
  lines.place.resize(place_per_axis.size());
  for (int a = 0; a < lines.axes; ++a)
    for (int c = 0; c < p.cells; ++c) lines.place[c * lines.axes + a] = place_per_axis[a * p.cells + c];
}

// BoardData::hop_shifts: per direction, the offset to the second cell along it, when it is
// the same for every cell that has one (else none are kept).
void build_hop_shifts(BoardData& p) {
  std::vector<BoardData::Shift> hops(p.dirs, BoardData::Shift{0, 0, 0});
  for (int d = 0; d < p.dirs; ++d) {
    bool first = true;
    for (int c = 0; c < p.cells; ++c) {
      if (p.ray_length[c * p.dirs + d] < 2) continue;
      const int shift = p.ray_cells[p.ray_begin[c * p.dirs + d] + 1] - c;
      const auto right = static_cast<uint8_t>(std::max(shift, 0)), left = static_cast<uint8_t>(std::max(-shift, 0));
      if (!first && (hops[d].right != right || hops[d].left != left)) return;
      hops[d].right = right;
      hops[d].left = left;
      hops[d].from |= uint64_t{1} << c;
      first = false;
    }
  }
  p.hop_shifts = std::move(hops);
}

// Bit masks for boards of at most 64 cells: each direction as shifts, neighbours, and the
// prefixes of every ray.
void build_masks(BoardData& p) {
  p.bitboards = !p.reference && p.cells > 0 && p.cells <= 64;
  p.adjacent_mask.clear();
  p.ray_mask.clear();
  p.line_rays.clear();
  p.shifts.clear();
  p.shifts_begin.clear();
  p.shift_pairs.clear();
  p.shift_groups = 0;
  p.hop_shifts.clear();
  if (!p.bitboards) return;
  for (int i = 0; i < p.cells * p.dirs; ++i)
    p.line_rays.push_back({p.ray_begin[i], p.ray_length[i], static_cast<int16_t>(p.line_of[i])});
  for (int d = 0; d < p.dirs; ++d) {
    p.shifts_begin.push_back(static_cast<int32_t>(p.shifts.size()));
    for (int c = 0; c < p.cells; ++c) {
      if (!p.ray_length[c * p.dirs + d]) continue;
      const int shift = p.ray_cells[p.ray_begin[c * p.dirs + d]] - c;
      const auto right = static_cast<uint8_t>(std::max(shift, 0)), left = static_cast<uint8_t>(std::max(-shift, 0));
      auto it = std::find_if(p.shifts.begin() + p.shifts_begin.back(), p.shifts.end(),
                             [&](const auto& g) { return g.right == right && g.left == left; });
      if (it == p.shifts.end()) it = p.shifts.insert(p.shifts.end(), {right, left, 0});
      it->from |= uint64_t{1} << c;
    }
  }
  p.shifts_begin.push_back(static_cast<int32_t>(p.shifts.size()));
  for (int d = 0; d < p.dirs; ++d) p.shift_groups = std::max(p.shift_groups, p.shifts_begin[d + 1] - p.shifts_begin[d]);
  if (p.shift_groups <= 2) {
    p.shift_pairs.assign(p.dirs, {});
    for (int d = 0; d < p.dirs; ++d)
      std::copy(p.shifts.begin() + p.shifts_begin[d], p.shifts.begin() + p.shifts_begin[d + 1],
                p.shift_pairs[d].begin());
  }
  build_hop_shifts(p);
  p.adjacent_mask.assign(p.cells, 0);
  for (int c = 0; c < p.cells; ++c)
    for (int16_t x : p.adjacent[c]) p.adjacent_mask[c] |= uint64_t{1} << x;
  p.ray_mask.assign(p.ray_cells.size(), 0);
  for (int i = 0; i < p.cells * p.dirs; ++i) {
    uint64_t m = 0;
    for (int k = 0; k < p.ray_length[i]; ++k) {
      p.ray_mask[p.ray_begin[i] + k] = m;
      m |= uint64_t{1} << p.ray_cells[p.ray_begin[i] + k];
    }
  }
}

}  // namespace

int64_t ray_cells_needed(const BoardGraph& b, int64_t stop_above) {
  const int cells = b.cell_count(), dirs = b.direction_count();
  std::vector<uint32_t> seen(cells, 0);
  uint32_t stamp = 0;
  int64_t total = 0;
  for (int c = 0; c < cells && total <= stop_above; ++c)
    for (int d = 0; d < dirs && total <= stop_above; ++d) {
      seen[c] = ++stamp;
      for (int x = b.neighbour(c, d); x != kNoCell && seen[x] != stamp; x = b.neighbour(x, d)) {
        seen[x] = stamp;
        if (++total > stop_above) break;
      }
    }
  return total;
}

void precompute_board_data(const BoardGraph& board, BoardData& out) {
  out.cells = board.cell_count();
  out.dirs = board.direction_count();
  build_rays(out, board);
  build_lines(out, board);
  build_adjacency(out, board);
  build_straight_lines(out);
  build_masks(out);
}

}  // namespace tabula
