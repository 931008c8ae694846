#include "accel/placement_playouts.hpp"

#include <algorithm>
#include <array>

#include "constructs/functions/rows.hpp"
#include "constructs/turn/place.hpp"
#include "engine/evaluate.hpp"
#include "program/bit_count.hpp"
#include "program/cell_set.hpp"

namespace tabula {
namespace {

// Every ray along `d` is the rest of one straight chain: the ray from a cell's neighbour is
// the ray from the cell less its first cell, and the way back along `back` leads to the cell
// again. Then a row through a cell is the run behind it, the cell and the run ahead of it,
// as the plain row functions walk it (no ring, no barrier cutting a line short).
bool straight_chains(const Program& p, int d, int back) {
  for (int c = 0; c < p.cells; ++c) {
    const int len = p.ray_len(c, d);
    if (len == 0) continue;
    const int16_t* ray = p.ray(c, d);
    const int next = ray[0];
    if (p.ray_len(next, d) != len - 1 || p.ray_len(next, back) == 0 || p.ray(next, back)[0] != c) return false;
    for (int k = 0; k + 1 < len; ++k)
      if (p.ray(next, d)[k] != ray[k + 1]) return false;
  }
  return true;
}

bool axis_walkable(const Program& p, int d) {
  const int o = p.opposite[d];
  return o >= 0 && straight_chains(p, d, o) && straight_chains(p, o, d);
}

// Every link has its way back: a group is the same grown from any of its cells.
bool links_both_ways(const Program& p) {
  for (int c = 0; c < p.cells; ++c)
    for (int x : p.adjacent[c])
      if (std::find(p.adjacent[x].begin(), p.adjacent[x].end(), c) == p.adjacent[x].end()) return false;
  return true;
}

// The placement every step of a turn makes: from an unlimited supply, on any empty cell
// (with gravity, the same way for every seat), and nothing else that acts on a move or a
// turn. A turn of several placements (each step unconditional, all alike) needs the end rules
// asked after each of them, and a side without a cell to end the game.
const Place* plain_placement(const Program& p) {
  if (p.stacking || p.cells > CellSet::kMaxCells || p.turn.turn.empty()) return nullptr;
  if (!p.quiet_turn_ends()) return nullptr;
  if (p.turn.turn.size() > 1 && (!p.end.each_step || p.end.no_move == NoMovePolicy::pass)) return nullptr;
  if (!p.after_landing.empty() || !p.legal_if.empty() || !p.offers.empty() || !p.promotions.empty()) return nullptr;
  if (p.end.pass_always || (p.end.no_move == NoMovePolicy::pass && !p.end.score.empty())) return nullptr;
  const auto* place = dynamic_cast<const Place*>(p.turn.turn[0].phase);
  if (!place || !place->from_supply || !place->where.empty()) return nullptr;
  for (const TurnStep& step : p.turn.turn) {
    const auto* same = dynamic_cast<const Place*>(step.phase);
    if (!step.condition.empty() || !same || !same->from_supply || !same->where.empty() || same->down != place->down)
      return nullptr;
  }
  for (int d : place->down)
    if (d != place->down[0] || !axis_walkable(p, d)) return nullptr;
  return place;
}

}  // namespace

std::unique_ptr<PlacementPlayouts> PlacementPlayouts::for_program(const Program& p) {
  const Place* place = plain_placement(p);
  if (!place || p.player_count() > kMaxSides) return nullptr;
  auto kernel = std::make_unique<PlacementPlayouts>();
  for (const EndRule& r : p.end.after_move) {
    if (r.at_turn_start || r.outcome == Outcome::end) return nullptr;
    if (r.outcome != Outcome::draw && r.who.who != PlayerRef::mover) return nullptr;
    const FormulaNode& root = r.condition.nodes[r.condition.root];
    if (root.op == FormulaNode::Op::function) {  // connects(mover, A, B): one such goal
      const auto* link = dynamic_cast<const Connects*>(p.functions[root.function]);
      if (!link || link->who.who != PlayerRef::mover || kernel->link_ || !links_both_ways(p)) return nullptr;
      kernel->link_ = link;
      kernel->goals_.push_back(Goal{&r.condition, false, 1, r.outcome, {}, link, 0, {}});
      continue;
    }
    // FUNCTION >= N or FUNCTION > N, the function a row of the mover's.
    if (root.op != FormulaNode::Op::ge && root.op != FormulaNode::Op::gt) return nullptr;
    const FormulaNode &f = r.condition.nodes[root.a], &n = r.condition.nodes[root.b];
    if (f.op != FormulaNode::Op::function || n.op != FormulaNode::Op::constant) return nullptr;
    const auto* rows = dynamic_cast<const Rows*>(p.functions[f.function]);
    if (!rows || rows->who.who != PlayerRef::mover) return nullptr;
    const int64_t least = root.op == FormulaNode::Op::ge ? n.value : n.value + 1;
    if (rows->length > 0 ? least != 1 : least < 1 || least > p.cells) return nullptr;  // rows(P, N): "there is one"
    Goal g{&r.condition,
           rows->length > 0,
           rows->length > 0 ? rows->length : static_cast<int>(least),
           r.outcome,
           rows->axes.dirs,
           nullptr,
           0,
           {}};
    for (int d : g.dirs)
      if (!axis_walkable(p, d)) return nullptr;
    kernel->goals_.push_back(std::move(g));
  }
  kernel->per_turn_ = static_cast<int>(p.turn.turn.size());
  kernel->masks_ = p.bitboards && !kernel->link_;
  if (kernel->masks_)
    for (Goal& g : kernel->goals_) kernel->add_windows(p, g);
  if (!place->down.empty()) {
    const int down = place->down[0], up = p.opposite[down];
    kernel->down_ = down, kernel->up_ = up;
    if (kernel->masks_) {
      kernel->above_.assign(p.cells, 0);
      kernel->below_.assign(p.cells, 0);
      for (int c = 0; c < p.cells; ++c) {
        if (p.ray_len(c, up) > 0) kernel->above_[c] = 1ull << p.ray(c, up)[0];
        if (p.ray_len(c, down) > 0) kernel->below_[c] = 1ull << p.ray(c, down)[0];
        else kernel->bottom_ |= 1ull << c;
      }
    }
  }
  return kernel;
}

// The seat that places next: the same one until its turn's placements are made.
int PlacementPlayouts::next_seat(const Program& p, int seat, int& step) const {
  if (++step < per_turn_) return seat;
  step = 0;
  return seat + 1 == p.seat_count() ? 0 : seat + 1;
}

int PlacementPlayouts::winner(const Program& p, Outcome outcome, int side) const {
  const int other = p.player_count() == 2 ? 1 - side : -1;
  return outcome == Outcome::win ? side : outcome == Outcome::lose ? other : -1;
}

void PlacementPlayouts::add_windows(const Program& p, Goal& g) const {
  std::vector<std::vector<Window>> through(p.cells);
  std::vector<int> line;
  size_t most = 0;
  for (int c = 0; c < p.cells; ++c) {
    for (int d : g.dirs) {
      const int o = p.opposite[d];
      line.assign(p.ray(c, o), p.ray(c, o) + p.ray_len(c, o));  // the line through c, from its far end behind
      std::reverse(line.begin(), line.end());
      const int at = static_cast<int>(line.size());
      line.push_back(c);
      line.insert(line.end(), p.ray(c, d), p.ray(c, d) + p.ray_len(c, d));
      const int size = static_cast<int>(line.size());
      for (int start = std::max(0, at - g.n + 1); start <= at && start + g.n <= size; ++start) {
        Window w;
        for (int k = start; k < start + g.n; ++k) w.cells |= 1ull << line[k];
        if (g.exactly && start > 0) w.ends |= 1ull << line[start - 1];
        if (g.exactly && start + g.n < size) w.ends |= 1ull << line[start + g.n];
        through[c].push_back(w);
      }
    }
    most = std::max(most, through[c].size());
  }
  // As many windows for every cell, the missing ones never met (every cell, and every cell
  // at its ends): the test's loop then has one length, and no exit to mispredict.
  g.per_cell = static_cast<int>(most);
  for (auto& windows : through) {
    windows.resize(most, Window{~0ull, ~0ull});
    g.windows.insert(g.windows.end(), windows.begin(), windows.end());
  }
}

// No cell left: the no-move rule ends the game, or (passing) every turn is a pass, one move
// drawn from one, until the ply limit ends it without a score: a draw.
bool PlacementPlayouts::no_move(const State& s, int side, int plies, Rng& rng, PlayoutEnd& end) const {
  const Program& p = s.program();
  if (p.end.no_move == NoMovePolicy::pass) {
    const int passes = p.end.ply_limit - s.ply() - plies;
    for (int i = 0; i < passes; ++i) rng.below(1);
    end = {{true, -1}, plies + passes};
  } else {
    end = {{true, winner(p, p.end.no_move == NoMovePolicy::draw ? Outcome::draw : Outcome::lose, side)}, plies};
  }
  return true;
}

bool PlacementPlayouts::reached_by_masks(const Goal& g, uint64_t mine, int c) const {
  const Window* w = &g.windows[static_cast<size_t>(c) * g.per_cell];
  bool found = false;
  for (int i = 0; i < g.per_cell; ++i) found |= (mine & w[i].cells) == w[i].cells && !(mine & w[i].ends);
  return found;
}

bool PlacementPlayouts::none_reached(const State& s) const {
  for (const Goal& g : goals_)
    for (int side = 0; side < s.program().player_count(); ++side)  // a row of n needs n pieces
      if (s.piece_count(side) >= g.n && holds(*g.condition, {s, side})) return false;
  return true;
}

bool PlacementPlayouts::reached_through(const Program& p, const Goal& g, const uint8_t* owners, int c,
                                        uint8_t side) const {
  for (int d : g.dirs) {
    int run = 1;
    for (int way : {d, p.opposite[d]}) {
      const int16_t* ray = p.ray(c, way);
      const int len = p.ray_len(c, way);
      for (int k = 0; k < len && owners[ray[k]] == side; ++k) ++run;
    }
    if (g.exactly ? run == g.n : run >= g.n) return true;
  }
  return false;
}

bool PlacementPlayouts::play(const State& s, Rng& rng, PlayoutEnd& end) const {
  if (s.stored_result().over || s.turn_point().segment != TurnPoint::turn) return false;
  return masks_ ? play_by_masks(s, rng, end) : play_by_cells(s, rng, end);
}

// Each side's pieces and the open cells as masks.
bool PlacementPlayouts::play_by_masks(const State& s, Rng& rng, PlayoutEnd& end) const {
  const Program& p = s.program();
  const uint64_t occupied = s.occupied_mask();
  uint64_t open = (p.cells == 64 ? ~0ull : (1ull << p.cells) - 1) & ~occupied;
  if (s.ply() + bit_count(open) >= p.end.ply_limit) return false;  // the limit could end it first
  if (down_ >= 0) {  // gravity: the empty cells on the bottom or on a piece
    uint64_t resting = bottom_;
    for (uint64_t o = occupied; o; o &= o - 1) {
      const int c = __builtin_ctzll(o);
      if (below_[c] & ~occupied) return false;  // a piece above an empty cell: no drop makes it
      resting |= above_[c];
    }
    open &= resting;
  }
  if (!none_reached(s)) return false;  // a row made before: not only through the last cell
  std::array<uint64_t, kMaxSides> mine{};
  for (int side = 0; side < p.player_count(); ++side) mine[side] = s.pieces_mask(side);
  int seat = s.current_seat(), plies = 0, step = s.turn_point().step;
  for (;;) {
    const int side = p.seats[seat].side;
    const uint32_t n = static_cast<uint32_t>(bit_count(open));
    if (n == 0) return no_move(s, side, plies, rng, end);
    const int c = nth_bit(open, rng.below(n));
    mine[side] |= 1ull << c;
    open &= ~(1ull << c);
    if (down_ >= 0) open |= above_[c];
    ++plies;
    seat = next_seat(p, seat, step);
    for (const Goal& g : goals_)
      if (reached_by_masks(g, mine[side], c)) {
        end = {{true, winner(p, g.outcome, side)}, plies};
        return true;
      }
  }
}

// The cells' owners and the open cells as words.
bool PlacementPlayouts::play_by_cells(const State& s, Rng& rng, PlayoutEnd& end) const {
  const Program& p = s.program();
  // The owners (side + 1, 0 when empty) and the open cells: the empty ones, or with gravity
  // those with a piece or the edge below. A piece above an empty cell (a position no drop
  // makes) is declined: the resting cells are then not the open ones.
  std::array<uint8_t, CellSet::kMaxCells> owners;
  std::array<uint64_t, CellSet::kWords> open{};
  int empty = 0;
  for (int c = 0; c < p.cells; ++c) {
    const uint8_t code = s.at(c);
    const bool supported = down_ < 0 || p.ray_len(c, down_) == 0 || s.at(p.ray(c, down_)[0]);
    if (code) {
      if (!supported) return false;
      owners[c] = static_cast<uint8_t>(p.code_owner[code] + 1);
    } else {
      owners[c] = 0;
      ++empty;
      if (supported) open[c >> 6] |= 1ull << (c & 63);
    }
  }
  if (s.ply() + empty >= p.end.ply_limit) return false;  // the limit could end it first
  if (!none_reached(s)) return false;                    // a row made before: not only through the last cell
  // The connection goal: the sides' groups, each side's two zones two more members.
  std::array<int16_t, CellSet::kMaxCells + 2 * kMaxSides> parent;
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto join = [&](int c, int side) {
    auto unite = [&](int a, int b) { parent[find(a)] = static_cast<int16_t>(find(b)); };
    if (link_->from[side][c]) unite(c, p.cells + 2 * side);
    if (link_->to[side][c]) unite(c, p.cells + 2 * side + 1);
    for (int x : p.adjacent[c])
      if (owners[x] == side + 1) unite(c, x);
  };
  if (link_) {
    for (int i = 0; i < p.cells + 2 * p.player_count(); ++i) parent[i] = static_cast<int16_t>(i);
    for (int c = 0; c < p.cells; ++c)
      if (owners[c]) join(c, owners[c] - 1);
  }
  const int words = (p.cells + 63) / 64;
  int seat = s.current_seat(), plies = 0, step = s.turn_point().step;
  for (;;) {
    const int side = p.seats[seat].side;
    uint32_t n = 0;
    for (int w = 0; w < words; ++w) n += static_cast<uint32_t>(bit_count(open[w]));
    if (n == 0) return no_move(s, side, plies, rng, end);
    uint32_t k = rng.below(n);
    int w = 0;
    for (uint32_t in_word; k >= (in_word = static_cast<uint32_t>(bit_count(open[w]))); ++w) k -= in_word;
    const int c = w * 64 + nth_bit(open[w], k);
    owners[c] = static_cast<uint8_t>(side + 1);
    open[w] &= ~(1ull << (c & 63));
    if (up_ >= 0 && p.ray_len(c, up_) > 0) {
      const int above = p.ray(c, up_)[0];
      open[above >> 6] |= 1ull << (above & 63);
    }
    ++plies;
    seat = next_seat(p, seat, step);
    if (link_) join(c, side);
    for (const Goal& g : goals_)
      if (g.link ? find(p.cells + 2 * side) == find(p.cells + 2 * side + 1)
                 : reached_through(p, g, owners.data(), c, static_cast<uint8_t>(side + 1))) {
        end = {{true, winner(p, g.outcome, side)}, plies};
        return true;
      }
  }
}

}  // namespace tabula
