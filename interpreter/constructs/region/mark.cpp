// `mark REGION [first=PLAYER] [next=fewest-pieces|most-pieces|loser|mover|opponent]`: with
// first=, the game starts with PLAYER marking the region; a `mark` effect of `when` lets the
// side chosen by next= mark it (again). After a mark, the other side may claim an interchange (when
// declared), then plays the first turn. Moves: mark:d5, mark:d5:ne (a chosen direction).
#include <fmt/format.h>

#include "constructs/region/region.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "engine/turn_machine.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class MarkPhase final : public Phase {
 public:
  std::string_view name() const override { return "mark"; }
  explicit MarkPhase(const Region& r) : region(r) {}
  const Region& region;

  int shape_now(const State& s) const { return region.shape_for_size(value(region.size, {s, s.current_player()})); }

  void generate(const State& s, MoveList& out) const override {
    const Program& p = s.program();
    const int shape = shape_now(s);
    std::vector<int> cells;
    if (shape >= 0)
      for (int c = 0; c < p.cells; ++c) {
        if (s.var(region.round_var) == 0 && !region.first_cells.empty() && !region.first_cells[c]) continue;
        const auto& choices = region.shapes[shape].choices;
        if (choices.empty()) {
          if (region.cells(p, shape, c, -1, cells)) push(out, c, 0);
        } else {
          for (int d : choices)
            if (region.cells(p, shape, c, d, cells)) push(out, c, d + 1);
        }
      }
    if (out.empty()) add_pass(out, index);
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    if (m.kind == Move::pass) {  // no mark fits: nothing more can happen
      edit.set_result({true, -1});
      return Flow::handled;
    }
    const int mover = s.current_player();
    edit.set_var(region.shape_var, shape_now(s));
    edit.set_var(region.mark_var, m.to);
    edit.set_var(region.choice_var, m.arg - 1);
    edit.set_var(region.setter_var, mover);
    edit.set_var(region.round_var, s.var(region.round_var) + 1);
    const int other_seat = p.first_seat_of((mover + 1) % p.player_count());
    if (region.interchange_phase) enter_interlude(edit, *region.interchange_phase, other_seat);
    else begin_turn(edit, other_seat, true);
    return Flow::handled;
  }

  // A position set up at the mark: it is not the game's first mark.
  void resume(StateEditor& edit) const override {
    const State& s = edit.state();
    if (s.var(region.round_var) == 0) edit.set_var(region.round_var, 1);
  }

  std::string text(const State& s, const Move& m) const override {
    const BoardGraph& b = *s.program().board;
    return "mark:" + b.cell(m.to).name + (m.arg ? ":" + b.direction(m.arg - 1).name : "");
  }

 private:
  void push(MoveList& out, int cell, int arg) const { add_move(out, Move::decision, index, -1, cell, arg); }
};

void check_mark(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"first", "next"})) return;
  Region* r = find_region(ctx, s.args[0].value);
  if (!r) return;
  if (r->mark_phase) return ctx.error(s.pos, fmt::format("region '{}' is marked twice", r->name));
  Program& p = ctx.program;
  r->mark_phase = p.own(std::make_unique<MarkPhase>(*r));
  if (const Arg* next = ctx.named(s, "next")) {
    std::string v = ctx.word(next, "next", {"fewest-pieces", "most-pieces", "loser", "mover", "opponent"});
    using N = Region::NextSetter;
    if (v == "most-pieces") r->next = N::most_pieces;
    else if (v == "loser") r->next = N::loser;
    else if (v == "mover") r->next = N::mover;
    else if (v == "opponent") r->next = N::opponent;
  }
  // first=PLAYER: the game starts with that side marking this region. Without it, the
  // region is marked only by a `when` effect.
  const Arg* a = ctx.named(s, "first");
  if (!a || !ctx.identifier(a->value, "a player")) return;
  int first = ctx.find_player(a->value.text);
  if (first < 0) return ctx.unknown_name(a->value, "player", ctx.player_names());
  if (p.turn.start) return ctx.error(s.pos, "the game already starts with a mark; only one region is marked first");
  p.turn.start = r->mark_phase;
  ctx.at_end([&ctx, first] { ctx.program.turn.start_seat = std::max(0, ctx.program.first_seat_of(first)); });
}

}  // namespace

extern constinit const StatementSpec mark_statement{
    "mark",
    Pass::define,
    Key::first_argument,
    check_mark,
    "mark REGION [first=PLAYER] [next=fewest-pieces|most-pieces|loser|mover|opponent]",
    "who marks REGION: PLAYER at the start of the game; next= chooses who marks it at a `when` mark effect"};

}  // namespace tabula
