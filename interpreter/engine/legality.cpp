#include "engine/legality.hpp"

#include <cstddef>
#include <optional>

#include "engine/evaluate.hpp"

namespace tabula {

void keep_legal(const State& s, MoveList& moves) {
  const Program& p = s.program();
  if (p.legal_if.empty() || moves.empty()) return;
  // One copy per thread, reused: a copy assigned over another keeps the vectors' room.
  thread_local std::optional<State> trial;
  if (trial) *trial = s;
  else trial.emplace(s);
  trial->restart_journal();
  trial->mark_trial();
  const int mover = s.current_player();
  size_t kept = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    bool legal = true;
    if (m.kind != Move::pass) {
      trial->apply_unchecked(m);
      for (const Formula& c : p.legal_if)
        if (!holds(c, {*trial, mover, m.from, m.to})) {
          legal = false;
          break;
        }
      trial->undo();
    }
    if (legal && kept != i) moves[kept] = m;
    kept += legal;
  }
  moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(kept), moves.end());
}

int forbidding_rule(const State& s, const Move& m) {
  const Program& p = s.program();
  if (p.legal_if.empty() || m.kind == Move::pass) return -1;
  State trial = s;
  trial.restart_journal();
  trial.mark_trial();
  const int mover = s.current_player();
  trial.apply_unchecked(m);
  for (size_t i = 0; i < p.legal_if.size(); ++i)
    if (!holds(p.legal_if[i], {trial, mover, m.from, m.to})) return static_cast<int>(i);
  return -1;
}

}  // namespace tabula
