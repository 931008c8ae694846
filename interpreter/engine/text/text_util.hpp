#pragma once
// Small text helpers shared by move text and position text.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "program/program.hpp"

namespace tabula {

std::string_view trim(std::string_view t);
std::string lower(std::string_view t);

// A column written top first ("WbbwB"), read into bottom-first piece codes.
std::optional<std::vector<uint8_t>> parse_column(const Program& p, std::string_view text, std::string& error);

// A square as text: a cell name, then (optionally) a column of piece symbols, top first.
struct SquareText {
  int cell = kNoCell;
  std::string column;
};
// Splits "d4wb" into cell d4 and column "wb": the longest prefix that names a cell.
std::optional<SquareText> split_square(const BoardGraph& b, std::string_view token);

// The cells of the board in drawing order: rows from the top, each row west to east.
std::vector<std::vector<int>> board_rows(const BoardGraph& b);

}  // namespace tabula
