// `remove P [unless-in-row=N] [if C]` (a turn step): the seat picks one piece of P on the
// board and takes it off (a capture, counted as one). With unless-in-row=N it may not pick a
// piece standing in a row of N or more of its side (along any axis of the board), unless
// every piece of P does: the mill game's "a mill lets you take a man that is not in a mill".
// The step does not happen while P has no piece. Written remove:CELL.
#include <fmt/format.h>

#include "check/context.hpp"
#include "constructs/capture/capture_kinds.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "kernels/rows.hpp"

namespace tabula {
namespace {

class RemovePiece final : public Phase {
 public:
  PlayerSpec who;
  int spare_rows = 0;          // unless-in-row=N: spare pieces in rows of N while others exist (0: none)
  RowAxes axes;                // every axis of the board
  bool all_capturable = true;  // no kind is capturable=no: any piece of P may go

  std::string_view name() const override { return "remove"; }
  bool applies(const State& s) const override {
    const int side = resolve_player(s, who, s.current_player());
    if (all_capturable && side >= 0) return s.piece_count(side) > 0;  // the count the state keeps
    for (int c = 0; c < s.program().cells; ++c)
      if (removable(s, c, side)) return true;
    return false;
  }
  void generate(const State& s, MoveList& out) const override {
    const int side = resolve_player(s, who, s.current_player());
    const size_t start = out.size();
    for (int pass = 0; pass < 2 && out.size() == start; ++pass)  // pass 1: every piece is in a row
      for (int c = 0; c < s.program().cells; ++c)
        if (removable(s, c, side) &&
            (pass == 1 || !spare_rows || row_through(s.program(), axes, s.tops(), c) < spare_rows))
          add_move(out, Move::decision, index, -1, c, 0).captures = 1;
  }
  Flow apply(StateEditor& edit, const Move& m) const override {
    take_pieces(edit, {m.to}, edit.state().current_player(), Take::remove);
    return Flow::next;
  }
  std::string text(const State& s, const Move& m) const override {
    return "remove:" + s.program().board->cell(m.to).name;
  }

 private:
  bool removable(const State& s, int c, int side) const {
    const Program& p = s.program();
    const uint8_t code = s.at(c);
    return code && (side < 0 || p.code_owner[code] == side) && p.kinds[p.kind(code)].capturable;
  }
};

const Phase* check_remove(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra) {
  std::vector<std::string> named = {"unless-in-row"};
  named.insert(named.end(), extra.begin(), extra.end());
  if (!ctx.shape(line, 1, 1, named, true) || !ctx.board) return nullptr;
  auto remove = std::make_unique<RemovePiece>();
  if (!ctx.player_ref(line.args[0].value, remove->who, false)) return nullptr;
  if (const Arg* rows = ctx.named(line, "unless-in-row")) {
    long long n = 0;
    if (!ctx.number_value(rows->value, "a row length", 2, 64, n)) return nullptr;
    remove->spare_rows = static_cast<int>(n);
  }
  std::vector<std::vector<int>> all;
  ctx.directions_or_all(nullptr, all);
  remove->axes = row_axes(ctx.program, all[0]);
  // Kinds are declared before turns are read (Pass::declare).
  for (const auto& k : ctx.program.kinds) remove->all_capturable = remove->all_capturable && k.capturable;
  ctx.shared<bool>("counts captures") = true;
  return ctx.program.own(std::move(remove));
}

}  // namespace

extern constinit const ActionSpec remove_action{
    "remove", check_remove, "remove P [unless-in-row=N] [if C]",
    "the seat takes one piece of P off the board (unless-in-row=N: not one in a row of N while P has others)"};

}  // namespace tabula
