#include "board/grid_places.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

namespace tabula {
namespace {

// "d4" -> column 3, row 4; false when the name is not a lower-case letter and a number.
bool letter_and_row(const std::string& name, GridPlace& place) {
  if (name.size() < 2 || name.size() > 6 || name[0] < 'a' || name[0] > 'z' || name[1] == '0') return false;
  if (!std::all_of(name.begin() + 1, name.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  place.column = name[0] - 'a';
  place.row = std::stoi(name.substr(1));
  return true;
}

}  // namespace

GridPlaces grid_places(const BoardGraph& board) {
  GridPlaces g;
  const int n = board.cell_count();
  g.places.resize(static_cast<size_t>(n));
  std::set<std::pair<int, int>> seen;
  g.on_grid = n > 0;
  for (int c = 0; c < n && g.on_grid; ++c) {
    GridPlace& at = g.places[static_cast<size_t>(c)];
    g.on_grid = letter_and_row(board.cell(c).name, at) && seen.insert({at.column, at.row}).second;
    g.columns = std::max(g.columns, at.column + 1);
    g.rows = std::max(g.rows, at.row);
  }
  if (!g.on_grid) g = GridPlaces{};
  return g;
}

}  // namespace tabula
