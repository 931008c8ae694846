#include "engine/generate.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "engine/legality.hpp"
#include "engine/text/move_text.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {

void generate_moves(const State& s, MoveList& out) {
  out.clear();
  if (s.stored_result().over) return;
  const Phase& phase = current_phase(s);
  phase.generate(s, out);
  if (s.program().promotion_choices) add_promotion_choices(s.program(), out);
  const EndRules& e = s.program().end;
  if (!s.program().legal_if.empty()) {
    keep_legal(s, out);
    if (out.empty() && e.no_move == NoMovePolicy::pass) add_pass(out, phase.index);  // every move was forbidden
  }
  if (e.pass_always && std::none_of(out.begin(), out.end(), [](const Move& m) { return m.kind == Move::pass; }))
    add_pass(out, phase.index);
}

void generate_listed_moves(const State& s, MoveList& out) {
  out.clear();
  if (s.stored_result().over) return;
  current_phase(s).generate(s, out);
  if (s.program().promotion_choices) add_promotion_choices(s.program(), out);
}

bool lists_every_move(const Program& p) { return !p.legal_if.empty() || p.end.pass_always || p.promotion_choices; }

// The movements name the first kind of a promotion that offers several; each other kind is
// a move of its own, appended.
void add_promotion_choices(const Program& p, MoveList& out) {
  const size_t listed = out.size();
  for (size_t i = 0; i < listed; ++i)
    if (const uint8_t pr = out[i].promotion; pr && p.promotions[pr - 1].choices > 1)
      for (int c = 1; c < p.promotions[pr - 1].choices; ++c) {
        out.push_back(out[i]);
        out.back().promotion = static_cast<uint8_t>(pr + c);
      }
}

void add_pass(MoveList& out, int maker) { add_move(out, Move::pass, maker, -1, -1); }

void State::legal_moves(MoveList& out) const { generate_moves(*this, out); }

bool State::is_legal(const Move& m) const {
  MoveList moves;
  generate_moves(*this, moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

void State::apply(const Move& m) {
  if (!is_legal(m)) {
    std::string what = m.maker < program_->makers.size() ? fmt::format("'{}'", move_text(*this, m)) : "the move";
    throw IllegalMove(stored_result().over ? fmt::format("{} cannot be played: the game is over", what)
                                           : fmt::format("{} is not a legal move in this position", what));
  }
  apply_unchecked(m);
}

std::string State::move_to_string(const Move& m) const { return move_text(*this, m); }

// Games where a side without a move loses (or draws) must look for a move; the list is
// per thread so asking allocates nothing once warm.
bool State::is_terminal() const {
  if (result_.over) return true;
  if (program_->end.no_move == NoMovePolicy::pass) return false;
  thread_local MoveList m;
  generate_moves(*this, m);
  return m.empty();
}

GameResult State::result() const {
  if (result_.over) return result_;
  if (program_->end.no_move != NoMovePolicy::pass) {
    thread_local MoveList m;
    generate_moves(*this, m);
    if (m.empty()) {
      if (program_->end.no_move == NoMovePolicy::draw) return {true, -1};
      return {true, program_->player_count() == 2 ? 1 - current_player() : -1};
    }
  }
  return result_;
}

std::vector<double> State::returns() const {
  std::vector<double> r(program_->player_count(), 0.0);
  GameResult g = result();
  if (g.over && g.winner >= 0)
    for (int i = 0; i < program_->player_count(); ++i) r[i] = i == g.winner ? 1.0 : -1.0;
  return r;
}

}  // namespace tabula
