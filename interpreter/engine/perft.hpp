#pragma once
// Perft: the number of move sequences of a given length. The last ply is counted from the
// move list (bulk counting); a position that is over counts as one leaf and is not expanded.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

uint64_t perft(State& s, int depth);

// Per root move: its text and its subtree count (`--divide`).
std::vector<std::pair<std::string, uint64_t>> perft_divide(State& s, int depth);

}  // namespace tabula
