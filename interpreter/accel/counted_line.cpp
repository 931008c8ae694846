#include "accel/counted_line.hpp"

#include <algorithm>

namespace tabula {

CountedLine::CountedLine(const LineMovement& plain, const Program& p) : LineMovement(plain) {
  by_kernel_ = p.bitboards && condition.empty() && std::all_of(dirs.begin(), dirs.end(), [](const auto& ds) {
                 return ds.size() <= kCountedLineDirections;
               });
  rays_empty_ = p.ray_cells.empty();
}

int CountedLine::pieces_on_line(const GenContext& g, int, int line) const { return g.s.line_count(line); }

void CountedLine::generate(const GenContext& g, int from, MoveList& out) const {
  if (!by_kernel_) return LineMovement::generate(g, from, out);
  line_count_moves(g.p, dirs[g.seat], from, g.s.at(from), g.mine, g.occupied, stoppers(g), land, g.s.line_counts(),
                   index, out);
}

void CountedLine::generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const {
  if (!by_kernel_) return LineMovement::generate_pieces(g, pieces, out);
  const std::vector<int>& ds = dirs[g.seat];
  const uint64_t stop = stoppers(g);
  for (; pieces; pieces &= pieces - 1) {
    const int from = __builtin_ctzll(pieces);
    line_count_moves(g.p, ds, from, g.s.at(from), g.mine, g.occupied, stop, land, g.s.line_counts(), index, out);
  }
}

// Each piece's moves counted without a branch (line_count_move_count) and kept per piece;
// the one drawn is found by those counts, then along its piece's rays.
uint32_t CountedLine::count_pieces(const GenContext& g, uint64_t pieces, MoveTally& t) const {
  const std::vector<int>& ds = dirs[g.seat];
  const uint64_t stop = stoppers(g), targets = landing_mask(land, g.mine, g.occupied);
  uint32_t total = 0;
  t.pieces = pieces;
  for (; pieces; pieces &= pieces - 1) {
    const int from = __builtin_ctzll(pieces);
    const uint32_t n = line_count_move_count(g.p, ds, from, targets, stop, g.s.line_counts());
    t.per_cell[from] = static_cast<uint8_t>(n);
    total += n;
  }
  return total;
}

void CountedLine::nth_counted_move(const MoveTally& t, uint32_t k, MoveList& out) const {
  int from = -1;
  for (uint64_t pieces = t.pieces; pieces; pieces &= pieces - 1) {
    from = __builtin_ctzll(pieces);
    if (k < t.per_cell[from]) break;
    k -= t.per_cell[from];
  }
  const State& s = *t.state;
  const int mover = s.current_player();
  const GenContext g{s, s.program(), mover, t.seat, s.pieces_mask(mover), t.occupied};
  line_count_nth_move(g.p, dirs[g.seat], from, s.at(from), g.mine, g.occupied, stoppers(g), land, s.line_counts(),
                      index, k, out);
}

}  // namespace tabula
