// `pie` (an opening step): the seat chooses `keep` or `swap`. A swap is the same game as the
// chooser taking the other colour. When the side whose seat would play the first turn is
// another side's, the chooser's pieces and that side's are exchanged and the chooser plays
// the first turn (an opening where one side places pieces of both). When it is the chooser's
// own (the opener's placement was its first move, and `opening first=...` names the chooser's
// side), the chooser's pieces and the other side's are exchanged (two sides only) and the
// other side plays the first turn.
#include "check/context.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"

namespace tabula {
namespace {

class Pie final : public Phase {
 public:
  std::string_view name() const override { return "pie"; }
  void generate(const State&, MoveList& out) const override {
    for (int choice : {0, 1}) add_move(out, Move::decision, index, -1, -1, choice);
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    if (m.arg != 1) return Flow::next;
    const Program& p = s.program();
    const int chooser = s.current_player(), first = p.seats[static_cast<size_t>(s.var(p.turn.first_seat_var))].side;
    const int other = first != chooser ? first : 1 - chooser;  // two sides when the chooser would move first
    for (int c = 0; c < p.cells; ++c) {
      uint8_t code = s.at(c);
      if (!code) continue;
      int owner = p.owner(code);
      if (owner == chooser) edit.set_cell(c, p.piece_code(other, p.kind(code)));
      else if (owner == other) edit.set_cell(c, p.piece_code(chooser, p.kind(code)));
    }
    edit.set_var(p.turn.first_seat_var, first != chooser ? s.current_seat() : p.first_seat_of(other));
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
