#include "engine/evaluate.hpp"

#include <fmt/format.h>
#include <limits>

namespace tabula {
namespace {

// A function compared with a constant (longest-row(mover) >= 4), asked as a threshold
// (ValueFunction::at_least) rather than measured; false when the node is not of that form.
bool threshold(const Formula& e, const FormulaNode& n, const EvalContext& c, int64_t& out) {
  using Op = FormulaNode::Op;
  const FormulaNode& f = e.nodes[n.a];
  const FormulaNode& k = e.nodes[n.b];
  if (f.op != Op::function || k.op != Op::constant) return false;
  const bool strict = n.op == Op::gt || n.op == Op::le;  // > k is >= k + 1
  if (strict && k.value == std::numeric_limits<int64_t>::max()) return false;
  const bool at_least = c.state.program().functions[f.function]->at_least(c, k.value + strict);
  out = n.op == Op::ge || n.op == Op::gt ? at_least : !at_least;
  return true;
}

int64_t eval(const Formula& e, int i, const EvalContext& c) {
  const FormulaNode& n = e.nodes[i];
  using Op = FormulaNode::Op;
  switch (n.op) {
    case Op::constant: return n.value;
    case Op::function: return c.state.program().functions[n.function]->value(c);
    case Op::not_: return !eval(e, n.a, c);
    case Op::and_: return eval(e, n.a, c) && eval(e, n.b, c);
    case Op::or_: return eval(e, n.a, c) || eval(e, n.b, c);
    case Op::ge:
    case Op::gt:
    case Op::le:
    case Op::lt:
      if (int64_t r; threshold(e, n, c, r)) return r;
      break;
    default: break;
  }
  const int64_t a = eval(e, n.a, c), b = eval(e, n.b, c);
  int64_t r = 0;
  switch (n.op) {
    case Op::eq:
    case Op::ne:
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge: return compare(n.op, a, b);
    case Op::add:
      if (__builtin_add_overflow(a, b, &r)) break;
      return r;
    case Op::sub:
      if (__builtin_sub_overflow(a, b, &r)) break;
      return r;
    case Op::mul:
      if (__builtin_mul_overflow(a, b, &r)) break;
      return r;
    case Op::div:
      if (b == 0) throw RuleError(n.pos, fmt::format("division by zero ({} / 0) in this expression", a));
      if (a == std::numeric_limits<int64_t>::min() && b == -1) break;
      return a / b;
    default: return 0;
  }
  throw RuleError(n.pos, fmt::format("arithmetic overflow in this expression: the result of {} and {} does not fit in "
                                     "64 bits",
                                     a, b));
}

}  // namespace

int64_t value(const Formula& e, const EvalContext& c) { return eval(e, e.root, c); }

namespace {

// The empty cells of the board (for `not`).
CellSet empty_cells(const State& s) {
  const Program& p = s.program();
  if (p.bitboards) return CellSet::from_mask(~s.occupied_mask()) & CellSet::first(p.cells);
  return CellSet::first(p.cells).subtract(CellSet::of_nonzero_bytes(s.tops(), p.cells));
}

bool cells_of(const Formula& e, int node, const State& s, int mover, CellSet& cells) {
  const FormulaNode& n = e.nodes[node];
  CellSet a, b;
  switch (n.op) {
    case FormulaNode::Op::function: return s.program().functions[n.function]->empty_cells_where(s, mover, cells);
    case FormulaNode::Op::not_:
      if (!cells_of(e, n.a, s, mover, a)) return false;
      cells = empty_cells(s).subtract(a);
      return true;
    case FormulaNode::Op::and_:
    case FormulaNode::Op::or_:
      if (!cells_of(e, n.a, s, mover, a) || !cells_of(e, n.b, s, mover, b)) return false;
      cells = n.op == FormulaNode::Op::and_ ? a & b : a | b;
      return true;
    default: return false;
  }
}

}  // namespace

bool empty_cells_where(const Formula& e, const State& s, int mover, CellSet& cells) {
  return !e.empty() && !s.program().reference && s.program().cells <= CellSet::kMaxCells &&
         cells_of(e, e.root, s, mover, cells);
}

int resolve_player(const State& s, const PlayerSpec& who, int mover) {
  switch (who.who) {
    case PlayerRef::mover: return mover;
    case PlayerRef::opponent: return (mover + 1) % s.program().player_count();
    case PlayerRef::fixed: return who.fixed;
    case PlayerRef::all: return -1;
  }
  return mover;
}

}  // namespace tabula
