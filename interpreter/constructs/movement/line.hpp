#pragma once
// `line dirs=D distance=N|count(line)|neighbours()|any over=nothing|friend|any [land=L] [if C]`:
// exactly D cells along a direction, passing what over= allows. Its compiled form is visible so
// that an accelerator (interpreter/accel/) can stand in for it.
#include "constructs/movement/basic_movement.hpp"

namespace tabula {

enum class LineDistance : uint8_t { fixed, pieces_on_line, neighbours, any };
enum class LineOver : uint8_t { nothing, friends, anything };

class LineMovement : public BasicMovement {
 public:
  LineDistance distance = LineDistance::fixed;
  int fixed_distance = 1;
  LineOver over = LineOver::nothing;

  void generate(const GenContext& g, int from, MoveList& out) const override;
  // May the move pass the piece `t` on its way?
  bool passes(const GenContext& g, uint8_t t) const {
    return over == LineOver::anything || (over == LineOver::friends && g.p.code_owner[t] == g.mover);
  }
  // The cells that stop the move before its landing: the occupied ones it may not pass.
  uint64_t stoppers(const GenContext& g) const {
    return over == LineOver::nothing ? g.occupied : over == LineOver::friends ? g.occupied & ~g.mine : 0;
  }
  // count(line): the pieces of both sides on `line` (the board line through a cell along a
  // direction), counted on the board.
  virtual int pieces_on_line(const GenContext& g, int d, int line) const;
};

}  // namespace tabula
