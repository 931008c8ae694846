#pragma once
// connects(P, ZONE1, ZONE2) (connects.cpp). Its compiled form is visible so that an
// accelerator (interpreter/accel/) can read its zones.
#include "engine/evaluate.hpp"
#include "kernels/connectivity.hpp"

namespace tabula {

class Connects final : public ValueFunction {
 public:
  PlayerSpec who;
  std::vector<std::vector<uint8_t>> from, to;              // per side: a flag per cell
  std::vector<std::vector<int16_t>> from_cells, to_cells;  // per side: the same cells as a list
  std::vector<uint64_t> from_mask, to_mask;                // per side, on boards of at most 64 cells
  std::string_view name() const override { return "connects"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    if (p.bitboards) return mask_links(p, s.pieces_mask(side), from_mask[side], to_mask[side]);
    return pieces_link(p, s.tops(), side, from_cells[side], to[side], to_cells[side]);
  }
  // The groups of the side's pieces that join the two zones.
  bool witness(const EvalContext& c, std::vector<int>& cells) const override {
    const State& s = c.state;
    const int side = resolve_player(s, who, c.mover);
    cells = linking_groups(s.program(), s.tops(), side, from[side], to[side]);
    return !cells.empty();
  }
  // The empty cells still to fill (negated), the board's size when the sides are cut off.
  bool has_progress() const override { return true; }
  std::optional<double> progress(const EvalContext& c) const override {
    const State& s = c.state;
    const int side = resolve_player(s, who, c.mover);
    const int needed = cells_to_link(s.program(), s.tops(), side, from[side], to[side]);
    return -static_cast<double>(needed < 0 ? s.program().cells : needed);
  }
};

}  // namespace tabula
