#pragma once
// `step` without an `if`, on a board of bitboards: a piece's steps found from masks of where
// it may land (kernels/ray_moves.hpp), in the plain step's order.
#include "constructs/movement/step.hpp"

namespace tabula {

class MaskedStep final : public StepMovement {
 public:
  explicit MaskedStep(const StepMovement& plain) : StepMovement(plain) {}
  void generate(const GenContext& g, int from, MoveList& out) const override;
  void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const override;
};

}  // namespace tabula
