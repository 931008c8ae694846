#include "accel/accelerate.hpp"

#include <algorithm>

#include "accel/counted_line.hpp"
#include "accel/fused_steps.hpp"
#include "accel/masked_captures.hpp"
#include "accel/masked_place.hpp"
#include "accel/masked_rows.hpp"
#include "accel/masked_step.hpp"
#include "accel/placement_playouts.hpp"
#include "accel/step_playouts.hpp"

namespace tabula {
namespace {

// The movement `plain` is replaced by `faster` wherever the program lists it.
void replace_movement(Program& p, const Movement* plain, const Movement* faster) {
  for (auto& movements : p.movements) std::replace(movements.begin(), movements.end(), plain, faster);
}

// The movements of type T that `wanted` accepts, each once (a movement of several kinds is
// listed under each of them), in the order the program lists them.
template <class T, class Wanted>
std::vector<const T*> distinct_movements(const Program& p, Wanted wanted) {
  std::vector<const T*> found;
  for (const auto& movements : p.movements)
    for (const Movement* m : movements)
      if (const auto* t = dynamic_cast<const T*>(m);
          t && wanted(*t) && std::find(found.begin(), found.end(), t) == found.end())
        found.push_back(t);
  return found;
}

// Chosen with the board's data (BoardData::build_masks): the State keeps a mask per side and
// per piece code on boards of at most 64 cells, and the accelerators below read them.
bool bitboards(Program& p) { return p.bitboards; }

// Chosen by the rules that sweep lines (sees, incursion, flanked chains) on boards that sweep
// by words: the State keeps a word per straight line and side.
bool line_sweeps(Program& p) { return p.keeps_line_words(); }

// `line distance=count(line)`: the State keeps the pieces on each line as the cells change,
// and the movement reads them (by masks on boards of bitboards) instead of counting.
bool running_line_counts(Program& p) {
  const auto counted = distinct_movements<LineMovement>(
      p, [](const LineMovement& line) { return line.distance == LineDistance::pieces_on_line; });
  for (const LineMovement* plain : counted)
    replace_movement(p, plain, p.own_instead_of(*plain, std::make_unique<CountedLine>(*plain, p)));
  p.uses_line_counts = !counted.empty();
  return p.uses_line_counts;
}

// `step` without an `if` on a board of bitboards: a piece's steps from masks.
bool masked_steps(Program& p) {
  if (!p.bitboards) return false;
  const auto plain_steps = distinct_movements<StepMovement>(
      p, [](const StepMovement& step) { return step.condition.empty() && !(step.land & land_passed); });
  for (const StepMovement* plain : plain_steps)
    replace_movement(p, plain, p.own_instead_of(*plain, std::make_unique<MaskedStep>(*plain)));
  return !plain_steps.empty();
}

// A whole side's moves in one call when every kind's movements are steps (fused) or one
// movement moves every kind, and counted without a list where that movement can count.
bool fused_steps(Program& p) {
  if (!p.bitboards) return false;
  const auto& kinds = p.movements;
  const FusedSteps* fused = fuse_steps(p, kinds);
  bool single = !fused && !kinds.empty() && kinds[0].size() == 1;
  for (const auto& movements : kinds) single = single && movements == kinds[0];
  if (fused) {
    p.whole_side = fused;
    if (fused->counts()) p.whole_side_counter = fused;
  } else if (single) {
    p.whole_side = kinds[0][0];
    if (const auto* line = dynamic_cast<const CountedLine*>(p.whole_side); line && line->counts())
      p.whole_side_counter = line;
  }
  return fused != nullptr;
}
bool counted_moves(Program& p) { return p.whole_side_counter != nullptr; }

// Capture sequences on a board of bitboards: a first-hop test before any search, and the
// set-wise search where its tables apply.
bool masked_captures(Program& p) {
  if (!p.bitboards || !p.captures) return false;
  const auto* plain = dynamic_cast<const Captures*>(p.captures);
  if (!plain) return false;
  p.captures = p.own_instead_of(*plain, std::make_unique<MaskedCaptures>(*plain, p));
  return true;
}
bool set_wise_captures(Program& p) {
  const auto* masked = dynamic_cast<const MaskedCaptures*>(p.captures);
  return masked && masked->set_wise();
}

// A phase replaced by a faster one: in the turn's steps, the opening's and the start.
void replace_phase(Program& p, const Phase* plain, const Phase* faster) {
  for (auto* steps : {&p.turn.opening, &p.turn.turn})
    for (TurnStep& step : *steps)
      if (step.phase == plain) step.phase = faster;
  if (p.turn.start == plain) p.turn.start = faster;
}

// `place` without where=: the empty cells (and with gravity, the resting cells) as masks on
// a board of bitboards, gathered without a branch per cell on larger boards.
bool placement(Program& p, bool by_masks) {
  if (p.bitboards != by_masks) return false;
  bool any = false;
  for (const MoveMaker* m : std::vector<const MoveMaker*>(p.makers))
    if (const auto* plain = dynamic_cast<const Place*>(m);
        plain && !dynamic_cast<const MaskedPlace*>(m) && MaskedPlace::applies_to(*plain, p)) {
      replace_phase(p, plain, p.own_instead_of(*plain, std::make_unique<MaskedPlace>(*plain, p)));
      any = true;
    }
  return any;
}
bool masked_placement(Program& p) { return placement(p, true); }
bool gathered_placement(Program& p) { return placement(p, false); }

// The plain row functions (longest-row, rows) the program calls, by index.
std::vector<std::pair<int, const Rows*>> plain_rows(const Program& p) {
  std::vector<std::pair<int, const Rows*>> found;
  for (size_t i = 0; i < p.functions.size(); ++i)
    if (const auto* rows = dynamic_cast<const Rows*>(p.functions[i]);
        rows && !dynamic_cast<const MaskedRows*>(rows) && !dynamic_cast<const SweptRows*>(rows))
      found.emplace_back(static_cast<int>(i), rows);
  return found;
}

// longest-row and rows by shifts of the side's pieces, where the board's lines allow.
bool masked_rows(Program& p) {
  bool any = false;
  for (auto [index, plain] : plain_rows(p))
    if (rows_by_masks_apply(p, plain->axes)) {
      p.own_function_instead(index, std::make_unique<MaskedRows>(*plain, p));
      any = true;
    }
  return any;
}

// On larger boards that sweep by words: from the State's word per line and side (which it
// keeps once a rule sweeps lines).
bool swept_rows(Program& p) {
  if (p.bitboards || !p.sweeps_by_words()) return false;
  const auto found = plain_rows(p);
  for (auto [index, plain] : found) p.own_function_instead(index, std::make_unique<SweptRows>(*plain, p));
  if (!found.empty()) p.sweeps_lines = true;
  return !found.empty();
}

bool plain_turns(Program& p) {
  p.plain_turns = p.turn.turn.size() == 1 && p.turn.turn[0].condition.empty() && p.quiet_turn_ends();
  return p.plain_turns;
}

// Installs the playout kernel K builds for the program, when it builds one.
template <class K>
bool install_kernel(Program& p) {
  auto kernel = K::for_program(p);
  if (!kernel) return false;
  p.playout_kernel = kernel.get();
  p.owned.push_back(std::move(kernel));
  return true;
}

// The table, in the order they run (masked steps before the fusing that reads them) and are
// named: a new accelerator is one function and one line here.
struct Accelerator {
  const char* name;
  bool (*apply)(Program&);
};
constexpr Accelerator kAccelerators[] = {
    {"bitboards", bitboards},
    {"masked rows", masked_rows},
    {"swept rows", swept_rows},  // before "line sweeps": it may ask for the words per line
    {"line sweeps", line_sweeps},
    {"running line counts", running_line_counts},
    {"masked steps", masked_steps},
    {"fused steps", fused_steps},
    {"counted moves", counted_moves},
    {"masked captures", masked_captures},
    {"set-wise captures", set_wise_captures},
    {"masked placement", masked_placement},
    {"gathered placement", gathered_placement},
    {"plain turns", plain_turns},
    // Whole random playouts: of a placement game with row goals, on the cells' owners alone;
    // of a game of steps whose end rules count pieces, on masks alone.
    {"placement playouts", install_kernel<PlacementPlayouts>},  // after "plain turns": it needs them
    {"step playouts", install_kernel<StepPlayouts>},            // after "fused steps" and "plain turns"
};

}  // namespace

void accelerate(Program& p) {
  p.accelerations.clear();
  if (p.reference) return;
  for (const Accelerator& a : kAccelerators)
    if (a.apply(p)) p.accelerations.emplace_back(a.name);
}

}  // namespace tabula
