#pragma once
// The flanking questions of kernels/flanking.hpp answered for the whole board at once, by
// sweeping every straight line twice (once each way) instead of walking rays from every
// cell: a few hundred steps a position on a 217-point board instead of thousands. Only on
// boards where sweeps and rays agree (BoardData::sweepable) and of at most
// CellSet::kMaxCells cells; each returns false elsewhere, and the caller walks the rays.
#include <cstdint>

#include "program/cell_set.hpp"
#include "program/program.hpp"

namespace tabula {

// The empty cells from which, along some direction, the first piece reached across empty
// cells is `player`'s (`both_ends` false: sees_piece_of), or from which, on some axis, the
// first pieces both ways are `player`'s (`both_ends` true: in_run_flanked_by).
bool swept_sight(const Program& p, const uint8_t* board, int player, bool both_ends, CellSet& out);

// The cells of `player`'s chains whose two ends hold enemy pieces (dead_chain_cells).
bool swept_dead_chains(const Program& p, const uint8_t* board, int player, CellSet& out);

// Per empty cell, a bit per player flanking some run of empty cells through it (territory).
bool swept_flanking_players(const Program& p, const uint8_t* board, uint32_t* flanked);

}  // namespace tabula
