#pragma once
// Cells as GTP vertices. On a board whose cells are all named by a column letter and a row
// number (a1 .. s19) with at most 25 columns, a vertex is the column's letter in upper case,
// 'I' skipped as the protocol wants, then the row (A1 .. T19); on any other board a vertex is
// the cell's own name. Read back case-insensitively.
#include <string>
#include <string_view>
#include <vector>

#include "board/board_graph.hpp"

namespace tabula {

class VertexNames {
 public:
  explicit VertexNames(const BoardGraph& board);
  std::string vertex(int cell) const;
  int cell(std::string_view vertex) const;  // -1 when no cell has that name
  // The side of a square grid (its columns and rows agree), else 0: what `boardsize` names.
  int grid_size() const { return grid_size_; }
  bool on_grid() const { return grid_; }

 private:
  const BoardGraph& board_;
  bool grid_ = false;
  int grid_size_ = 0;
  std::vector<std::string> vertices_;  // per cell, upper case
};

}  // namespace tabula
