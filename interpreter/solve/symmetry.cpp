#include "solve/symmetry.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "util/rng.hpp"

namespace tabula {
namespace {

constexpr int kMaxCheckedPositions = 4000;

// Each cell's image under the turn by `degrees` about the centre of the cells' drawing,
// after a mirror (x -> -x) when `mirror`; empty when some cell lands on no cell.
std::vector<int> drawn_map(const BoardGraph& b, int degrees, bool mirror) {
  const int n = b.cell_count();
  double cx = 0, cy = 0;
  for (int c = 0; c < n; ++c) cx += b.cell(c).x, cy += b.cell(c).y;
  cx /= n, cy /= n;
  // The shortest distance between two cells' drawings: what "lands on a cell" tolerates.
  double spacing = 1e300;
  for (int c = 0; c < n; ++c)
    for (int d = c + 1; d < n; ++d)
      spacing = std::min(spacing, std::hypot(b.cell(c).x - b.cell(d).x, b.cell(c).y - b.cell(d).y));
  const double tolerance = (spacing > 0 && spacing < 1e300 ? spacing : 1) * 0.05;
  const double a = degrees * std::numbers::pi / 180, cos_a = std::cos(a), sin_a = std::sin(a);
  std::vector<int> out(static_cast<size_t>(n), -1);
  for (int c = 0; c < n; ++c) {
    double x = b.cell(c).x - cx, y = b.cell(c).y - cy;
    if (mirror) x = -x;
    const double tx = cx + x * cos_a - y * sin_a, ty = cy + x * sin_a + y * cos_a;
    for (int d = 0; d < n && out[static_cast<size_t>(c)] < 0; ++d)
      if (std::abs(b.cell(d).x - tx) <= tolerance && std::abs(b.cell(d).y - ty) <= tolerance)
        out[static_cast<size_t>(c)] = d;
    if (out[static_cast<size_t>(c)] < 0) return {};
  }
  return out;
}

// Whether each direction goes to one direction under `map`, link for link (a missing link
// to a missing link).
bool maps_links(const BoardGraph& b, const std::vector<int>& map) {
  for (int d = 0; d < b.direction_count(); ++d) {
    bool found = false;
    for (int e = 0; e < b.direction_count() && !found; ++e) {
      found = true;
      for (int c = 0; c < b.cell_count() && found; ++c) {
        const int to = b.neighbour(c, d);
        found = b.neighbour(map[static_cast<size_t>(c)], e) == (to == kNoCell ? kNoCell : map[static_cast<size_t>(to)]);
      }
    }
    if (!found) return false;
  }
  return true;
}

// Whether each zone, for each side, goes onto the cells of some zone for that side.
bool maps_zones(const Program& p, const std::vector<int>& map) {
  for (const ZoneDef& z : p.zones)
    for (size_t side = 0; side < z.cells.size(); ++side) {
      std::vector<uint8_t> image(static_cast<size_t>(p.cells), 0);
      for (int c = 0; c < p.cells; ++c)
        if (z.cells[side][static_cast<size_t>(c)]) image[static_cast<size_t>(map[static_cast<size_t>(c)])] = 1;
      bool some = false;
      for (const ZoneDef& other : p.zones) some = some || (side < other.cells.size() && other.cells[side] == image);
      if (!some) return false;
    }
  return true;
}

std::string map_name(int degrees, bool mirror) {
  if (!mirror) return degrees == 180 ? "a half turn" : fmt::format("a turn by {} degrees", degrees);
  return degrees == 0 ? "a mirror" : fmt::format("a mirror and a turn by {} degrees", degrees);
}

// What tells two positions' moves apart: the key of the position each makes and its result.
struct Child {
  uint64_t hash;
  int over, winner;
  auto operator<=>(const Child&) const = default;
};

std::vector<Child> children(State& s, const Symmetry* sym) {
  std::vector<Child> out;
  MoveList moves;
  s.legal_moves(moves);
  for (const Move& m : moves) {
    s.apply_unchecked(m);
    const GameResult r = s.stored_result();
    out.push_back({sym ? Symmetries::image_hash(s, *sym) : s.hash(), r.over ? 1 : 0, r.winner});
    s.undo();
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Whether `sym` holds at `s`: its image's moves make the images of s's moves' positions.
bool holds_at(State& s, const Symmetry& sym) {
  State image = Symmetries::image(s, sym);
  if (image.hash() != Symmetries::image_hash(s, sym)) return false;
  const GameResult a = s.stored_result(), b = image.stored_result();
  if (a.over != b.over || a.winner != b.winner) return false;
  return children(s, &sym) == children(image, nullptr);
}

}  // namespace

State Symmetries::image(const State& s, const Symmetry& sym) {
  Position pos = s.position();
  Position moved = pos;
  for (size_t c = 0; c < pos.columns.size(); ++c) moved.columns[static_cast<size_t>(sym.cell[c])] = pos.columns[c];
  State out = s;
  out.set_position(moved);
  return out;
}

uint64_t Symmetries::image_hash(const State& s, const Symmetry& sym) {
  const Program& p = s.program();
  uint64_t h = s.hash();
  const auto& keys = p.keys.cell;
  auto move_cell = [&](int c) {
    const size_t code = s.at(c);
    h ^= keys[static_cast<size_t>(c) * 256 + code] ^
         keys[static_cast<size_t>(sym.cell[static_cast<size_t>(c)]) * 256 + code];
  };
  if (p.bitboards) {
    for (uint64_t m = s.occupied_mask(); m; m &= m - 1) move_cell(__builtin_ctzll(m));
  } else {
    for (int c = 0; c < p.cells; ++c)
      if (s.at(c)) move_cell(c);
  }
  return h;
}

int Symmetries::least_image(const State& s, uint64_t& hash) const {
  int best = -1;
  hash = s.hash();
  for (size_t i = 0; i < list_.size(); ++i) {
    const uint64_t h = image_hash(s, list_[i]);
    if (h < hash) hash = h, best = static_cast<int>(i);
  }
  return best;
}

std::string Symmetries::names() const {
  if (list_.empty()) return "none";
  std::string out;
  for (const auto& s : list_) out += (out.empty() ? "" : ", ") + s.name;
  return out;
}

Symmetries Symmetries::of(std::shared_ptr<const Program> program, int games) {
  const Program& p = *program;
  Symmetries out;
  if (p.stacking || !p.board || p.board->cell_count() != p.cells) {
    out.report_ = "not looked for: the pieces stack";
    return out;
  }
  std::vector<Symmetry> candidates;
  std::vector<std::string> refused;
  for (int mirror = 0; mirror < 2; ++mirror)
    for (int degrees = 0; degrees < 360; degrees += 30) {
      if (!mirror && degrees == 0) continue;
      std::vector<int> map = drawn_map(*p.board, degrees, mirror != 0);
      if (map.empty()) continue;
      const std::string name = map_name(degrees, mirror != 0);
      if (std::any_of(candidates.begin(), candidates.end(), [&](const Symmetry& s) { return s.cell == map; })) continue;
      if (!maps_links(*p.board, map)) refused.push_back(name + " (not a map of the board's links)");
      else if (!maps_zones(p, map)) refused.push_back(name + " (a zone goes onto no zone)");
      else {
        std::vector<int> inverse(map.size());
        for (size_t c = 0; c < map.size(); ++c) inverse[static_cast<size_t>(map[c])] = static_cast<int>(c);
        candidates.push_back({name, std::move(map), std::move(inverse)});
      }
    }
  // The rules on positions of seeded random games.
  std::vector<bool> ok(candidates.size(), true);
  for (int g = 0; g < games && out.checked_ < kMaxCheckedPositions; ++g) {
    Rng rng(0x5EED0000u + static_cast<uint64_t>(g));
    State s(program);
    MoveList moves;
    for (int ply = 0; ply < p.end.ply_limit && out.checked_ < kMaxCheckedPositions; ++ply) {
      for (size_t i = 0; i < candidates.size(); ++i)
        if (ok[i] && !holds_at(s, candidates[i])) ok[i] = false;
      ++out.checked_;
      if (s.stored_result().over) break;
      s.legal_moves(moves);
      if (moves.empty()) break;
      s.apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
  }
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (ok[i]) out.list_.push_back(std::move(candidates[i]));
    else refused.push_back(candidates[i].name + " (the rules tell a position from its image)");
  }
  out.report_ = fmt::format("{} kept, checked on {} positions of {} random games", out.names(), out.checked_, games);
  for (const auto& r : refused) out.report_ += "; refused: " + r;
  return out;
}

}  // namespace tabula
