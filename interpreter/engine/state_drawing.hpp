#pragma once
// A state as text for people: the board drawn with its pieces (columns top first) and what
// the constructs show (a region's cells and mark, status lines), and the result as a
// sentence. The CLI prints these; the library's users get the same text.
#include <string>

#include "engine/state.hpp"

namespace tabula {

std::string draw_state(const State& s);
// "White wins after 41 plies (score: ...)", "draw after ...", or "game not over; X to move".
std::string result_sentence(const State& s);

}  // namespace tabula
