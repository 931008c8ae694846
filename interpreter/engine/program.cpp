#include "engine/program.hpp"

#include <algorithm>
#include <random>

namespace tabula {

std::string Program::symbol(uint8_t code) const {
  if (code == 0) return "-";
  const KindDef& k = kinds[kind(code)];
  int p = owner(code);
  if (p < static_cast<int>(k.symbols.size()) && !k.symbols[p].empty()) return k.symbols[p];
  return players[p].symbol;
}

namespace {

// Rays: from every cell in every direction, following links until the board ends.
void build_rays(Program& p, const BoardGraph& b) {
  p.ray_begin.assign(p.cells * p.dirs, 0);
  p.ray_length.assign(p.cells * p.dirs, 0);
  p.ray_cells.clear();
  for (int c = 0; c < p.cells; ++c)
    for (int d = 0; d < p.dirs; ++d) {
      p.ray_begin[c * p.dirs + d] = static_cast<int32_t>(p.ray_cells.size());
      int n = 0;
      // A ray stops if it would revisit its start (a cyclic graph must not loop forever).
      for (int x = b.neighbour(c, d); x != kNoCell && x != c && n < 255; x = b.neighbour(x, d)) {
        p.ray_cells.push_back(static_cast<int16_t>(x));
        ++n;
      }
      p.ray_length[c * p.dirs + d] = static_cast<uint8_t>(n);
    }
  p.ray_cells.push_back(-1);  // so ray() of an empty ray is a valid pointer
}

// Lines: for each direction with an opposite, the maximal chain through each cell. Cells
// of one chain share a line id, so "pieces on the line" is one counter per line.
void build_lines(Program& p, const BoardGraph& b) {
  p.line_of.assign(p.cells * p.dirs, -1);
  p.line_count = 0;
  for (int d = 0; d < p.dirs; ++d) {
    int opp = b.direction(d).opposite;
    if (opp == kNoDirection) continue;
    for (int c = 0; c < p.cells; ++c) {
      if (p.line_of[c * p.dirs + d] != -1) continue;
      int id = -1;
      // The line may already have an id from the opposite direction's pass.
      if (p.line_of[c * p.dirs + opp] != -1) id = p.line_of[c * p.dirs + opp];
      else id = p.line_count++;
      // Walk to both ends and label every cell for d and opp.
      p.line_of[c * p.dirs + d] = id;
      p.line_of[c * p.dirs + opp] = id;
      for (int k = 0; k < p.ray_len(c, d); ++k) {
        int x = p.ray(c, d)[k];
        p.line_of[x * p.dirs + d] = id;
        p.line_of[x * p.dirs + opp] = id;
      }
      for (int k = 0; k < p.ray_len(c, opp); ++k) {
        int x = p.ray(c, opp)[k];
        p.line_of[x * p.dirs + d] = id;
        p.line_of[x * p.dirs + opp] = id;
      }
    }
  }
  p.lines_through_begin.assign(p.cells + 1, 0);
  p.lines_through.clear();
  for (int c = 0; c < p.cells; ++c) {
    p.lines_through_begin[c] = static_cast<int32_t>(p.lines_through.size());
    std::vector<int32_t> ids;
    for (int d = 0; d < p.dirs; ++d)
      if (p.line_of[c * p.dirs + d] >= 0) ids.push_back(p.line_of[c * p.dirs + d]);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    p.lines_through.insert(p.lines_through.end(), ids.begin(), ids.end());
  }
  p.lines_through_begin[p.cells] = static_cast<int32_t>(p.lines_through.size());
}

void build_adjacency(Program& p, const BoardGraph& b) {
  p.adjacent.assign(p.cells, {});
  for (int c = 0; c < p.cells; ++c)
    for (int d = 0; d < p.dirs; ++d) {
      int x = b.neighbour(c, d);
      if (x == kNoCell) continue;
      auto& adj = p.adjacent[c];
      if (std::find(adj.begin(), adj.end(), x) == adj.end()) adj.push_back(static_cast<int16_t>(x));
    }
}

// Bitboard masks for boards of at most 64 cells: neighbours, and the prefixes of every ray.
void build_masks(Program& p) {
  p.bitboards = p.cells > 0 && p.cells <= 64;
  p.adjacent_mask.clear();
  p.ray_mask.clear();
  if (!p.bitboards) return;
  p.adjacent_mask.assign(p.cells, 0);
  for (int c = 0; c < p.cells; ++c)
    for (int16_t x : p.adjacent[c]) p.adjacent_mask[c] |= uint64_t{1} << x;
  p.ray_mask.assign(p.ray_cells.size(), 0);
  for (int i = 0; i < p.cells * p.dirs; ++i) {
    uint64_t m = 0;
    for (int k = 0; k < p.ray_length[i]; ++k) {
      p.ray_mask[p.ray_begin[i] + k] = m;
      m |= uint64_t{1} << p.ray_cells[p.ray_begin[i] + k];
    }
  }
}

void build_code_tables(Program& p) {
  p.code_owner.assign(256, -1);
  p.code_kind_bit.assign(256, 0);
  if (p.kind_count() == 0) return;
  for (int code = 1; code < 256; ++code) {
    p.code_owner[code] = static_cast<int8_t>(std::min(p.owner(static_cast<uint8_t>(code)), 127));
    p.code_kind_bit[code] = 1u << (p.kind(static_cast<uint8_t>(code)) & 31);
  }
}

void build_zobrist(Program& p) {
  std::mt19937_64 rng(0x7AB01AULL);
  p.zobrist.resize(static_cast<size_t>(p.cells) * 256);
  for (auto& z : p.zobrist) z = rng();
  p.zobrist_turn.resize(std::max(1, p.seat_count()));
  for (auto& z : p.zobrist_turn) z = rng();
  p.zobrist_slot.resize(16);
  for (auto& z : p.zobrist_slot) z = rng();
  p.zobrist_reserve.resize(static_cast<size_t>(std::max(1, p.player_count() * p.kind_count())) * 64);
  for (auto& z : p.zobrist_reserve) z = rng();
  p.column_zobrist.clear();
  if (p.stacking) {
    p.column_zobrist.resize(static_cast<size_t>(p.cells) * Program::kMaxStack * 64);
    for (auto& z : p.column_zobrist) z = rng();
  }
}

}  // namespace

void precompute_board_data(Program& p) {
  const BoardGraph& b = *p.board;
  p.cells = b.cell_count();
  p.dirs = b.direction_count();
  build_rays(p, b);
  build_lines(p, b);
  build_adjacency(p, b);
  build_masks(p);
}

void precompute_hash_keys(Program& p) {
  build_zobrist(p);
  build_code_tables(p);
}

}  // namespace tabula
