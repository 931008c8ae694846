#pragma once
// A self-contained HTML page that steps through a game: one drawing of the board, one SVG
// group per position, buttons and arrow keys, and the move list. No external resources,
// and well-formed XML as well as HTML, so it can be checked with xmllint.
#include <string>
#include <vector>

#include "picture/board_svg.hpp"

namespace tabula::cli {

struct ReplayFrame {
  std::string state_svg;  // SvgParts::state of this position
  std::string status;     // "black to move", the result, ...
  std::string move;       // the move that led here ("" for the first position)
};

// `picture`: the parts of the first position (its board part is shown under every frame).
std::string replay_page(const std::string& title, const SvgParts& picture, const std::vector<ReplayFrame>& frames);

}  // namespace tabula::cli
