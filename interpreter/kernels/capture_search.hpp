#pragma once
// The native capture kernel: enumerates the capture sequences of one piece by depth-first
// search over arrays (the cell tops, and columns when pieces stack), under the capture
// rules: how far a hop reaches (the adjacent piece, or one any distance along empty cells)
// and where it lands (just beyond, or any empty cell beyond), what a take removes (the
// piece, or the top counter to the bottom of the taker), when taken pieces leave (at once,
// or when the move ends, blocking meanwhile), re-jumps, turning back, promotions on the
// way, and whether a sequence must go on. The scratch arrays belong to the thread, so a
// search allocates nothing once warm. Where every hop is short and taken pieces leave at
// once on a board of at most 64 cells, the search is set-wise: each step finds its takes
// from masks of the empty cells and the foes (no branch per direction, which random
// positions mispredict), listing the same sequences in the same order.
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
  // Two sequences from one cell to one landing that take the same pieces are one move (the
  // first found is kept), as the FMJD rules count them; otherwise each path is a move.
  bool same_takes_one_move = false;

  // The set-wise search's tables (compile_set_wise), when every hop is short and taken
  // pieces leave at once on a board of at most 64 cells: per seat and kind, its hops in the
  // order the array search tries them; per direction and cell, the cell a hop jumps and
  // where it lands (both the cell itself where the board ends first).
  struct HopEntry {
    uint8_t dir, rule;  // rule: index into hops
  };
  bool set_wise = false;
  std::vector<HopEntry> entries;
  std::vector<uint16_t> entries_begin;  // seat * kinds + kind -> its first entry; one more at the end
  std::vector<uint8_t> over, land;      // dir * 64 + cell
};

struct BoardArrays {
  const uint8_t* tops;     // top piece code per cell
  const uint8_t* heights;  // stacking: column heights
  const uint8_t* columns;  // stacking: cell * kMaxStack + level
  // For the set-wise search: the empty cells, and those whose top the mover may take.
  uint64_t empty = 0, foes = 0;
};

// Fills the set-wise tables of `rules` (its hops checked) and says whether the set-wise
// search applies; when it does, search_captures uses it and `board` must carry the masks.
bool compile_set_wise(const Program& p, CaptureRules& rules);

// The most capture sequences one position may have before the search stops with an
// EngineLimit error (a combinatorial explosion, never a silently shorter list).
constexpr size_t kMaxCaptureSequences = 200000;

// Appends every capture sequence of the pieces on `starts` (cells, in order) of the side of
// `seat`, `maker` being the maker index written into the moves; then applies the maximum rule.
void search_captures(const Program& p, const CaptureRules& rules, const BoardArrays& board, int seat,
                     const std::vector<int>& starts, int maker, MoveList& out);

}  // namespace tabula
