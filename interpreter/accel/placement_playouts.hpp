#pragma once
// Whole random playouts of games whose turn is one placement (or several, the end rules
// asked after each) from an unlimited supply (on
// any empty cell, or with gravity on the cell a dropped piece comes to rest on) and whose
// end rules are rows made by the mover (`longest-row(mover) >= N`, `rows(mover, N) > 0`) or
// one connection (`connects(mover, A, B)`), deciding a win, a loss or a draw, and no move
// ending the game (or every seat passing to the ply limit). A playout then needs the cells' owners and the open cells
// only: each ply draws the k-th open cell (the plain placement's order); the rows are measured through that cell alone,
// since no other row changes and none held before (checked when the playout starts), and the connection is kept as the
// sides' groups grow, with the two zones as two more members (union-find) rather than flooded again.
#include <memory>

#include "constructs/functions/connects.hpp"
#include "engine/playout_kernel.hpp"
#include "program/program.hpp"

namespace tabula {

class PlacementPlayouts final : public PlayoutKernel {
 public:
  // The kernel for `p`, or null where its turns, board or end rules are outside this shape.
  static std::unique_ptr<PlacementPlayouts> for_program(const Program& p);
  static constexpr int kMaxSides = 8;
  bool play(const State& s, Rng& rng, PlayoutEnd& end) const override;

 private:
  // n cells in a row along an axis, and (for a row of exactly n) the cells just before and
  // after it there.
  struct Window {
    uint64_t cells = 0, ends = 0;
  };
  struct Goal {
    const Formula* condition = nullptr;  // the end rule's, asked once when a playout starts
    bool exactly = false;                // rows(mover, n) > 0: a row of exactly n; else at least n
    int n = 0;
    Outcome outcome = Outcome::win;
    std::vector<int> dirs;           // one direction per axis (each has an opposite)
    const Connects* link = nullptr;  // connects(mover, A, B) instead of a row
    // Boards of bitboards: the windows through each cell c, per_cell of them from
    // windows[c * per_cell].
    int per_cell = 0;
    std::vector<Window> windows;
  };
  void add_windows(const Program& p, Goal& g) const;
  // Whether the side that just placed on `c` made the goal's row: from its pieces' mask (the
  // windows through `c`), or along the lines through `c` (owner codes side + 1 in `owners`).
  // No other row changed, so this is the rule's answer where no goal held before the playout.
  bool reached_by_masks(const Goal& g, uint64_t mine, int c) const;
  bool reached_through(const Program& p, const Goal& g, const uint8_t* owners, int c, uint8_t side) const;
  bool none_reached(const State& s) const;  // no goal holds now, for any side
  int winner(const Program& p, Outcome outcome, int side) const;
  int next_seat(const Program& p, int seat, int& step) const;
  bool no_move(const State& s, int side, int plies, Rng& rng, PlayoutEnd& end) const;
  bool play_by_masks(const State& s, Rng& rng, PlayoutEnd& end) const;
  bool play_by_cells(const State& s, Rng& rng, PlayoutEnd& end) const;

  std::vector<Goal> goals_;
  int per_turn_ = 1;                // placements a turn (the end rules asked after each)
  bool masks_ = false;              // a board of bitboards, and no connection goal
  const Connects* link_ = nullptr;  // the connection goal's zones, if the rules have one
  int down_ = -1, up_ = -1;         // gravity: the way pieces fall and back (-1: none)
  // Masks, gravity: per cell the cell above it and the cell below it (or nothing), and the
  // cells with none below.
  std::vector<uint64_t> above_, below_;
  uint64_t bottom_ = 0;
};

}  // namespace tabula
