#pragma once
// The compiled form of a condition or a number (the `if` of rules, `size=`, `where=`, ...):
// a small tree of nodes in one vector. Operators are evaluated by the engine
// (engine/evaluate); each function call (connected(P), pieces(P), ...) is an object of its
// module (interpreter/constructs/functions/) behind the ValueFunction interface.
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.hpp"
#include "program/cell_set.hpp"
#include "program/construct.hpp"

namespace tabula {

// Who a player reference names, relative to the side that moves (or just moved).
enum class PlayerRef : uint8_t { mover, opponent, fixed, all };
struct PlayerSpec {
  PlayerRef who = PlayerRef::mover;
  int fixed = 0;
};

// Where an expression is evaluated: the state, the side that moves (or just moved), and
// the cells of the move or cell the expression is about (-1 when none).
struct EvalContext {
  const State& state;
  int mover = 0;
  int from = -1;
  int to = -1;
};

class ValueFunction : public Construct {
 public:
  virtual int64_t value(const EvalContext& c) const = 0;
  virtual std::string_view name() const = 0;
  // A function about one cell may also answer for every empty cell at once: `cells` gets
  // the empty cells where value() with this mover and that cell as `to` (no `from`) is
  // non-zero. False when the function has no such form, or none on this board.
  virtual bool empty_cells_where(const State&, int /*mover*/, CellSet& /*cells*/) const { return false; }
  // How near `mover` stands to what this function tests, for evaluations (larger is
  // nearer). Only goals whose value jumps when reached (a chain joined, a zone entered) have
  // one: the evaluation can then see the way there, not only the arrival.
  virtual std::optional<double> progress(const EvalContext&) const { return std::nullopt; }
  virtual bool has_progress() const { return false; }
  // How near `mover` stands to value() >= goal, for evaluations (larger is nearer), where the
  // value climbs by steps that a count of it would hide (a row of four is made by rows of
  // two and three that could still grow: their number tells more than the longest one).
  virtual std::optional<double> progress_toward(const EvalContext&, int64_t /*goal*/) const { return std::nullopt; }
  virtual bool has_progress_toward() const { return false; }
  // Whether progress_toward says something for this goal (some functions measure only some).
  virtual bool measures_toward(int64_t /*goal*/) const { return has_progress_toward(); }
  // The cells that make the value what it is now (a row, a group, a chain), for pictures of
  // how a game ended; false when the function has no such cells or the value names none.
  virtual bool witness(const EvalContext&, std::vector<int>& /*cells*/) const { return false; }
  // Whether value() >= n. A goal compares a function with a constant ("a row of four":
  // longest-row(mover) >= 4); some functions answer that faster than they measure the value.
  virtual bool at_least(const EvalContext& c, int64_t n) const { return value(c) >= n; }
  // The least and the most value() can be in any position of `p` (a count of pieces on a
  // zone: from 0 to the zone's cells), so that a condition no position can meet is found
  // when the rules are checked (lang/design_warnings); nullopt when not known.
  virtual std::optional<std::pair<int64_t, int64_t>> bounds(const Program&) const { return std::nullopt; }
  // Where the value counts pieces on cells (how many a side has, or has in a zone): whose,
  // of which kinds, and per side the cells where they count. A playout kernel that keeps the
  // pieces as masks (boards of at most 64 cells, no stacks) then counts it without a State.
  struct PieceCount {
    PlayerSpec who;
    uint32_t kinds = 0xFFFFFFFFu;
    const std::vector<uint64_t>* cells = nullptr;  // per side; null: every cell
  };
  virtual bool counts_pieces(PieceCount&) const { return false; }
};

struct FormulaNode {
  enum class Op : uint8_t { constant, function, add, sub, mul, div, eq, ne, lt, le, gt, ge, and_, or_, not_ };
  Op op = Op::constant;
  bool numeric = true;     // a number (true) or a truth value (false)
  int32_t a = -1, b = -1;  // operands: indices into Formula::nodes (a 1 MiB file can hold 2^16 of them)
  int64_t value = 0;       // constant
  int32_t function = -1;   // a call: its index in Program::functions (an accelerator may replace it there)
  SourcePos pos;           // for errors found while evaluating (division by zero, overflow)
};

// Whether a comparison node's operator holds between its operands' values; `op` is one of
// eq..ge (any other: false).
constexpr bool compare(FormulaNode::Op op, int64_t a, int64_t b) {
  using Op = FormulaNode::Op;
  switch (op) {
    case Op::eq: return a == b;
    case Op::ne: return a != b;
    case Op::lt: return a < b;
    case Op::le: return a <= b;
    case Op::gt: return a > b;
    case Op::ge: return a >= b;
    default: return false;
  }
}

struct Formula {
  std::vector<FormulaNode> nodes;
  int root = -1;
  bool empty() const { return root < 0; }
  bool numeric() const { return root >= 0 && nodes[root].numeric; }
  // Whether the expression calls the function of that name (`functions`: Program::functions).
  bool calls(const std::vector<const ValueFunction*>& functions, std::string_view name) const {
    for (const auto& n : nodes)
      if (n.op == FormulaNode::Op::function && functions[n.function]->name() == name) return true;
    return false;
  }
};

}  // namespace tabula
