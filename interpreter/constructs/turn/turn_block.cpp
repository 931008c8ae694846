// `turn { STEP; STEP ... }`: a turn made of several steps, in order, each one ply (perft
// counts them); a step whose `if` fails is skipped. `opening [first=SIDE] { STEP by=SIDE ... }`:
// steps played once, in order, before the turns, each by the named side's first seat; then
// the first turn is the first seat's, or that of the side `first=` names. The steps are the
// actions of the registry (move, place, pie, one-of).
#include <fmt/format.h>

#include "constructs/turn/turn_step.hpp"

#include "check/context.hpp"
#include "syntax/name_suggest.hpp"

namespace tabula {

bool check_turn_step(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra, TurnStep& step) {
  const ActionSpec* spec = ctx.registry.action(line.keyword);
  if (!spec) {
    std::vector<std::string> names;
    for (const ActionSpec* a : ctx.registry.actions) names.emplace_back(a->keyword);
    std::string expected = names.empty() ? "" : names.back();
    if (names.size() > 1) expected = join({names.begin(), names.end() - 1}) + " or " + expected;
    ctx.error(line.pos, fmt::format("unknown turn action '{}'; expected {}", line.keyword, expected));
    return false;
  }
  step.pos = line.pos;
  step.phase = spec->check(ctx, line, extra);
  if (!step.phase) return false;
  return !line.has_condition || ctx.condition(line.condition, step.condition, {});
}

namespace {

constexpr size_t kMaxSteps = 16;

void check_turn(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 0, {}, false, false, true)) return;
  auto& steps = ctx.program.turn.turn;
  for (const auto& line : s.block) {
    TurnStep step;
    if (check_turn_step(ctx, line, {}, step)) steps.push_back(std::move(step));
  }
  if (s.block.empty()) ctx.error(s.pos, "the turn block has no actions; expected move or place lines");
  if (steps.size() > kMaxSteps) ctx.error(s.pos, fmt::format("a turn has at most {} actions", kMaxSteps));
}

void check_opening(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 0, {"first"}, false, false, true)) return;
  auto& steps = ctx.program.turn.opening;
  for (const auto& line : s.block) {
    TurnStep step;
    if (!check_turn_step(ctx, line, {"by"}, step)) continue;
    const Arg* by = ctx.named(line, "by");
    if (!by) {
      ctx.needs(line, fmt::format("opening action '{}' needs by=SIDE (who plays it)", line.keyword));
      continue;
    }
    if (!ctx.identifier(by->value, "a side")) continue;
    int side = ctx.find_player(by->value.text);
    if (side < 0) {
      ctx.unknown_name(by->value, "player", ctx.player_names());
      continue;
    }
    step.seat = std::max(0, ctx.program.first_seat_of(side));
    steps.push_back(std::move(step));
  }
  if (s.block.empty()) ctx.error(s.pos, "the opening block has no actions");
  if (steps.size() > kMaxSteps) ctx.error(s.pos, fmt::format("an opening has at most {} actions", kMaxSteps));
  // Who plays the first turn after the opening: the first seat, unless `first=SIDE` says.
  Program& p = ctx.program;
  if (const Arg* first = ctx.named(s, "first"); first && ctx.identifier(first->value, "a side")) {
    const int side = ctx.find_player(first->value.text);
    if (side < 0) ctx.unknown_name(first->value, "player", ctx.player_names());
    else p.turn.first_seat = std::max(0, p.first_seat_of(side));
  }
  if (p.turn.first_seat_var >= 0) p.vars.specs[static_cast<size_t>(p.turn.first_seat_var)].initial = p.turn.first_seat;
  // A pie whose chooser would play the first turn swaps with "the other side": two sides only.
  for (const TurnStep& step : steps)
    if (step.phase->name() == "pie" && p.player_count() != 2 &&
        p.seats[static_cast<size_t>(step.seat)].side == p.seats[static_cast<size_t>(p.turn.first_seat)].side)
      ctx.error(step.pos,
                "a pie whose chooser would play the first turn needs two sides: with more, name "
                "another side with opening first=SIDE");
}

}  // namespace

extern constinit const StatementSpec turn_statement{
    "turn",
    Pass::define,
    Key::keyword,
    check_turn,
    "turn { move [if C]; place KIND ... [if C] }",
    "a turn of several steps, each one ply; a step whose `if` fails is skipped"};
extern constinit const StatementSpec opening_statement{
    "opening",
    Pass::define,
    Key::keyword,
    check_opening,
    "opening [first=SIDE] { ACTION by=SIDE ... }",
    "steps played once, in order, before the turns (placements, pie); then the first seat's turn, or first=SIDE's"};

}  // namespace tabula
