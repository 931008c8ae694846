#pragma once
// The native capture kernel: enumerates the capture sequences of one piece by depth-first
// search over arrays (the cell tops, and columns when pieces stack), under the capture
// rules: how far a hop reaches (the adjacent piece, or one any distance along empty cells)
// and where it lands (just beyond, or any empty cell beyond), what a take removes (the
// piece, or the top counter to the bottom of the taker), when taken pieces leave (at once,
// or when the move ends, blocking meanwhile), re-jumps, turning back, promotions on the
// way, and whether a sequence must go on. The scratch arrays belong to the thread, so a
// search allocates nothing once warm.
#include <cstdint>
#include <vector>

#include "program/move.hpp"
#include "program/program.hpp"

namespace tabula {

struct HopRule {
  uint32_t kinds = 0;                  // the kinds that take this way
  std::vector<std::vector<int>> dirs;  // per seat: absolute directions
  bool take_top = false;               // take the top counter to the bottom of the taker
  bool long_range = false;             // the taken piece may stand beyond empty cells
  bool land_far = false;               // land on any empty cell beyond it, not only the first
};

struct CaptureRules {
  enum class Continue : uint8_t { must, may, stop };
  enum class Maximum : uint8_t { none, count, value };
  std::vector<HopRule> hops;
  bool compulsory = false;
  Continue continuation = Continue::must;
  Maximum maximum = Maximum::none;
  bool rejump = false;        // a cell may be jumped twice in one move (taken pieces leave at once)
  bool remove_later = false;  // taken pieces leave when the move ends; meanwhile they block
  bool no_reverse = false;    // never turn back (180 degrees) between two takes
};

struct BoardArrays {
  const uint8_t* tops;     // top piece code per cell
  const uint8_t* heights;  // stacking: column heights
  const uint8_t* columns;  // stacking: cell * kMaxStack + level
};

// The most capture sequences one position may have before the search stops with an
// EngineLimit error (a combinatorial explosion, never a silently shorter list).
constexpr size_t kMaxCaptureSequences = 200000;

// Appends every capture sequence of the pieces on `starts` (cells, in order) of the side of
// `seat`, `maker` being the maker index written into the moves; then applies the maximum rule.
void search_captures(const Program& p, const CaptureRules& rules, const BoardArrays& board, int seat,
                     const std::vector<int>& starts, int maker, MoveList& out);

}  // namespace tabula
