// `one-of [if C] { STEP; STEP ... }` (a turn or opening step): one ply in which the seat
// chooses between kinds of action, each a `move` or `place` line with its own `if`: the
// moves of every choice that happens now, in the order the choices are written. A seat
// passes (when the rules say so) only when no choice has a move; a choice's own pass is not
// offered beside another's moves. Each move is played and written by the step that made
// it. A clone-or-jump game lists `place stone where=next-to(mover, orthogonal|diagonal)` and
// `move` in one one-of; a game with drops from a reserve, `move` and `place pawn from=PLAYER`.
#include <fmt/format.h>
#include <algorithm>

#include "constructs/turn/turn_step.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"

namespace tabula {
namespace {

class OneOf final : public Phase {
 public:
  std::vector<TurnStep> choices;

  std::string_view name() const override { return "one-of"; }
  bool applies(const State& s) const override {
    return std::any_of(choices.begin(), choices.end(), [&](const TurnStep& c) { return happens(s, c); });
  }
  void generate(const State& s, MoveList& out) const override {
    const size_t start = out.size();
    thread_local MoveList made;  // each choice alone, as if it were the turn's only step
    for (const TurnStep& c : choices) {
      if (!happens(s, c)) continue;
      made.clear();
      now(s.program(), c).generate(s, made);
      for (const Move& m : made)
        if (m.kind != Move::pass) out.push_back(m);
    }
    if (out.size() == start && s.program().end.no_move == NoMovePolicy::pass) add_pass(out, index);
  }
  void enter(StateEditor& edit) const override {
    for (const TurnStep& c : choices) now(edit.state().program(), c).enter(edit);
  }
  void resume(StateEditor& edit) const override {
    for (const TurnStep& c : choices) now(edit.state().program(), c).resume(edit);
  }
  uint32_t places() const override {
    uint32_t kinds = 0;
    for (const TurnStep& c : choices) kinds |= c.phase->places();
    return kinds;
  }
  Flow apply(StateEditor&, const Move&) const override { return Flow::next; }  // a pass
  std::string text(const State&, const Move&) const override { return "pass"; }

 private:
  // The phase that plays a choice now: the program's maker under its index, which an
  // accelerator may have replaced by a faster one (interpreter/accel/).
  static const Phase& now(const Program& p, const TurnStep& c) {
    return static_cast<const Phase&>(*p.makers[static_cast<size_t>(c.phase->index)]);
  }
  static bool happens(const State& s, const TurnStep& c) {
    return now(s.program(), c).applies(s) && (c.condition.empty() || holds(c.condition, {s, s.current_player()}));
  }
};

const Phase* check_one_of(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra) {
  if (!ctx.shape(line, 0, 0, extra, true, false, true)) return nullptr;
  auto one_of = std::make_unique<OneOf>();
  bool ok = true;
  for (const Statement& choice : line.block) {
    if (choice.keyword != "move" && choice.keyword != "place") {
      ctx.error(choice.pos, fmt::format("one-of chooses between move and place lines, not '{}'", choice.keyword));
      ok = false;
      continue;
    }
    TurnStep step;
    if (!check_turn_step(ctx, choice, {}, step)) {
      ok = false;
      continue;
    }
    const bool again = std::any_of(one_of->choices.begin(), one_of->choices.end(),
                                   [&](const TurnStep& c) { return c.phase == step.phase; });
    if (again) {
      ctx.error(choice.pos, "one-of lists `move` once: a second would offer every piece move twice");
      ok = false;
      continue;
    }
    one_of->choices.push_back(std::move(step));
  }
  if (ok && one_of->choices.size() < 2) {
    ctx.error(line.pos, "one-of needs at least two lines to choose from (move, place KIND ...)");
    return nullptr;
  }
  return ok ? ctx.program.own(std::move(one_of)) : nullptr;
}

}  // namespace

extern constinit const ActionSpec one_of_action{
    "one-of", check_one_of, "one-of [if C] { move [if C]; place KIND ... [if C] }",
    "one ply in which the seat chooses between kinds of action: the moves of every line that happens now"};

}  // namespace tabula
