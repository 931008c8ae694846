#pragma once
// Target regions (`region NAME size=EXPR [first=CELLS] { shape N [open] [choose=DIRS]: ITEMS }`):
// a set of cells whose shape depends on a size evaluated when it is marked, laid from the
// mark. Its state (the mark, the shape, the chosen direction, the side that set it, how many
// marks so far) is kept in the State's construct values. The `mark` statement (mark.cpp)
// decides who marks and when; region functions (region_functions.cpp) read it.
#include <string>
#include <vector>

#include "check/context.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"

namespace tabula {

struct RegionItem {
  enum class Kind : uint8_t { mark, step, ray_end };
  Kind kind = Kind::mark;
  std::vector<int> dirs;     // absolute directions
  bool chosen = false;       // step(chosen): the direction chosen by the setter
  bool chosen_back = false;  // step(chosen-back): its opposite
};

struct RegionShape {
  int size = 0;
  bool open = false;         // `shape N open`: read by open(R)
  std::vector<int> choices;  // choose=DIRS: the setter picks one (empty: no choice)
  std::vector<RegionItem> items;
};

class Region : public Describer {
 public:
  std::string name;
  Formula size;                      // evaluated when the mark is set
  std::vector<uint8_t> first_cells;  // per cell: allowed for the game's first mark (empty: any)
  std::vector<RegionShape> shapes;
  int mark_var = -1, shape_var = -1, choice_var = -1, setter_var = -1, round_var = -1;
  const Phase* mark_phase = nullptr;         // mark.cpp
  const Phase* interchange_phase = nullptr;  // interchange.cpp: played after each mark, when declared
  enum class NextSetter : uint8_t {
    fewest_pieces,
    most_pieces,
    loser,
    mover,
    opponent
  } next = NextSetter::fewest_pieces;

  // The cells of shape `shape` marked on `mark` with `choice` (a direction, or -1); false
  // when the shape does not fit there.
  bool cells(const Program& p, int shape, int mark, int choice, std::vector<int>& out) const;
  int shape_for_size(int64_t cells) const;  // -1 when no shape has that size
  bool marked(const State& s) const { return s.var(mark_var) >= 0; }
  // Per cell: in the current region (all zero when unmarked). Cached per thread.
  const std::vector<uint8_t>& mask(const State& s) const;
  bool is_open(const State& s) const { return s.var(shape_var) >= 0 && shapes[s.var(shape_var)].open; }
  void describe(const State& s, StateNotes& out) const override;
};

// Analysis and test hook: the side to move plays its turn (a first turn after a mark, or
// not) for the region `name` marked on `mark` (choice: a direction, or -1), the other side
// having set it. False when there is no such region or its shape does not fit there.
bool play_for_region(StateEditor& edit, std::string_view name, int mark, int choice, bool first);

// The region named by `e` (reported when unknown).
Region* find_region(CheckContext& ctx, const Expr& e);

}  // namespace tabula
