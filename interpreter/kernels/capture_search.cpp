#include "kernels/capture_search.hpp"

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

}  // namespace tabula
