#pragma once
// The turn machine: one structure every game uses. A game is an optional start phase (a
// first mark), an optional opening (steps played once, each by its own seat), then turns:
// a turn is the program's list of steps (one move, by default), each a Phase that may
// repeat (partial moves) or be skipped (its condition fails). Interludes are phases that
// constructs insert between turns (a new mark, an interchange). At the end of a turn the
// after-turn effects run, the next seat is due, the end rules are checked, and the next turn
// begins (its phase is entered, the `when` triggers are checked, the position is recorded
// for the repetition rule).
#include "engine/state.hpp"
#include "engine/state_editor.hpp"

namespace tabula {

// The phase the seat to move plays now.
const Phase& current_phase(const State& s);

// Sets up a new game: the start phase, the opening's first step, or the first turn.
void start_game(StateEditor& edit);
// Sets up a position given without a turn point: the start of the seat's turn (or, in a
// game that starts with a phase of its own, that phase for the seat to move).
void resume_at_turn_start(StateEditor& edit);
// After a move was applied (by State::apply_unchecked): where the turn goes on.
void after_action(StateEditor& edit, const Move& m, Flow flow, int mover);

// ---- for constructs ----
// A new turn for `seat`; `fresh` marks the first turn after an interlude.
void begin_turn(StateEditor& edit, int seat, bool fresh);
// An interlude phase (a mark, an interchange, a choice) played by `seat` now.
void enter_interlude(StateEditor& edit, const Phase& phase, int seat);
// The end rules, checked for the side that moved; the game may end.
// turn_start: the rules that ask `repetitions`, checked once the next turn has started
// (end_turn); the others are checked before it starts.
void check_end_rules(StateEditor& edit, int mover, bool turn_start = false);
// The game ends on the score (the highest wins; a tie is a draw), or a draw without one.
void end_on_score(StateEditor& edit);
// A side's score under the rules' `score` terms: a 64-bit sum, checked; a sum beyond 64
// bits is a RuleError at the term that overflowed it (engine/evaluate.hpp).
int64_t score(const State& s, int side);
// One of those terms alone (`p.end.score[part]`), for an evaluation that weighs them apart.
int64_t score_part(const State& s, int side, size_t part);
// The komi a side is given (`komi`), in half points; 0 without one.
int komi_halves(const Program& p, int side);
// A side's score with its komi in half points, as the game's end compares them (checked: a
// RuleError beyond 64 bits).
int64_t score_halves(const State& s, int side);
// The same as text: "47" or "47.5".
std::string score_text(const State& s, int side);

}  // namespace tabula
