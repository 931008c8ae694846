#include "engine/state_picture.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "engine/ending_cells.hpp"
#include "engine/notes.hpp"
#include "engine/state_drawing.hpp"

namespace tabula {

std::vector<CellView> cell_views(const State& s) {
  const Program& p = s.program();
  std::vector<CellView> cells(p.cells);
  for (int c = 0; c < p.cells; ++c)
    for (int level = 0; level < s.height(c); ++level) {
      uint8_t code = s.counter(c, level);
      if (code == 0) continue;
      int side = p.owner(code), kind = p.kind(code), mark = 0;
      for (int k = 0; k < kind; ++k) mark += p.kind_allowed(side, k);
      cells[c].column.push_back({side, mark, p.symbol(code), p.kinds[kind].name});
    }
  return cells;
}

PictureOptions picture_options(const State& s) {
  const Program& p = s.program();
  PictureOptions o;
  for (const auto& player : p.players) o.side_names.push_back(player.name);
  o.stacks = p.stacking;
  o.kind_letters = p.kind_count() > 1;
  o.title = p.name;
  // The first area a construct shows (a target region) is drawn as the region.
  const StateNotes notes = describe(s);
  if (!notes.areas.empty()) {
    o.region_mark = notes.areas[0].mark;
    o.region_name = notes.areas[0].name;
    o.region = notes.areas[0].cells;
  }
  if (!s.history().empty()) o.last_move = move_cells(s.history().back());
  o.ending = ending_cells(s);
  return o;
}

std::vector<int> move_cells(const Move& m) {
  if (m.to < 0) return {};
  if (m.from < 0) return {m.to};
  std::vector<int> cells{m.from};
  for (int i = 0; i < m.steps; ++i) cells.push_back(m.path[i].to);
  if (cells.back() != m.to) cells.push_back(m.to);
  return cells;
}

std::vector<int> target_cells(const State& s, int from) {
  std::vector<int> out;
  for (const Move& m : s.legal_moves())
    if (m.from == from && m.to >= 0 && std::find(out.begin(), out.end(), m.to) == out.end()) out.push_back(m.to);
  return out;
}

std::string picture_caption(const State& s) {
  const Program& p = s.program();
  std::string after = s.ply() > 0 ? fmt::format(" (ply {})", s.ply()) : "";
  if (!s.result().over) return fmt::format("{}: {} to move{}", p.name, p.seats[s.current_seat()].name, after);
  return fmt::format("{}: {}", p.name, result_sentence(s));
}

}  // namespace tabula
