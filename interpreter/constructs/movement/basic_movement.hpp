#pragma once
// What the movement constructs share: directions per seat, what a move may land on, an
// optional `if` over its from and to cells, and for turns of partial moves the cost
// arguments (cost=, max=, unless=) and the cells a piece can reach. Each movement kind is
// one module (step.cpp, slide.cpp, line.cpp, jump.cpp, run.cpp) deriving from this; `hop`
// sequences are made by the capture construct (capture/captures.cpp).
#include <functional>
#include <string>
#include <vector>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "kernels/ray_moves.hpp"

namespace tabula {

class BasicMovement : public Movement {
 public:
  std::vector<std::vector<int>> dirs;  // per seat: absolute board directions
  uint8_t land = land_empty;
  Formula condition;  // over the move's from and to
  // Turns of partial moves (`budget`): what a move costs and the most it may cost.
  int cost_per_step = 1;
  bool cost_fixed = false;  // cost=N: the same whatever the distance
  int max_cost = 1 << 20;
  Formula unless;             // lifts max_cost
  bool partial_args = false;  // any of cost=, max=, unless= was given

  Flow apply(StateEditor& edit, const Move& m) const override;
  std::string text(const State& s, const Move& m) const override;
  // Whether the `if` allows a move from `from` to `to`.
  bool allows(const GenContext& g, int from, int to) const {
    return condition.empty() || holds(condition, {g.s, g.mover, from, to});
  }
  // Turns of partial moves: every cell the piece on `from` can reach through empty cells,
  // with the steps it takes and whether a discount applies; false when this movement does
  // not take part in partial turns.
  using Reach = std::function<void(int to, int steps, bool discounted)>;
  virtual bool reach(const GenContext&, int, const Reach&) const { return false; }
  virtual bool takes_partial_turns() const { return false; }
};

// Emits a plain move (with the promotion it earns on arrival) when the `if` allows it.
void emit_move(const GenContext& g, const BasicMovement& mv, int from, int to, MoveList& out);

// What a movement kind accepts besides its own arguments.
struct MovementShape {
  std::vector<std::string> named;  // its named arguments (dirs= and land= among them when it takes them)
  bool condition = true;           // an `if` over from and to
  bool partial = false;            // cost=, max=, unless= (turns of partial moves)
  bool dirs = true;                // dirs= is required
  bool partial_only = false;       // a movement of turns of partial moves only (run)
  bool passing = false;            // land=passed (a take in passing: passing.hpp)
};

// Reads the arguments every movement shares: dirs=, land=, cost=, max=, unless= and the
// `if`, as `shape` allows. Returns false after reporting an error.
bool check_movement(CheckContext& ctx, const Statement& s, BasicMovement& mv, uint32_t kinds, MovementShape shape);

// Adds a checked movement to the program (and to the movements of its kinds).
void add_movement(CheckContext& ctx, std::unique_ptr<BasicMovement> mv);

}  // namespace tabula
