#include "kernels/capture_search.hpp"

#include <algorithm>

namespace tabula {
namespace {

struct Scratch {
  std::vector<uint8_t> top, taken, jumped;
};

}  // namespace

CaptureSearch::CaptureSearch(const State& s, int seat)
    : state_(s),
      p_(s.program()),
      mover_(seat < 0 ? s.current_player() : s.program().seats[seat].side),
      seat_(seat < 0 ? s.current_seat() : seat) {
  thread_local Scratch scratch;
  if (scratch.top.size() < static_cast<size_t>(p_.cells)) {
    scratch.top.resize(p_.cells);
    scratch.taken.assign(p_.cells, 0);
    scratch.jumped.assign(p_.cells, 0);
  }
  top_ = scratch.top.data();
  taken_ = scratch.taken.data();
  jumped_ = scratch.jumped.data();
  for (int c = 0; c < p_.cells; ++c) top_[c] = s.at(c);
}

void CaptureSearch::generate(int from, MoveList& out) {
  uint8_t piece = top_[from];
  current_.from = static_cast<int16_t>(from);
  current_.type = Move::hop;
  current_.rule = 0;
  top_[from] = 0;  // the start square counts as empty during the move
  extend(from, __builtin_ctz(p_.code_kind_bit[piece]), 0, out);
  top_[from] = piece;
}

void CaptureSearch::record(int depth, MoveList& out) {
  current_.hops = static_cast<uint8_t>(depth);
  current_.captures = static_cast<uint8_t>(depth);
  current_.to = current_.path[depth - 1];
  Move& m = out.emplace_back();  // copies only the landings this sequence uses
  m.from = current_.from;
  m.to = current_.to;
  m.type = current_.type;
  m.rule = current_.rule;
  m.captures = current_.captures;
  m.hops = current_.hops;
  for (int i = 0; i < depth; ++i) m.path[i] = current_.path[i];
}

void CaptureSearch::extend(int at, int kind, int depth, MoveList& out) {
  const CapturePolicy& policy = p_.captures;
  bool extended = false;
  if (depth < Move::kMaxHops && !(depth >= 1 && policy.continuation == CapturePolicy::Continue::stop)) {
    const uint32_t kind_bit = 1u << kind;
    for (size_t r = 0; r < p_.moves.size(); ++r) {
      const MoveRule& rule = p_.moves[r];
      if (rule.type != MoveRule::Type::hop || !(rule.kinds & kind_bit)) continue;
      for (int d : rule.dirs[seat_]) {
        const int index = at * p_.dirs + d;
        if (p_.ray_length[index] < 2) continue;
        const int16_t* ray = &p_.ray_cells[p_.ray_begin[index]];
        const int over = ray[0], land = ray[1];
        uint8_t victim = top_[over];
        if (!victim || p_.code_owner[victim] == mover_ || top_[land]) continue;
        if (!p_.kinds[p_.kind(victim)].capturable) continue;  // a fixed piece is never taken
        if (!policy.rejump && jumped_[over]) continue;
        // A take adds a counter under the taking column: never past the stacking limit.
        if (rule.take == Take::top_to_bottom && p_.stacking &&
            state_.height(current_.from) + depth + 1 > Program::kMaxStack)
          continue;
        // Take: the victim (or its top counter) leaves the jumped cell at once.
        uint8_t saved = top_[over];
        if (rule.take == Take::top_to_bottom && p_.stacking) {
          int left = state_.height(over) - taken_[over] - 1;
          top_[over] = left > 0 ? state_.counter(over, left - 1) : 0;
        } else {
          top_[over] = 0;
        }
        ++taken_[over];
        jumped_[over] = 1;
        if (depth == 0) current_.rule = static_cast<uint8_t>(r);
        current_.path[depth] = static_cast<int16_t>(land);
        extended = true;
        // Promotion on landing may end the sequence or change how the piece goes on.
        int next_kind = kind;
        bool ends = false;
        for (const Promotion& pr : p_.promotions)
          if ((pr.from_kinds & kind_bit) && p_.in_zone(pr.zone, mover_, land)) {
            next_kind = pr.to_kind;
            ends = pr.ends_capture || pr.to_kind < 0;  // a burned piece goes no further
            break;
          }
        if (ends) record(depth + 1, out);
        else {
          if (policy.continuation == CapturePolicy::Continue::may) record(depth + 1, out);
          extend(land, next_kind, depth + 1, out);
        }
        jumped_[over] = 0;
        --taken_[over];
        top_[over] = saved;
      }
    }
  }
  // A sequence that cannot go on is complete (when it must continue to its end).
  if (!extended && depth > 0 && policy.continuation != CapturePolicy::Continue::may) record(depth, out);
}

// Hop captures of every piece a seat may start with, filtered by the capture policy.
void generate_captures(const State& s, int seat_index, MoveList& out) {
  const Program& p = s.program();
  const SeatDef& seat = p.seats[seat_index];
  const int mover = seat.side;
  auto may_start = [&](int c) {
    return (seat.kinds & p.code_kind_bit[s.at(c)]) &&
           (seat.region < 0 || p.in_zone(seat.region, mover, c));  // control: at the start only
  };
  if (p.bitboards) {
    // A hop jumps a neighbour: only pieces next to an enemy can start a capture, and most
    // positions have none, so the search (and its scratch copy) is often never made.
    uint64_t mine = s.pieces_mask(mover), enemies = 0;
    for (int side = 0; side < p.player_count(); ++side)
      if (side != mover) enemies |= s.pieces_mask(side);
    uint64_t starts = 0;
    for (uint64_t b = mine; b; b &= b - 1) {
      int c = __builtin_ctzll(b);
      if ((p.adjacent_mask[c] & enemies) && may_start(c)) starts |= uint64_t{1} << c;
    }
    if (starts) {
      CaptureSearch search(s, seat_index);
      for (uint64_t b = starts; b; b &= b - 1) search.generate(__builtin_ctzll(b), out);
    }
  } else {
    CaptureSearch search(s, seat_index);
    for (int c = 0; c < p.cells; ++c)
      if (s.at(c) && p.code_owner[s.at(c)] == mover && may_start(c)) search.generate(c, out);
  }
  if (p.captures.maximum && !out.empty()) {
    uint8_t most = 0;
    for (const Move& m : out) most = std::max(most, m.captures);
    out.erase(std::remove_if(out.begin(), out.end(), [&](const Move& m) { return m.captures < most; }), out.end());
  }
}

}  // namespace tabula
