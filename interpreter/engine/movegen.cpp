// Legal move generation: runs the compiled move rules of the player to move.
#include <algorithm>

#include "engine/state.hpp"
#include "kernels/capture_search.hpp"
#include "kernels/mask_moves.hpp"

namespace tabula {
namespace {

// Where a movement may end. The bitboard kernels (kernels/mask_moves.hpp) test the same
// with masks: a change here must be made there too.
bool may_land(const Program& p, uint8_t target, int mover, uint8_t land) {
  if (!target) return land & land_empty;
  return p.code_owner[target] == mover ? (land & land_friend) : (land & land_enemy);
}

}  // namespace

// Placing a piece (from a reserve or the supply) on an empty cell its `where` allows.
void State::generate_placements(const TurnAction& a, MoveList& out) const {
  const Program& p = *program_;
  int mover = current_player();
  int owner = a.from_supply ? mover : resolve(a.reserve_of, a.reserve_player, mover);
  uint8_t code = p.piece_code(owner, a.place_kind);
  for (int c = 0; c < p.cells; ++c) {
    if (board_[c]) continue;
    if (a.has_where && !condition_holds(a.where, mover, -1, c)) continue;
    Move m;
    m.type = Move::place;
    m.to = static_cast<int16_t>(c);
    m.rule = code;
    out.push_back(m);
  }
}

void State::legal_moves(MoveList& out) const {
  out.clear();
  if (result_.over) return;
  const Program& p = *program_;
  if (phased()) return region_legal_moves(out);  // engine/regions.cpp
  if (const TurnAction* action = current_action(); action && action->kind != TurnAction::Kind::move) {
    if (action->kind == TurnAction::Kind::place) generate_placements(*action, out);
    else
      for (uint8_t choice : {0, 1}) {  // the pie rule: keep or swap
        Move m;
        m.type = Move::choice;
        m.rule = choice;
        out.push_back(m);
      }
    if (out.empty() && p.no_move == NoMovePolicy::pass) {
      Move m;
      m.type = Move::pass;
      out.push_back(m);
    }
    return;
  }
  const int mover = current_player();
  const SeatDef& seat = p.seats[to_move_];
  if (p.has_hops) {
    generate_captures(*this, to_move_, out);
    if (p.captures.compulsory && !out.empty()) return;
  }
  // Small boards: the side's pieces come from its bitboard, and kernels test cells by mask.
  uint64_t mine = 0, occupied = 0;
  if (p.bitboards) {
    mine = occupancy_[mover];
    for (uint64_t side : occupancy_) occupied |= side;
  }
  auto piece_moves = [&](int c) {
    uint32_t kind_bit = p.code_kind_bit[board_[c]];
    if (!(seat.kinds & kind_bit) || (seat.region >= 0 && !p.in_zone(seat.region, mover, c))) return;
    for (size_t r = 0; r < p.moves.size(); ++r) {
      const MoveRule& rule = p.moves[r];
      if (!(rule.kinds & kind_bit) || rule.type == MoveRule::Type::hop) continue;
      if (p.bitboards && line_count_kernel_applies(rule)) {
        line_count_moves(p, rule, static_cast<int>(r), rule.dirs[to_move_], c, mine, occupied, line_counts_.data(), out);
        continue;
      }
      if (p.bitboards && step_kernel_applies(rule)) {
        step_moves(p, rule, static_cast<int>(r), rule.dirs[to_move_], c, mine, occupied, out);
        continue;
      }
      for (int d : rule.dirs[to_move_]) {
        const int ray_index = c * p.dirs + d;
        const int16_t* ray = &p.ray_cells[p.ray_begin[ray_index]];
        int len = p.ray_length[ray_index];
        auto emit = [&](int to) {
          if (rule.has_condition && !condition_holds(rule.condition, mover, c, to)) return;
          Move& m = out.emplace_back();  // writes only the fields a plain move uses
          m.from = static_cast<int16_t>(c);
          m.to = static_cast<int16_t>(to);
          m.rule = static_cast<uint8_t>(r);
          m.captures = board_[to] ? 1 : 0;
        };
        switch (rule.type) {
          case MoveRule::Type::step:
            if (len > 0 && may_land(p, board_[ray[0]], mover, rule.land)) emit(ray[0]);
            break;
          case MoveRule::Type::slide:
            for (int k = 0; k < len; ++k) {
              uint8_t t = board_[ray[k]];
              if (may_land(p, t, mover, rule.land)) emit(ray[k]);
              if (t) break;
            }
            break;
          case MoveRule::Type::line: {
            if (rule.distance == DistanceKind::any) {
              // Any distance, passing what `over` allows, landing where `land` allows.
              for (int k = 0; k < len; ++k) {
                uint8_t t = board_[ray[k]];
                if (may_land(p, t, mover, rule.land)) emit(ray[k]);
                if (!t) continue;
                if (rule.over == Over::nothing || (rule.over == Over::friends && p.code_owner[t] != mover)) break;
              }
              break;
            }
            int dist = rule.fixed_distance;
            if (rule.distance == DistanceKind::pieces_on_line) {
              int line = p.line_of[ray_index];
              dist = line >= 0 ? line_counts_[line] : 0;
            } else if (rule.distance == DistanceKind::neighbours) {
              dist = 0;
              for (int16_t x : p.adjacent[c]) dist += board_[x] != 0;
            }
            if (dist < 1 || dist > len) break;
            bool blocked = false;
            for (int k = 0; k < dist - 1 && !blocked; ++k) {
              uint8_t t = board_[ray[k]];
              if (!t) continue;
              if (rule.over == Over::nothing) blocked = true;
              else if (rule.over == Over::friends && p.code_owner[t] != mover) blocked = true;
            }
            if (!blocked && may_land(p, board_[ray[dist - 1]], mover, rule.land)) emit(ray[dist - 1]);
            break;
          }
          case MoveRule::Type::hop: break;  // generated above by the capture kernel
          case MoveRule::Type::run: break;  // partial-move turns only (engine/regions.cpp)
          case MoveRule::Type::jump: {
            // Over one adjacent piece (not taken) to the empty cell beyond.
            if (len < 2 || board_[ray[1]]) break;
            uint8_t over = board_[ray[0]];
            if (!over || !(rule.over_kinds & (1u << p.kind(over))) || !p.kinds[p.kind(over)].capturable) break;
            bool friendly = p.owner(over) == mover;
            if ((rule.over == Over::friends && !friendly) || (rule.over == Over::nothing && friendly)) break;
            emit(ray[1]);
            break;
          }
        }
      }
    }
  };
  // The mover's pieces in cell order (the order of the move list is part of the contract:
  // seeded games and playouts depend on it).
  if (p.bitboards) {
    for (uint64_t b = mine; b; b &= b - 1) piece_moves(__builtin_ctzll(b));
  } else {
    for (int c = 0; c < p.cells; ++c)
      if (board_[c] && p.code_owner[board_[c]] == mover) piece_moves(c);
  }
  if (out.empty() && p.no_move == NoMovePolicy::pass) {
    Move m;
    m.type = Move::pass;
    out.push_back(m);
  }
  if (p.has_stop && condition_holds(p.stop_condition, mover)) {
    Move m;
    m.type = Move::stop;
    out.push_back(m);
  }
}

bool State::is_legal(const Move& m) const {
  MoveList moves;
  legal_moves(moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace tabula
