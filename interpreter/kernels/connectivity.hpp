#pragma once
// Are all of a player's pieces one group over the board graph's adjacency (every link)?
#include <cstdint>
#include <vector>

#include "engine/program.hpp"

namespace tabula {

bool pieces_connected(const Program& p, const std::vector<uint8_t>& board, int player, int piece_count);

}  // namespace tabula
