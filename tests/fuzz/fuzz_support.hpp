#pragma once
// Shared by the fuzz targets: games and boards loaded once per process from the repository.
#include <memory>
#include <string>

#include "board/board_graph.hpp"
#include "program/program.hpp"

namespace tabula::fuzz {

// A rules file of the repository (rules/NAME), compiled once; aborts if it does not load.
std::shared_ptr<const Program> repo_program(const std::string& rules_name);

// A shipped board (boards/NAME, any folder before NAME ignored), loaded once; nullptr when
// there is no such board.
std::shared_ptr<const BoardGraph> repo_board(const std::string& board_name);

// Inputs are untrusted bytes: view them as text.
inline std::string_view text_of(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace tabula::fuzz
