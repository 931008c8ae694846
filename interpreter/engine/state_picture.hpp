#pragma once
// The views a picture is drawn from (interpreter/picture), built from a game state. This is
// the one place where pictures read the engine (State, Program, Move), so a change of the
// engine is adapted here.
#include <string>
#include <vector>

#include "engine/state.hpp"
#include "picture/picture_views.hpp"

namespace tabula {

// The pieces on every cell, bottom first. A piece's kind is numbered among the kinds its
// side may own, so each side's first kind is a plain disc.
std::vector<CellView> cell_views(const State& s);

// Side names, stacks, letters, the target region and its mark, and the last move played.
PictureOptions picture_options(const State& s);

// The cells a move visits: from, every landing, to; only `to` for a placement or a mark;
// none for a pass or a choice.
std::vector<int> move_cells(const Move& m);
// The cells whose pieces a move takes on its way (its steps' captures), each once.
std::vector<int> taken_cells(const Move& m);

// The cells the piece on `from` may reach with a legal move now (each once).
std::vector<int> target_cells(const State& s, int from);

// The line under a picture: who is to move, or the result.
std::string picture_caption(const State& s);

}  // namespace tabula
