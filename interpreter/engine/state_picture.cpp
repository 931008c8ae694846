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

namespace {

// Words joined by ", " into lines of at most `width` characters, the first after `head`.
std::vector<std::string> wrapped(const std::string& head, const std::vector<std::string>& items, size_t width = 64) {
  std::vector<std::string> lines{head};
  for (size_t i = 0; i < items.size(); ++i) {
    std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    if (lines.back().size() + 1 + item.size() > width && lines.back() != head) lines.push_back("  " + item);
    else lines.back() += " " + item;
  }
  return lines;
}

// What the letters on the pieces stand for ("P/p pawn"), in games with several kinds.
std::vector<std::string> letters_key(const Program& p) {
  std::vector<std::string> items;
  for (int k = 0; k < p.kind_count(); ++k) {
    std::vector<std::string> symbols;
    for (int side = 0; side < p.player_count(); ++side)
      if (p.kind_allowed(side, k)) {
        std::string symbol = p.symbol(p.piece_code(side, k));
        if (std::find(symbols.begin(), symbols.end(), symbol) == symbols.end()) symbols.push_back(symbol);
      }
    std::string joined;
    for (const auto& symbol : symbols) joined += (joined.empty() ? "" : "/") + symbol;
    items.push_back(joined + " " + p.kinds[k].name);
  }
  return wrapped("letters:", items);
}

// The pieces each side holds in reserve ("black 3 pawn").
std::vector<std::string> reserves_key(const State& s) {
  const Program& p = s.program();
  std::vector<std::string> items;
  for (int side = 0; side < p.player_count(); ++side)
    for (int k = 0; k < p.kind_count(); ++k) {
      const int var = p.reserve_var[static_cast<size_t>(side * p.kind_count() + k)];
      if (var >= 0) items.push_back(fmt::format("{} {} {}", p.players[side].name, s.var(var), p.kinds[k].name));
    }
  return wrapped("in reserve:", items);
}

}  // namespace

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
  if (!s.history().empty()) {
    o.last_move = move_cells(s.history().back());
    o.last_taken = taken_cells(s.history().back());
  }
  o.ending = ending_cells(s);
  if (o.kind_letters) o.key = letters_key(p);
  if (!p.reserve_var.empty()) {
    auto reserves = reserves_key(s);
    o.key.insert(o.key.end(), reserves.begin(), reserves.end());
  }
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

std::vector<int> taken_cells(const Move& m) {
  std::vector<int> cells;
  for (int i = 0; i < m.steps; ++i)
    if (m.path[i].taken >= 0 && std::find(cells.begin(), cells.end(), m.path[i].taken) == cells.end())
      cells.push_back(m.path[i].taken);
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
