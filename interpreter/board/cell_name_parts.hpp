#pragma once
// Cell names split into their letters and the rest ("c12" -> "c", "12"), for labelling the
// rows and columns of a drawing from the names the board gives its cells.
#include <string>
#include <utility>
#include <vector>

#include "board/board_graph.hpp"

namespace tabula {

// "c12" -> letters "c", rest "12".
std::pair<std::string, std::string> split_cell_name(const std::string& name);

// What the names of all the given cells share: the part after the letters (`after_letters`),
// or the letters; "" when they differ or that part is empty.
std::string shared_name_part(const BoardGraph& b, const std::vector<int>& cells, bool after_letters);

}  // namespace tabula
