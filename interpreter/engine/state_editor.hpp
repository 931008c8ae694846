#pragma once
// The one way to change a State: what construct effects and the turn machine receive. Every
// change is journaled by the State, so undo needs nothing from whoever made it. Only the
// State makes an editor (while it applies a move or sets up a position): code that holds a
// State, or a const one, cannot edit it.
#include <cstdint>

#include "engine/state.hpp"

namespace tabula {

class StateEditor {
 public:
  const State& state() const { return s_; }
  const Program& program() const { return s_.program(); }

  void set_cell(int cell, uint8_t code) { s_.set_cell(cell, code); }
  // `bottom_first`: `height` counters held outside the state (a copy, never its own columns).
  void set_column(int cell, const uint8_t* bottom_first, int height) { s_.set_column(cell, bottom_first, height); }
  void move_piece(int from, int to) { s_.move_piece(from, to); }  // the whole column in stacking games
  uint8_t take_top(int cell) { return s_.take_top(cell); }        // the counter taken off, 0 when empty
  void set_var(int i, int32_t v) { s_.set_var(i, v); }
  void add_var(int i, int32_t delta) { s_.set_var(i, s_.var(i) + delta); }
  void set_result(GameResult r) { s_.result_ = r; }
  void set_seat(int seat) { s_.set_seat(seat); }
  void set_turn_point(TurnPoint t) { s_.set_turn_point(t); }
  void set_passes(int n) { s_.set_passes(n); }
  // Records the position as seen at a turn's start (the repetition rule, superko).
  void remember_position() { s_.remember_position(); }
  // How many times the position last remembered has been seen.
  int times_seen() const { return s_.times_seen(); }
  // Forgets the positions seen so far (a new round of the game).
  void forget_positions() {
    s_.keys_seen_.clear();
    s_.boards_seen_.clear();
  }

 private:
  friend class State;
  explicit StateEditor(State& s) : s_(s) {}
  State& s_;
};

}  // namespace tabula
