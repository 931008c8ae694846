#pragma once
// Playing a piece move (for movement and capture constructs): the piece goes from its cell
// along the move's path (taking what it hops, promoting where the move says) to its landing,
// and the captures are counted when a rule reads them.
#include "engine/state_editor.hpp"

namespace tabula {

void apply_piece_move(StateEditor& edit, const Move& m);

}  // namespace tabula
