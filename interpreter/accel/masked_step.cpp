#include "accel/masked_step.hpp"

namespace tabula {

void MaskedStep::generate(const GenContext& g, int from, MoveList& out) const {
  step_moves(g.p, dirs[g.seat], from, g.s.at(from), g.mine, g.occupied, land, index, out);
}

void MaskedStep::generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const {
  const std::vector<int>& ds = dirs[g.seat];
  for (; pieces; pieces &= pieces - 1) {
    const int from = __builtin_ctzll(pieces);
    step_moves(g.p, ds, from, g.s.at(from), g.mine, g.occupied, land, index, out);
  }
}

}  // namespace tabula
