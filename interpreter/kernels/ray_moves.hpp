#pragma once
// Movement kernels for boards of at most 64 cells (Program::bitboards): a landing is a bit
// test against the mover's cells and every side's cells, and the cells a `line` move passes
// are one precomputed mask (BoardData::ray_mask). The movement modules use them as their
// fast path and share `may_land` with their general path, so both decide alike.
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "program/move.hpp"
#include "program/program.hpp"

namespace tabula {

// What a moving piece may land on (bits of a `land=` value).
// land_passed: an empty cell a passable move just crossed (constructs/movement/passing.hpp).
enum LandMask : uint8_t { land_empty = 1, land_enemy = 2, land_friend = 4, land_passed = 8 };

// The landing test, on a piece code (general path) ...
inline bool may_land(const Program& p, uint8_t target, int mover, uint8_t land) {
  if (!target) return land & land_empty;
  return p.code_owner[target] == mover ? (land & land_friend) : (land & land_enemy);
}
// ... and on bit masks (fast path): one cell ...
inline bool may_land_mask(uint8_t land, uint64_t bit, uint64_t mine, uint64_t occupied) {
  return (mine & bit) ? (land & land_friend) : (occupied & bit) ? (land & land_enemy) : (land & land_empty);
}
// ... or every cell at once (bits past the board's last cell may be set).
inline uint64_t landing_mask(uint8_t land, uint64_t mine, uint64_t occupied) {
  return (land & land_empty ? ~occupied : 0) | (land & land_enemy ? occupied & ~mine : 0) |
         (land & land_friend ? mine : 0);
}

inline Move& emit_plain_move(MoveList& out, int from, int to, int maker, bool capture, uint8_t promotion = 0) {
  return add_move_words(out, move_word0(from, to, maker, Move::piece), move_word1(capture, promotion));
}

// The promotions of a piece code per landing cell, or null when the game has none.
inline const uint8_t* promotion_row(const Program& p, uint8_t code) {
  return p.promotion_table.empty() ? nullptr : &p.promotion_table[static_cast<size_t>(code) * p.cells];
}

// The most directions `line_count_moves` takes in one call (a board has at most 32).
inline constexpr size_t kCountedLineDirections = 32;

// A move of exactly `dist` cells along each of `dirs` (at most kCountedLineDirections) from
// `from` (its piece `code`), where `dist` is the counter of the line moved along; `stoppers`
// are the cells it may not pass. Whether the piece may pass and land is decided without a
// branch into a list of landings (in random play no predictor learns it), and only the
// kept landings are written. Whether the ray reaches that far stays a branch: deciding it
// without one too gained as much again in random playouts but cost perft a quarter, where
// sibling positions make it predictable and the branch skips the ray's loads.
inline void line_count_moves(const Program& p, const std::vector<int>& dirs, int from, uint8_t code, uint64_t mine,
                             uint64_t occupied, uint64_t stoppers, uint8_t land, const uint16_t* line_counts, int maker,
                             MoveList& out) {
  const BoardData::LineRay* rays = p.line_rays.data() + from * p.dirs;
  const int16_t* ray_cells = p.ray_cells.data();
  const uint64_t* ray_mask = p.ray_mask.data();
  const uint8_t* promotions = promotion_row(p, code);
  const uint64_t targets = landing_mask(land, mine, occupied);
  int16_t landing[kCountedLineDirections];
  size_t kept = 0;
  for (int d : dirs) {
    const BoardData::LineRay ray = rays[d];
    if (ray.line < 0) continue;
    const unsigned dist = line_counts[ray.line];  // >= 1: the moving piece is on its line
    if (dist - 1 >= ray.length) continue;         // 0, or past the ray's end
    const int at = ray.begin + static_cast<int>(dist) - 1;
    const int to = ray_cells[at];
    landing[kept] = static_cast<int16_t>(to);
    kept += static_cast<size_t>((ray_mask[at] & stoppers) == 0) & (targets >> to & 1);
  }
  for (size_t i = 0; i < kept; ++i) {
    const int to = landing[i];
    emit_plain_move(out, from, to, maker, occupied >> to & 1, promotions ? promotions[to] : 0);
  }
}

// Whether a move along `ray` (which has a line) by its line's count may land (1) or not (0),
// and where (`to`, read even when it may not), decided with no branch: random playouts
// count every piece's moves and write only the one drawn (engine/sample.hpp), so nothing
// here is predictable. A ray that does not reach that far reads the board's first ray cell
// instead (`p.ray_cells` must not be empty).
inline unsigned counted_landing(const Program& p, BoardData::LineRay ray, const uint16_t* line_counts, uint64_t targets,
                                uint64_t stoppers, int& to) {
  const unsigned dist = line_counts[ray.line];
  const unsigned reaches = dist - 1 < ray.length;
  const int at = (ray.begin + static_cast<int>(dist) - 1) & -static_cast<int>(reaches);  // masked: no branch
  to = p.ray_cells[at];
  return reaches & static_cast<unsigned>((p.ray_mask[at] & stoppers) == 0) & static_cast<unsigned>(targets >> to & 1);
}

// The number of moves line_count_moves would write for `from`.
inline uint32_t line_count_move_count(const Program& p, const std::vector<int>& dirs, int from, uint64_t targets,
                                      uint64_t stoppers, const uint16_t* line_counts) {
  const BoardData::LineRay* rays = p.line_rays.data() + from * p.dirs;
  uint32_t n = 0;
  int to;
  for (int d : dirs)
    if (rays[d].line >= 0) n += counted_landing(p, rays[d], line_counts, targets, stoppers, to);
  return n;
}

// The `k`-th of those moves (k < their number), appended to `out`.
inline void line_count_nth_move(const Program& p, const std::vector<int>& dirs, int from, uint8_t code, uint64_t mine,
                                uint64_t occupied, uint64_t stoppers, uint8_t land, const uint16_t* line_counts,
                                int maker, uint32_t k, MoveList& out) {
  const BoardData::LineRay* rays = p.line_rays.data() + from * p.dirs;
  const uint64_t targets = landing_mask(land, mine, occupied);
  int to;
  for (int d : dirs)
    if (rays[d].line >= 0 && counted_landing(p, rays[d], line_counts, targets, stoppers, to) && k-- == 0) {
      const uint8_t* promotions = promotion_row(p, code);
      emit_plain_move(out, from, to, maker, occupied >> to & 1, promotions ? promotions[to] : 0);
      return;
    }
  throw std::logic_error("counted line moves: a move past the count");
}

// A one-cell move along each of `dirs`.
inline void step_moves(const Program& p, const std::vector<int>& dirs, int from, uint8_t code, uint64_t mine,
                       uint64_t occupied, uint8_t land, int maker, MoveList& out) {
  const uint8_t* promotions = promotion_row(p, code);
  for (int d : dirs) {
    const int index = from * p.dirs + d;
    if (!p.ray_length[index]) continue;
    const int to = p.ray_cells[p.ray_begin[index]];
    const uint64_t bit = uint64_t{1} << to;
    if (may_land_mask(land, bit, mine, occupied))
      emit_plain_move(out, from, to, maker, occupied & bit, promotions ? promotions[to] : 0);
  }
}

}  // namespace tabula
