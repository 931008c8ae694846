#pragma once
// A short random game under the invariants every game must keep, whatever its rules: a
// position that is not over has a legal move; every move's text parses back to that move;
// undoing every move restores the start; the move history replays as a game record; the
// position text parses back to the same position.
#include <cstdint>
#include <memory>

#include "program/program.hpp"

namespace tabula::fuzz {

void checked_playout(std::shared_ptr<const Program> program, uint64_t seed, int max_plies);

}  // namespace tabula::fuzz
