#pragma once
// Are all of a player's pieces one group over the board graph's adjacency (every link)? Does
// a chain of a player's pieces join two sets of cells (an edge to an edge)?
#include <cstdint>
#include <vector>

#include "program/program.hpp"

namespace tabula {

// Any board: flood fill over Program::adjacent from one of the player's pieces.
bool pieces_connected(const Program& p, const uint8_t* board, int player, int piece_count);
// The groups the player's pieces form over Program::adjacent (the same flood fill).
int piece_groups(const Program& p, const uint8_t* board, int player);

// Boards of at most 64 cells (Program::bitboards), over Program::adjacent_mask: the cells
// next to any of `cells` (not empty), one word operation per cell.
inline uint64_t mask_neighbours(const uint64_t* adj, uint64_t cells) {
  uint64_t next = 0;
  do {
    next |= adj[__builtin_ctzll(cells)];
    cells &= cells - 1;
  } while (cells);
  return next;
}

// The cells of `pieces` joined to `seed` (some of them) neighbour to neighbour: a flood fill,
// one layer at a time.
inline uint64_t mask_flood(const Program& p, uint64_t seed, uint64_t pieces) {
  uint64_t group = seed, frontier = seed;
  while (frontier) {
    frontier = mask_neighbours(p.adjacent_mask.data(), frontier) & pieces & ~group;
    group |= frontier;
  }
  return group;
}

// Whether `pieces` are one group.
inline bool mask_connected(const Program& p, uint64_t pieces) {
  if ((pieces & (pieces - 1)) == 0) return true;                   // zero or one piece
  return mask_flood(p, pieces & (~pieces + 1), pieces) == pieces;  // from the lowest piece
}

// The groups `pieces` form: one flood per group.
inline int mask_groups(const Program& p, uint64_t pieces) {
  int groups = 0;
  for (; pieces; ++groups) pieces &= ~mask_flood(p, pieces & (~pieces + 1), pieces);
  return groups;
}

// A chain of `player`'s pieces, neighbour to neighbour, links a piece standing on a cell of
// `from_cells` to a piece standing on a cell of `to` (to[c] != 0; `to_cells` the same cells as
// a list). The zones come as lists so that neither is scanned over the whole board, and no
// flood starts while the player has no piece in the second zone.
bool pieces_link(const Program& p, const uint8_t* board, int player, const std::vector<int16_t>& from_cells,
                 const std::vector<uint8_t>& to, const std::vector<int16_t>& to_cells);

// The same on boards of at most 64 cells, over bit masks: `pieces` the player's cells.
inline bool mask_links(const Program& p, uint64_t pieces, uint64_t from, uint64_t to) {
  uint64_t group = pieces & from, frontier = group;
  if (!(pieces & to)) return false;
  while (frontier) {  // mask_flood's layers, stopping at the first that reaches `to`
    if (group & to) return true;
    frontier = mask_neighbours(p.adjacent_mask.data(), frontier) & pieces & ~group;
    group |= frontier;
  }
  return (group & to) != 0;
}

// The fewest empty cells `player` must still fill for a chain of its pieces to join a cell of
// `from` to a cell of `to` (0: joined), other sides' pieces blocking; -1 when they cannot be
// joined. A 0-1 breadth-first search over Program::adjacent.
// The cells of the groups of the player's pieces that hold a piece in `from` and one in `to`
// (the chains pieces_link finds), in cell order.
std::vector<int> linking_groups(const Program& p, const uint8_t* board, int player, const std::vector<uint8_t>& from,
                                const std::vector<uint8_t>& to);

int cells_to_link(const Program& p, const uint8_t* board, int player, const std::vector<uint8_t>& from,
                  const std::vector<uint8_t>& to);

// Per cell, the fewest steps over Program::adjacent to a cell of `zone` (cells[c] != 0), -1
// where none is reachable.
std::vector<int> steps_to(const Program& p, const std::vector<uint8_t>& zone);

}  // namespace tabula
