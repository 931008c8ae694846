// Legal move generation: runs the compiled move rules of the player to move.
#include <algorithm>

#include "engine/state.hpp"
#include "kernels/capture_search.hpp"

namespace tabula {
namespace {

bool may_land(const Program& p, uint8_t target, int mover, uint8_t land) {
  if (!target) return land & land_empty;
  return p.owner(target) == mover ? (land & land_friend) : (land & land_enemy);
}

// Hop captures of every piece of the player to move, filtered by the capture policy.
void generate_captures(const State& s, MoveList& out) {
  const Program& p = s.program();
  CaptureSearch search(s);
  const SeatDef& seat = p.seats[s.current_seat()];
  for (int c = 0; c < p.cells; ++c) {
    uint8_t code = s.at(c);
    if (!code || p.owner(code) != s.current_player() || !(seat.kinds & (1u << p.kind(code)))) continue;
    if (seat.region >= 0 && !p.in_zone(seat.region, s.current_player(), c)) continue;  // control: at the start only
    search.generate(c, out);
  }
  if (p.captures.maximum && !out.empty()) {
    uint8_t most = 0;
    for (const Move& m : out) most = std::max(most, m.captures);
    out.erase(std::remove_if(out.begin(), out.end(), [&](const Move& m) { return m.captures < most; }), out.end());
  }
}

}  // namespace

// Placing a piece from a reserve on any empty cell.
void State::generate_placements(MoveList& out) const {
  const Program& p = *program_;
  const TurnAction& a = p.turn[slot_];
  int owner = resolve(a.reserve_of, a.reserve_player, current_player());
  uint8_t code = p.piece_code(owner, a.place_kind);
  for (int c = 0; c < p.cells; ++c) {
    if (board_[c]) continue;
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
  if (!p.turn.empty() && p.turn[slot_].kind == TurnAction::Kind::place) return generate_placements(out);
  const int mover = current_player();
  const SeatDef& seat = p.seats[to_move_];
  if (p.has_hops) {
    generate_captures(*this, out);
    if (p.captures.compulsory && !out.empty()) return;
  }
  for (int c = 0; c < p.cells; ++c) {
    uint8_t code = board_[c];
    if (!code || p.owner(code) != mover) continue;
    uint32_t kind_bit = 1u << p.kind(code);
    if (!(seat.kinds & kind_bit) || (seat.region >= 0 && !p.in_zone(seat.region, mover, c))) continue;
    for (size_t r = 0; r < p.moves.size(); ++r) {
      const MoveRule& rule = p.moves[r];
      if (!(rule.kinds & kind_bit) || rule.type == MoveRule::Type::hop) continue;
      for (int d : rule.dirs[to_move_]) {
        const int16_t* ray = p.ray(c, d);
        int len = p.ray_len(c, d);
        auto emit = [&](int to) {
          if (rule.has_condition && !condition_holds(rule.condition, mover, c, to)) return;
          Move m;
          m.from = static_cast<int16_t>(c);
          m.to = static_cast<int16_t>(to);
          m.rule = static_cast<uint8_t>(r);
          m.captures = board_[to] ? 1 : 0;
          out.push_back(m);
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
                if (rule.over == Over::nothing || (rule.over == Over::friends && p.owner(t) != mover)) break;
              }
              break;
            }
            int dist = rule.fixed_distance;
            if (rule.distance == DistanceKind::pieces_on_line) {
              int line = p.line_of[c * p.dirs + d];
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
              else if (rule.over == Over::friends && p.owner(t) != mover) blocked = true;
            }
            if (!blocked && may_land(p, board_[ray[dist - 1]], mover, rule.land)) emit(ray[dist - 1]);
            break;
          }
          case MoveRule::Type::hop: break;  // generated above by the capture kernel
        }
      }
    }
  }
  if (out.empty() && p.no_move == NoMovePolicy::pass) {
    Move m;
    m.type = Move::pass;
    out.push_back(m);
  }
}

bool State::is_legal(const Move& m) const {
  MoveList moves;
  legal_moves(moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace tabula
