// can-move(P): the seat of P that plays next (the seat to move, when it is P's; else P's
// first seat after it in the rotation), starting its turn now, would have a legal move other
// than a pass. `not can-move(P)` is "P has no legal move" as a condition, beyond what
// `no-move` does: `end if not can-move(mover) and not can-move(opponent)`. It lists that
// seat's moves on a copy of the state, so it is allowed only where conditions are read
// between turns (end rules, score terms, evaluate), never while moves are being listed.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {
namespace {

class CanMove final : public ValueFunction {
 public:
  PlayerSpec who;
  std::string_view name() const override { return "can-move"; }

  static int next_seat_of(const State& s, int side) {
    const Program& p = s.program();
    for (int k = 0; k < p.seat_count(); ++k) {
      const int seat = (s.current_seat() + k) % p.seat_count();
      if (p.seats[seat].side == side) return seat;
    }
    return -1;
  }

  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const int seat = next_seat_of(s, resolve_player(s, who, c.mover));
    if (seat < 0 || s.stored_result().over) return 0;
    // One scratch state per thread, reused so that asking allocates nothing once warm.
    thread_local std::unique_ptr<State> scratch;
    thread_local MoveList moves;
    if (!scratch || scratch->program_ptr() != s.program_ptr()) scratch = std::make_unique<State>(s);
    else *scratch = s;
    scratch->begin_turn_of(seat);
    generate_moves(*scratch, moves);
    for (const Move& m : moves)
      if (m.kind != Move::pass) return 1;
    return 0;
  }
};

std::unique_ptr<ValueFunction> check_can_move(CheckContext& ctx, const Expr& e, Scope scope) {
  if (!scope.between_turns) {
    ctx.error(e.pos,
              "can-move(...) lists a seat's moves, so it can only be used in end rules (after-move), score "
              "terms and evaluate, not where moves are being listed");
    return nullptr;
  }
  if (e.args.size() != 1) {
    ctx.error(e.pos, fmt::format("'can-move' takes one argument (a player), but has {}", e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<CanMove>();
  if (!ctx.player_ref(e.args[0], f->who, false)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec can_move_function{
    "can-move",
    false,
    false,
    check_can_move,
    "can-move(P)",
    "P's next seat, starting its turn now, would have a legal move other than a pass (end rules, scores, evaluate)"};

}  // namespace tabula
