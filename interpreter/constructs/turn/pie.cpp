// `pie` (an opening step): the seat chooses `keep` or `swap`. A swap exchanges the pieces of
// the chooser's side and of the side whose seat would play first, and the chooser plays the
// first turn: with two sides, the same game as the chooser taking the other colour.
#include "check/context.hpp"
#include "engine/generate.hpp"

namespace tabula {
namespace {

class Pie final : public Phase {
 public:
  std::string_view name() const override { return "pie"; }
  void generate(const State&, MoveList& out) const override {
    for (int choice : {0, 1}) add_move(out, Move::decision, index, -1, -1, choice);
  }

  Flow apply(State& s, const Move& m) const override {
    if (m.arg != 1) return Flow::next;
    const Program& p = s.program();
    const int chooser = s.current_player(), first = p.seats[0].side;
    for (int c = 0; c < p.cells; ++c) {
      uint8_t code = s.at(c);
      if (!code) continue;
      int owner = p.owner(code);
      if (owner == chooser) s.set_cell(c, p.piece_code(first, p.kind(code)));
      else if (owner == first) s.set_cell(c, p.piece_code(chooser, p.kind(code)));
    }
    s.set_var(p.turn.first_seat_var, s.current_seat());
    return Flow::next;
  }

  std::string text(const State&, const Move& m) const override { return m.arg ? "swap" : "keep"; }
};

const Phase* check_pie(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra) {
  if (!ctx.shape(line, 0, 0, extra)) return nullptr;
  Program& p = ctx.program;
  if (p.turn.first_seat_var < 0)
    p.turn.first_seat_var = p.vars.add({"first-seat", VarSpec::Type::number, VarSpec::Role::position, 0, 0, 15});
  return p.own(std::make_unique<Pie>());
}

}  // namespace

extern constinit const ActionSpec pie_action{
    "pie", check_pie, "pie", "keep or swap: a swap exchanges sides with the side that would move first"};

}  // namespace tabula
