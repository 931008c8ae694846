#pragma once
// Movement kernels for boards of at most 64 cells (Program::bitboards): the general loop in
// movegen.cpp does the same per cell; these are its fast paths, used for any rule they
// cover. `mine` and `occupied` are the cells of the mover and of every side; a landing is
// a bit test against them. Moves come out in direction order, as from the general loop.
//  - line distance=count(line): the distance is the line's counter (kept by
//    State::set_cell), the cells passed over are one precomputed mask (Program::ray_mask).
//  - step: the first cell of each ray.
#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/program.hpp"

namespace tabula {

inline bool may_land_mask(uint8_t land, uint64_t bit, uint64_t mine, uint64_t occupied) {
  return (mine & bit) ? (land & land_friend) : (occupied & bit) ? (land & land_enemy) : (land & land_empty);
}

inline void emit_plain_move(MoveList& out, int from, int to, int rule_index, bool capture) {
  Move& m = out.emplace_back();  // writes only the fields a plain move uses
  m.from = static_cast<int16_t>(from);
  m.to = static_cast<int16_t>(to);
  m.rule = static_cast<uint8_t>(rule_index);
  m.captures = capture ? 1 : 0;
}

// Whether the line kernel covers a movement rule.
inline bool line_count_kernel_applies(const MoveRule& rule) {
  return rule.type == MoveRule::Type::line && rule.distance == DistanceKind::pieces_on_line && !rule.has_condition;
}

// Appends the moves of the piece on `from` under `rule` along `dirs`.
inline void line_count_moves(const Program& p, const MoveRule& rule, int rule_index, const std::vector<int>& dirs,
                             int from, uint64_t mine, uint64_t occupied, const uint8_t* line_counts, MoveList& out) {
  const uint64_t stoppers = rule.over == Over::nothing   ? occupied
                            : rule.over == Over::friends ? occupied & ~mine
                                                         : 0;
  const uint8_t land = rule.land;
  const int32_t* line_of = p.line_of.data();
  const int32_t* ray_begin = p.ray_begin.data();
  const uint8_t* ray_length = p.ray_length.data();
  const int16_t* ray_cells = p.ray_cells.data();
  const uint64_t* ray_mask = p.ray_mask.data();
  for (int d : dirs) {
    const int index = from * p.dirs + d;
    const int line = line_of[index];
    if (line < 0) continue;
    const int dist = line_counts[line];  // >= 1: the moving piece is on its line
    if (dist < 1 || dist > ray_length[index]) continue;
    const int at = ray_begin[index] + dist - 1;
    if (ray_mask[at] & stoppers) continue;
    const int to = ray_cells[at];
    const uint64_t bit = uint64_t{1} << to;
    if (may_land_mask(land, bit, mine, occupied)) emit_plain_move(out, from, to, rule_index, occupied & bit);
  }
}

inline bool step_kernel_applies(const MoveRule& rule) {
  return rule.type == MoveRule::Type::step && !rule.has_condition;
}

inline void step_moves(const Program& p, const MoveRule& rule, int rule_index, const std::vector<int>& dirs, int from,
                       uint64_t mine, uint64_t occupied, MoveList& out) {
  for (int d : dirs) {
    const int index = from * p.dirs + d;
    if (!p.ray_length[index]) continue;
    const int to = p.ray_cells[p.ray_begin[index]];
    const uint64_t bit = uint64_t{1} << to;
    if (may_land_mask(rule.land, bit, mine, occupied)) emit_plain_move(out, from, to, rule_index, occupied & bit);
  }
}

}  // namespace tabula
