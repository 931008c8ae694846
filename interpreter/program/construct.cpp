#include "program/construct.hpp"

#include "program/move_tally.hpp"

namespace tabula {

uint32_t Phase::count(const State& s, MoveList& out, MoveTally& tally) const {
  tally.counted = nullptr;
  generate(s, out);
  return static_cast<uint32_t>(out.size());
}

}  // namespace tabula
