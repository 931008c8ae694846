#include "api/observation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "board/grid_places.hpp"

namespace tabula::detail {
namespace {

// Whether some phase is played between turns (a mark, a pick): one that no step of the
// opening or of a turn plays.
bool has_interludes(const Program& p) {
  auto stepped = [&](const Phase* phase) {
    for (const auto* steps : {&p.turn.opening, &p.turn.turn})
      for (const TurnStep& step : *steps)
        if (step.phase == phase) return true;
    return false;
  };
  for (const MoveMaker* m : p.makers)
    if (const auto* phase = dynamic_cast<const Phase*>(m); phase && !stepped(phase)) return true;
  return false;
}

float scaled(int32_t v, int32_t low, int32_t high) {
  return high > low ? static_cast<float>(v - low) / static_cast<float>(high - low) : static_cast<float>(v);
}

}  // namespace

ObservationPlan observation_plan(const Program& p) {
  ObservationPlan plan;
  plan.opening = !p.turn.opening.empty();
  plan.steps = p.turn.turn.size() > 1;
  plan.interludes = has_interludes(p);
  plan.quiet = p.end.quiet_limit > 0;
  plan.repetitions = p.end.remembers_positions();
  const int sides = p.player_count(), kinds = p.kind_count();
  plan.planes = sides * kinds * (p.stacking ? 2 : 1) + (p.stacking ? 1 : 0) + p.seat_count() + sides + plan.opening +
                plan.steps + 2 * plan.interludes + p.vars.size() + 2 + plan.quiet + plan.repetitions;
  return plan;
}

ObservationLayout observation_layout(const Program& p, const ObservationPlan& plan) {
  ObservationLayout l;
  l.cells = p.cells;
  const int sides = p.player_count(), kinds = p.kind_count();
  for (const char* group : {"top", "count"}) {
    if (group == std::string_view("count") && !p.stacking) break;
    for (int side = 0; side < sides; ++side)
      for (int k = 0; k < kinds; ++k) l.plane_names.push_back(fmt::format("{} +{} {}", group, side, p.kinds[k].name));
  }
  if (p.stacking) l.plane_names.push_back("height");
  for (const SeatDef& seat : p.seats) l.plane_names.push_back("to move: " + seat.name);
  for (const PlayerDef& side : p.players) l.plane_names.push_back("observer: " + side.name);
  if (plan.opening) l.plane_names.push_back("opening step");
  if (plan.steps) l.plane_names.push_back("turn step");
  if (plan.interludes) {
    l.plane_names.push_back("interlude");
    l.plane_names.push_back("after an interlude");
  }
  for (const VarSpec& v : p.vars.specs) l.plane_names.push_back("value: " + v.name);
  l.plane_names.push_back("passes in a row");
  l.plane_names.push_back("plies");
  if (plan.quiet) l.plane_names.push_back("quiet plies");
  if (plan.repetitions) l.plane_names.push_back("repetitions");
  l.planes = static_cast<int>(l.plane_names.size());

  const GridPlaces grid = grid_places(*p.board);
  if (grid.on_grid) {
    l.rows = grid.rows;
    l.columns = grid.columns;
    for (const GridPlace& at : grid.places) l.grid_index.push_back((grid.rows - at.row) * grid.columns + at.column);
    l.on_board_plane = grid.rows * grid.columns > p.cells;
  }
  return l;
}

void fill_observation(const State& s, const ObservationPlan& plan, int player, float* out, size_t size) {
  const Program& p = s.program();
  const int sides = p.player_count(), kinds = p.kind_count(), cells = p.cells;
  if (player < 0 || player >= sides)
    throw std::out_of_range(
        fmt::format("observation for player {}: {} has players 0 to {}", player, p.name, sides - 1));
  const size_t planes = static_cast<size_t>(plan.planes);
  if (size != planes * cells)
    throw std::out_of_range(fmt::format("observation of {} needs {} floats ({} planes of {} cells), not {}", p.name,
                                        planes * cells, planes, cells, size));
  std::fill(out, out + size, 0.0f);
  // The plane of a piece code within a group: the owner counted from `player`, then the kind.
  auto plane = [&](uint8_t code) { return ((p.owner(code) - player + sides) % sides) * kinds + p.kind(code); };
  const size_t group = static_cast<size_t>(sides) * kinds * cells;
  for (int c = 0; c < cells; ++c) {
    const uint8_t top = s.at(c);
    if (!top) continue;
    out[static_cast<size_t>(plane(top)) * cells + c] = 1.0f;
    if (!p.stacking) continue;
    const int height = s.height(c);
    for (int level = 0; level < height; ++level)
      out[group + static_cast<size_t>(plane(s.counter(c, level))) * cells + c] += 1.0f;
    out[2 * group + c] = static_cast<float>(height);
  }

  // The planes past the pieces, one after another: each filled whole or at one cell.
  float* next = out + group * (p.stacking ? 2 : 1) + (p.stacking ? cells : 0);
  auto fill_next = [&](float value) {
    std::fill(next, next + cells, value);
    next += cells;
  };
  const bool over = s.is_terminal();
  for (int seat = 0; seat < p.seat_count(); ++seat) fill_next(!over && s.current_seat() == seat ? 1.0f : 0.0f);
  for (int side = 0; side < sides; ++side) fill_next(side == player ? 1.0f : 0.0f);
  const TurnPoint& at = s.turn_point();
  if (plan.opening)
    fill_next(at.segment == TurnPoint::opening ? static_cast<float>(at.step + 1) / p.turn.opening.size() : 0.0f);
  if (plan.steps)
    fill_next(at.segment == TurnPoint::turn ? static_cast<float>(at.step) / (p.turn.turn.size() - 1) : 0.0f);
  if (plan.interludes) {
    fill_next(at.segment == TurnPoint::interlude ? static_cast<float>(at.step + 1) / p.makers.size() : 0.0f);
    fill_next(at.fresh ? 1.0f : 0.0f);
  }
  for (int i = 0; i < p.vars.size(); ++i) {
    const VarSpec& spec = p.vars.specs[static_cast<size_t>(i)];
    const int32_t v = s.var(i);
    if (spec.type == VarSpec::Type::cell && v >= 0 && v < cells) {
      next[v] = 1.0f;  // a cell: marked
      next += cells;
    } else if (spec.type == VarSpec::Type::cell) {
      fill_next(v < 0 ? 0.0f : -scaled(v, 0, spec.high));  // none, or a value past the cells
    } else if (spec.type == VarSpec::Type::side) {
      fill_next(v < 0 ? 0.0f
                      : static_cast<float>(1 + (v - player + sides) % sides) / sides);  // counted from the observer
    } else {
      fill_next(scaled(v, spec.low, spec.high));
    }
  }
  fill_next(static_cast<float>(s.consecutive_passes()) / p.seat_count());
  fill_next(static_cast<float>(s.ply()) / std::max(1, p.end.ply_limit));
  if (plan.quiet) fill_next(static_cast<float>(s.quiet_plies()) / p.end.quiet_limit);
  if (plan.repetitions) fill_next(static_cast<float>(s.repetitions()) / 3.0f);
}

void fill_spatial_observation(const State& s, const ObservationPlan& plan, const ObservationLayout& layout, int player,
                              float* out, size_t size) {
  const Program& p = s.program();
  if (layout.rows == 0)
    throw std::invalid_argument(fmt::format(
        "{}: the board is no grid (its cells are not all named by a column letter and a row number), so the "
        "observation has no spatial form: use the flat one, with the board's links for its adjacency",
        p.name));
  const size_t points = static_cast<size_t>(layout.rows) * layout.columns;
  const size_t planes = static_cast<size_t>(layout.planes) + (layout.on_board_plane ? 1 : 0);
  if (size != planes * points)
    throw std::out_of_range(fmt::format("the spatial observation of {} needs {} floats ({} planes of {} x {}), not {}",
                                        p.name, planes * points, planes, layout.rows, layout.columns, size));
  std::vector<float> flat(static_cast<size_t>(layout.planes) * p.cells);
  fill_observation(s, plan, player, flat.data(), flat.size());
  std::fill(out, out + size, 0.0f);
  for (size_t plane = 0; plane < static_cast<size_t>(layout.planes); ++plane)
    for (int c = 0; c < p.cells; ++c)
      out[plane * points + static_cast<size_t>(layout.grid_index[c])] = flat[plane * p.cells + c];
  if (layout.on_board_plane)
    for (int c = 0; c < p.cells; ++c) out[layout.planes * points + static_cast<size_t>(layout.grid_index[c])] = 1.0f;
}

}  // namespace tabula::detail
