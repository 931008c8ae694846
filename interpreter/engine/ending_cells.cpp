#include "engine/ending_cells.hpp"

#include <algorithm>

#include "engine/evaluate.hpp"

namespace tabula {

std::vector<int> ending_cells(const State& s) {
  if (!s.is_terminal() || s.history().empty()) return {};
  State before = s;  // the side that made the last move is the rules' `mover`
  before.undo();
  const int mover = before.current_player();
  const Program& p = s.program();
  const EvalContext at{s, mover};
  for (const EndRule& rule : p.end.after_move) {
    if (!holds(rule.condition, at)) continue;
    std::vector<int> out, cells;
    for (const FormulaNode& n : rule.condition.nodes)
      if (n.op == FormulaNode::Op::function && p.functions[n.function]->witness(at, cells))
        out.insert(out.end(), cells.begin(), cells.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  return {};
}

}  // namespace tabula
