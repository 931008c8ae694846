#pragma once
// `line distance=count(line)` over the State's running line counts (Program::uses_line_counts)
// rather than a count of the line on the board; without an `if`, on a board of bitboards,
// with the moves of a piece found without a walk (kernels/ray_moves.hpp) and, for random
// playouts, counted per piece without a branch.
#include "constructs/movement/line.hpp"
#include "program/move_tally.hpp"

namespace tabula {

class CountedLine final : public LineMovement, public MoveCounter {
 public:
  CountedLine(const LineMovement& plain, const Program& p);
  int pieces_on_line(const GenContext& g, int d, int line) const override;
  void generate(const GenContext& g, int from, MoveList& out) const override;
  void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const override;
  // Whether a whole side's moves are counted set-wise (count_pieces, nth_counted_move).
  bool counts() const { return by_kernel_ && !rays_empty_; }
  uint32_t count_pieces(const GenContext& g, uint64_t pieces, MoveTally& t) const override;
  void nth_counted_move(const MoveTally& t, uint32_t k, MoveList& out) const override;

 private:
  bool by_kernel_ = false;   // bitboards, no `if`, at most kCountedLineDirections directions per seat
  bool rays_empty_ = false;  // the board keeps no ray cells (the counting kernel reads them)
};

}  // namespace tabula
