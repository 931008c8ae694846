#pragma once
// `place KIND [from=PLAYER|supply] [where=CELL-CONDITION] [gravity=DIR] [if C]` (place.cpp).
// Its compiled form is visible so that an accelerator (interpreter/accel/) can stand in for it.
#include "program/formula.hpp"
#include "program/program.hpp"

namespace tabula {

class Place : public Phase {
 public:
  std::string_view name() const override { return "place"; }
  int kind = 0;
  bool from_supply = true;
  PlayerSpec owner;  // from=PLAYER
  Formula where;
  std::vector<int> down;  // gravity=: per seat, the direction a dropped piece falls (empty: no gravity)

  // With gravity: whether a piece dropped into the column of `c` comes to rest on `c`.
  bool resting_place(const State& s, int c) const;
  uint32_t places() const override { return 1u << kind; }
  int owner_of(const State& s) const;
  bool counts_reserve(const Program& p) const { return !from_supply && !p.reserve_var.empty(); }
  bool applies(const State& s) const override;
  void generate(const State& s, MoveList& out) const override;
  Flow apply(StateEditor& edit, const Move& m) const override;
  std::string text(const State& s, const Move& m) const override;

 protected:
  // A pass when the seat has no placement and the rules say so.
  void pass_if_none(const Program& p, MoveList& out) const;
};

}  // namespace tabula
