#pragma once
// Flanking along straight lines, for placement games on any board graph: line of sight,
// runs of empty cells flanked by one side (territory, incursion), straight chains of
// stones flanked at both ends by the enemy (captures), and the enemy runs a piece flanks
// from where it lands (custodian captures and conversions). An axis is a pair of opposite
// directions; board edges never flank. These walk rays cell by cell, on any board; the
// same questions for the whole board at once, by line sweeps, are in line_sweeps.hpp.
#include <cstdint>
#include <vector>

#include "program/program.hpp"

namespace tabula {

// Along some direction from `cell`, the first piece reached across empty cells is `player`'s.
bool sees_piece_of(const Program& p, const uint8_t* board, int cell, int player);

// `cell` (empty) lies in a run of empty cells whose two ends, on one axis, hold `player`'s pieces.
bool in_run_flanked_by(const Program& p, const uint8_t* board, int cell, int player);

// The cells of `player`'s chains (maximal straight runs of its pieces on one axis, a single
// piece being a chain on every axis) whose two ends hold enemy pieces.
std::vector<int> dead_chain_cells(const Program& p, const uint8_t* board, int player);

// The run of enemy pieces that `side` flanks from `cell` along direction `d`: how many
// pieces not `side`'s stand one after another from the cell next to `cell`, when the cell
// right after them holds a piece of `side`; 0 when the run is empty or ends at an empty cell
// or the board's edge. `vacated` (a moving piece's start, or -1) counts as empty.
int flanked_run(const Program& p, const uint8_t* board, int cell, int d, int side, int vacated = -1);

// Territory: per cell, the player owning it (an empty cell in a run flanked by that player
// and in no run flanked by another), or -1. By line sweeps where the board allows.
std::vector<int> territory_owners(const Program& p, const uint8_t* board);

}  // namespace tabula
