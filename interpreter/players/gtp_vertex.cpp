#include "players/gtp_vertex.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "board/grid_places.hpp"

namespace tabula {
namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // no I

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

VertexNames::VertexNames(const BoardGraph& board) : board_(board) {
  const GridPlaces grid = grid_places(board);
  grid_ = grid.on_grid && grid.columns <= static_cast<int>(kColumns.size());
  for (int c = 0; c < board.cell_count(); ++c) {
    const GridPlace* at = grid_ ? &grid.places[static_cast<size_t>(c)] : nullptr;
    vertices_.push_back(at ? fmt::format("{}{}", kColumns[static_cast<size_t>(at->column)], at->row)
                           : upper(board.cell(c).name));
  }
  if (grid_ && grid.columns == grid.rows && grid.columns * grid.rows == board.cell_count()) grid_size_ = grid.columns;
}

std::string VertexNames::vertex(int cell) const { return vertices_.at(static_cast<size_t>(cell)); }

int VertexNames::cell(std::string_view vertex) const {
  const std::string wanted = upper(vertex);
  for (size_t c = 0; c < vertices_.size(); ++c)
    if (vertices_[c] == wanted) return static_cast<int>(c);
  return -1;
}

}  // namespace tabula
