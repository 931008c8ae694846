#pragma once
// Why a finished game ended, as cells a picture can mark: the row, group or chain named by
// the end rule that ended it, which pictures of the finished game ring (README.md, "Pictures").
#include <vector>

#include "engine/state.hpp"

namespace tabula {

// The cells of the first end rule that holds after the last move (the rule that ended the
// game), as its functions name them (ValueFunction::witness); empty when the game goes on,
// ended otherwise (the score, the ply limit, no move) or its rule names no cells.
std::vector<int> ending_cells(const State& s);

}  // namespace tabula
