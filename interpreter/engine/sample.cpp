#include "engine/sample.hpp"

#include "engine/generate.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {

uint32_t count_moves(const State& s, MoveSample& sample) {
  sample.listed.clear();
  sample.tally.counted = nullptr;
  if (s.stored_result().over) return 0;
  if (lists_every_move(s.program())) {
    generate_moves(s, sample.listed);
    return static_cast<uint32_t>(sample.listed.size());
  }
  return current_phase(s).count(s, sample.listed, sample.tally);
}

const Move& nth_move(MoveSample& sample, uint32_t k) {
  const MoveTally& t = sample.tally;
  if (!t.counted || k < t.listed) return sample.listed[k];
  sample.listed.resize(t.listed);  // a move written by an earlier call goes
  t.counted->nth_counted_move(t, k - t.listed, sample.listed);
  return sample.listed.back();
}

}  // namespace tabula
