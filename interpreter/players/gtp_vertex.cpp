#include "players/gtp_vertex.hpp"

#include <algorithm>
#include <cctype>

namespace tabula {
namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";  // no I

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// "d4" -> column 3, row 4; false when the name is not a letter and a number.
bool letter_and_row(const std::string& name, int& column, int& row) {
  if (name.size() < 2 || name[0] < 'a' || name[0] > 'z' || name[1] == '0') return false;
  if (!std::all_of(name.begin() + 1, name.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  column = name[0] - 'a';
  row = std::stoi(name.substr(1));
  return true;
}

}  // namespace

VertexNames::VertexNames(const BoardGraph& board) : board_(board) {
  const int n = board.cell_count();
  grid_ = n > 0;
  int columns = 0, rows = 0;
  std::vector<std::pair<int, int>> places(static_cast<size_t>(n));
  for (int c = 0; c < n && grid_; ++c) {
    auto& [column, row] = places[static_cast<size_t>(c)];
    grid_ = letter_and_row(board.cell(c).name, column, row) && column < static_cast<int>(kColumns.size());
    columns = std::max(columns, column + 1);
    rows = std::max(rows, row);
  }
  for (int c = 0; c < n; ++c) {
    const auto [column, row] = places[static_cast<size_t>(c)];
    vertices_.push_back(grid_ ? std::string(1, kColumns[static_cast<size_t>(column)]) + std::to_string(row)
                              : upper(board.cell(c).name));
  }
  if (grid_ && columns == rows && columns * rows == n) grid_size_ = columns;
}

std::string VertexNames::vertex(int cell) const { return vertices_.at(static_cast<size_t>(cell)); }

int VertexNames::cell(std::string_view vertex) const {
  const std::string wanted = upper(vertex);
  for (size_t c = 0; c < vertices_.size(); ++c)
    if (vertices_[c] == wanted) return static_cast<int>(c);
  return -1;
}

}  // namespace tabula
