#pragma once
// A self-contained HTML page that steps through a game: one drawing of the board, the first
// position drawn, and the positions after it as the parts of the drawing each move changes
// (a piece here, the last move's arrow), each distinct part kept once; buttons and arrow
// keys, and the move list. So a page grows with the changes, not with the board: 100 000
// plies of Lines of Action take about 8 MB, not 400. No external resources, and well-formed
// XML as well as HTML, so it can be checked with xmllint.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "picture/board_svg.hpp"

namespace tabula::cli {

struct ReplayFrame {
  std::vector<std::string> state_slots;  // SvgParts::state_slots of this position
  std::string status;                    // "black to move", the result, ...
  std::string move;                      // the move that led here ("" for the first position)
  std::string number;                    // the move number the record writes before it ("12."), or ""
};

// The page, made position by position: a position's drawing is read and then only what it
// changes is kept, so a long game is never held as drawings.
class ReplayPage {
 public:
  // `picture`: the parts of the first position (its board part is shown under every position).
  ReplayPage(std::string title, const SvgParts& picture);
  void add(const ReplayFrame& frame);  // the first position first, then each after a move
  std::string text() const;

 private:
  std::string title_, head_;  // head_: the drawing of the board and of the first position
  std::map<std::string, int> part_ids_, status_ids_;
  nlohmann::json parts_, statuses_, first_;
  std::string changes_, frame_status_;  // JSON arrays' items, written as they come (a long game has many)
  std::vector<int> slots_;              // the parts of the last position added
  std::vector<std::string> texts_;      // and their texts: a slot that is the same needs no look-up
  std::string moves_;                   // the move list's rows, as the record numbers them
};

}  // namespace tabula::cli
