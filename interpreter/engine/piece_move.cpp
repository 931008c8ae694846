#include "engine/piece_move.hpp"

#include "engine/replay.hpp"

namespace tabula {
namespace {

// The State as a store: every change goes through its editor.
struct StateStore {
  StateEditor& s;
  Column get(int cell) const { return column_of(s.state(), cell); }
  void set(int cell, const Column& c) {
    if (s.program().stacking) s.set_column(cell, c.counters, c.height);
    else s.set_cell(cell, c.top());
  }
  void clear(int cell) {
    if (s.program().stacking) s.set_column(cell, nullptr, 0);
    else s.set_cell(cell, 0);
  }
  uint8_t take_top(int cell) { return s.take_top(cell); }
};

// Captures counted per side when some rule reads them (Program::captured_var): what a move
// takes by landing on an enemy (its whole column) or by hops (the move's own count and value).
void count_move_captures(StateEditor& edit, const Move& m) {
  const State& s = edit.state();
  const Program& p = s.program();
  if (p.captured_var.empty() || !m.captures) return;
  const int mover = s.current_player();
  int pieces = m.captures, value = m.value;
  if (m.steps == 0) {  // a landing on an enemy takes what stands there
    if (!s.at(m.to) || p.owner(s.at(m.to)) == mover) return;
    pieces = s.height(m.to);
    value = 0;
    for (int l = 0; l < pieces; ++l) value += p.kinds[p.kind(s.counter(m.to, l))].value;
  }
  edit.add_var(p.captured_var[mover], pieces);
  edit.add_var(p.captured_value_var[mover], value);
}

}  // namespace

void apply_piece_move(StateEditor& edit, const Move& m) {
  const State& s = edit.state();
  count_move_captures(edit, m);
  if (m.steps == 0 && !m.promotion && !s.program().reference) {  // the replay's changes, without its columns copied
    edit.move_piece(m.from, m.to);
    return;
  }
  StateStore store{edit};
  replay_piece_move(s.program(), m, store, Unseen{});
}

}  // namespace tabula
