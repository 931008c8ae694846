#include "engine/turn_machine.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "engine/evaluate.hpp"
#include "engine/state_editor.hpp"
#include "kernels/flanking.hpp"

namespace tabula {
namespace {

const std::vector<TurnStep>& steps_of(const Program& p, uint8_t segment) {
  return segment == TurnPoint::opening ? p.turn.opening : p.turn.turn;
}

bool step_applies(const State& s, const TurnStep& step) {
  if (!step.phase->applies(s)) return false;
  return step.condition.empty() || holds(step.condition, {s, s.current_player()});
}

// `when` triggers: true when one took the turn over.
bool fire_triggers(StateEditor& edit, int mover) {
  const State& s = edit.state();
  for (const Trigger* t : s.program().turn.triggers)
    if (t->fire(edit, mover)) return true;
  return false;
}

void check_repetition(StateEditor& edit) {
  const State& s = edit.state();
  const EndRules& e = s.program().end;
  if (!e.remembers_positions() || s.stored_result().over) return;
  edit.remember_position();
  // A tried copy (the legality filter) only needs the boards remembered; it asks no end.
  if (e.repetition && !s.is_trial() && edit.times_seen() >= 3) {
    if (e.repetition_ends && !e.score.empty()) end_on_score(edit);
    else edit.set_result({true, -1});
  }
}

int next_seat(const State& s) {
  const int next = s.current_seat() + 1;
  return next == s.program().seat_count() ? 0 : next;
}

void end_turn(StateEditor& edit, int mover, const Move& last) {
  const State& s = edit.state();
  const Program& p = s.program();
  edit.set_passes(last.kind == Move::pass ? s.consecutive_passes() + 1 : 0);
  for (const TurnEffect* e : p.after_turn) e->apply(edit, mover);
  edit.set_seat(next_seat(s));
  check_end_rules(edit, mover);
  // The turn is counted once its end rules have read `turn` as its own number (from 1).
  if (!p.turns_var.empty()) edit.add_var(p.turns_var[mover], 1);
  if (!s.stored_result().over) begin_turn(edit, s.current_seat(), false);
  if (!s.stored_result().over && p.end.counts_repetitions) check_end_rules(edit, mover, true);
  if (!s.stored_result().over && p.end.quiet_limit > 0 && s.quiet_plies() >= p.end.quiet_limit)
    edit.set_result({true, -1});
}

// end_turn and begin_turn when the program's turns are plain (Program::plain_turns): the
// same changes, without looking for what such a program has none of.
void end_plain_turn(StateEditor& edit, int mover, const Move& last) {
  const State& s = edit.state();
  const Program& p = s.program();
  edit.set_passes(last.kind == Move::pass ? s.consecutive_passes() + 1 : 0);
  edit.set_seat(next_seat(s));
  if (!p.end.after_move.empty()) check_end_rules(edit, mover);
  if (s.stored_result().over) return;
  edit.set_turn_point({TurnPoint::turn, 0, 0});
  p.turn.turn[0].phase->enter(edit);
}

}  // namespace

const Phase& current_phase(const State& s) {
  const Program& p = s.program();
  const TurnPoint& t = s.turn_point();
  if (t.segment == TurnPoint::interlude) return static_cast<const Phase&>(*p.makers[t.step]);
  return *steps_of(p, t.segment)[t.step].phase;
}

void begin_turn(StateEditor& edit, int seat, bool fresh) {
  const State& s = edit.state();
  const Program& p = s.program();
  edit.set_seat(seat);
  // The first step that happens (the last one is kept even when it does not, so a turn
  // always has a step to play or pass).
  int step = 0;
  if (p.turn.turn.size() > 1) {  // step conditions see the new turn (a turn counter, a reserve)
    edit.set_turn_point({TurnPoint::turn, 0, static_cast<uint8_t>(fresh)});
    while (step + 1 < static_cast<int>(p.turn.turn.size()) && !step_applies(s, p.turn.turn[step])) ++step;
  }
  edit.set_turn_point({TurnPoint::turn, static_cast<uint8_t>(step), static_cast<uint8_t>(fresh)});
  p.turn.turn[step].phase->enter(edit);
  if (fire_triggers(edit, s.current_player())) return;
  check_repetition(edit);
}

void enter_interlude(StateEditor& edit, const Phase& phase, int seat) {
  edit.set_seat(seat);
  edit.set_turn_point({TurnPoint::interlude, static_cast<uint8_t>(phase.index), 0});
  phase.enter(edit);
}

void start_game(StateEditor& edit) {
  const State& s = edit.state();
  const Program& p = s.program();
  if (p.turn.start) {
    enter_interlude(edit, *p.turn.start, p.turn.start_seat);
  } else if (!p.turn.opening.empty()) {
    edit.set_seat(p.turn.opening[0].seat);
    edit.set_turn_point({TurnPoint::opening, 0, 0});
    p.turn.opening[0].phase->enter(edit);
  } else {
    begin_turn(edit, 0, false);
  }
}

void resume_at_turn_start(StateEditor& edit) {
  const State& s = edit.state();
  const Program& p = s.program();
  if (p.turn.start) {
    edit.set_turn_point({TurnPoint::interlude, static_cast<uint8_t>(p.turn.start->index), 0});
    p.turn.start->resume(edit);
  } else {
    begin_turn(edit, s.current_seat(), false);
  }
}

void after_action(StateEditor& edit, const Move& m, Flow flow, int mover) {
  const State& s = edit.state();
  const Program& p = s.program();
  const TurnPoint t = s.turn_point();
  if ((m.kind == Move::piece || m.kind == Move::place) && flow != Flow::handled)
    for (const LandingEffect* e : p.after_landing) e->apply(edit, m);
  if (p.plain_turns && t.segment == TurnPoint::turn && flow != Flow::handled && flow != Flow::stay) {
    if (!s.stored_result().over) end_plain_turn(edit, mover, m);
  } else if (!s.stored_result().over) {
    if (t.segment == TurnPoint::opening && flow != Flow::handled) {
      // The opening's steps are played once, each by its own seat; then the first turn.
      if (t.step + 1 < static_cast<int>(p.turn.opening.size())) {
        edit.set_seat(p.turn.opening[t.step + 1].seat);
        edit.set_turn_point({TurnPoint::opening, static_cast<uint8_t>(t.step + 1), 0});
        p.turn.opening[t.step + 1].phase->enter(edit);
      } else {
        begin_turn(edit, p.turn.first_seat_var >= 0 ? s.var(p.turn.first_seat_var) : p.turn.first_seat, false);
      }
      return;
    }
    bool taken_over = false;
    if ((m.kind == Move::piece || m.kind == Move::place) && flow != Flow::handled && !p.turn.triggers.empty())
      taken_over = fire_triggers(edit, mover);
    if (!taken_over) {
      if (flow == Flow::stay) {
        if (current_phase(s).exhausted(s)) end_turn(edit, mover, m);
      } else if (flow == Flow::next) {
        int step = t.step + 1;
        const auto& steps = p.turn.turn;
        while (step < static_cast<int>(steps.size()) && !step_applies(s, steps[step])) ++step;
        if (t.segment == TurnPoint::turn && step < static_cast<int>(steps.size())) {
          if (p.end.each_step) {  // the end rules between the steps of a turn too
            check_end_rules(edit, mover);
            if (s.stored_result().over) return;
          }
          edit.set_turn_point({TurnPoint::turn, static_cast<uint8_t>(step), t.fresh});
          steps[step].phase->enter(edit);
        } else {
          end_turn(edit, mover, m);
        }
      } else if (flow == Flow::end_turn) {
        end_turn(edit, mover, m);
      }
    }
  }
  if (!s.stored_result().over && s.ply() >= p.end.ply_limit) end_on_score(edit);
}

void check_end_rules(StateEditor& edit, int mover, bool turn_start) {
  const State& s = edit.state();
  if (s.is_trial()) return;  // a move the legality filter tries: judged before the end rules
  const Program& p = s.program();
  for (const EndRule& r : p.end.after_move) {
    if (r.at_turn_start != turn_start || !holds(r.condition, {s, mover})) continue;
    if (r.outcome == Outcome::end) return end_on_score(edit);
    if (r.outcome == Outcome::draw) return edit.set_result({true, -1});
    int who = resolve_player(s, r.who, mover);
    if (r.outcome == Outcome::win) return edit.set_result({true, who});
    return edit.set_result({true, p.player_count() == 2 ? 1 - who : -1});
  }
}

int64_t score_part(const State& s, int side, size_t part) {
  const Program& p = s.program();
  const ScoreTerm& t = p.end.score[part];
  switch (t.kind) {
    case ScoreTerm::Kind::captures: return p.captured_var.empty() ? 0 : s.var(p.captured_var[side]);
    case ScoreTerm::Kind::territory: {
      const std::vector<int> owners = territory_owners(p, s.tops());
      return std::count(owners.begin(), owners.end(), side);
    }
    case ScoreTerm::Kind::values: {
      int64_t sum = 0;
      for (int c = 0; c < p.cells; ++c)
        for (int l = 0; l < s.height(c); ++l)
          if (p.owner(s.counter(c, l)) == side) sum += p.kinds[p.kind(s.counter(c, l))].value;
      return sum;
    }
    case ScoreTerm::Kind::formula: return value(t.formula, {s, side});
  }
  return 0;
}

int64_t score(const State& s, int side) {
  const Program& p = s.program();
  int64_t total = 0;
  for (size_t part = 0; part < p.end.score.size(); ++part) {
    const int64_t term = score_part(s, side, part);
    if (__builtin_add_overflow(total, term, &total))
      throw RuleError(p.end.score[part].pos,
                      fmt::format("arithmetic overflow in the score of {}: adding {} passes 64 bits (from "
                                  "-9223372036854775808 to 9223372036854775807)",
                                  p.players[side].name, term));
  }
  return total;
}

int komi_halves(const Program& p, int side) { return p.end.komi_halves.empty() ? 0 : p.end.komi_halves[side]; }

int64_t score_halves(const State& s, int side) {
  const Program& p = s.program();
  int64_t halves = 0;
  if (__builtin_mul_overflow(score(s, side), 2, &halves) ||
      __builtin_add_overflow(halves, komi_halves(p, side), &halves))
    throw RuleError(p.end.score[0].pos, "arithmetic overflow: a score in half points passes 64 bits");
  return halves;
}

std::string score_text(const State& s, int side) {
  const int64_t halves = score_halves(s, side);
  if (halves % 2 == 0) return std::to_string(halves / 2);
  return fmt::format("{}{}.5", halves < 0 ? "-" : "", (halves < 0 ? -(halves / 2) : halves / 2));
}

void end_on_score(StateEditor& edit) {
  const State& s = edit.state();
  const Program& p = s.program();
  if (p.end.score.empty()) return edit.set_result({true, -1});
  int best = -1;
  int64_t best_score = 0;
  bool tie = false;
  for (int side = 0; side < p.player_count(); ++side) {
    const int64_t sc = score_halves(s, side);
    if (best < 0 || sc > best_score) best = side, best_score = sc, tie = false;
    else if (sc == best_score) tie = true;
  }
  edit.set_result({true, tie ? -1 : best});
}

}  // namespace tabula
