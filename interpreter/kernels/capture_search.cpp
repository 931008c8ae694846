#include "kernels/capture_search.hpp"

namespace tabula {

CaptureSearch::CaptureSearch(const State& s)
    : state_(s), p_(s.program()), mover_(s.current_player()), seat_(s.current_seat()) {
  top_.resize(p_.cells);
  for (int c = 0; c < p_.cells; ++c) top_[c] = s.at(c);
  taken_.assign(p_.cells, 0);
  jumped_.assign(p_.cells, 0);
}

void CaptureSearch::generate(int from, MoveList& out) {
  uint8_t piece = top_[from];
  current_.from = static_cast<int16_t>(from);
  current_.type = Move::hop;
  current_.rule = 0;
  top_[from] = 0;  // the start square counts as empty during the move
  extend(from, p_.kind(piece), 0, out);
  top_[from] = piece;
}

void CaptureSearch::record(int depth, MoveList& out) {
  current_.hops = static_cast<uint8_t>(depth);
  current_.captures = static_cast<uint8_t>(depth);
  current_.to = current_.path[depth - 1];
  out.push_back(current_);
}

void CaptureSearch::extend(int at, int kind, int depth, MoveList& out) {
  const CapturePolicy& policy = p_.captures;
  bool extended = false;
  if (depth < Move::kMaxHops && !(depth >= 1 && policy.continuation == CapturePolicy::Continue::stop)) {
    for (size_t r = 0; r < p_.moves.size(); ++r) {
      const MoveRule& rule = p_.moves[r];
      if (rule.type != MoveRule::Type::hop || !(rule.kinds & (1u << kind))) continue;
      for (int d : rule.dirs[seat_]) {
        if (p_.ray_len(at, d) < 2) continue;
        int over = p_.ray(at, d)[0], land = p_.ray(at, d)[1];
        uint8_t victim = top_[over];
        if (!victim || p_.owner(victim) == mover_ || top_[land]) continue;
        if (!policy.rejump && jumped_[over]) continue;
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
          if ((pr.from_kinds & (1u << kind)) && p_.in_zone(pr.zone, mover_, land)) {
            next_kind = pr.to_kind;
            ends = pr.ends_capture;
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
