// `capture adjacent dirs=D [take=convert|remove]` (a kind of the `capture` statement): where
// a piece lands (a move or a placement), every enemy piece next to it along one of the
// directions is taken: turned over to the lander's side (the default: infection, as in
// games of conversion) or removed. capturable=no pieces stay, and so do pieces of a kind the
// lander's side may not have (on convert).
#include "constructs/capture/capture_kinds.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"

namespace tabula {
namespace {

class Adjacent final : public LandingEffect {
 public:
  std::vector<std::vector<int>> dirs;  // per seat
  Take take = Take::convert;

  void apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    const uint8_t code = s.at(m.to);
    if (!code) return;  // the piece left the board on arrival (a promotion to none)
    const int side = p.code_owner[code];
    thread_local std::vector<int> taken;
    taken.clear();
    for (int d : dirs[s.current_seat()]) {
      if (!p.ray_len(m.to, d)) continue;
      const int c = p.ray(m.to, d)[0];
      const uint8_t victim = s.at(c);
      if (victim && p.code_owner[victim] != side && may_take(p, victim, side, take)) taken.push_back(c);
    }
    take_pieces(edit, taken, side, take);
  }
};

}  // namespace

void check_adjacent(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"dirs", "take"})) return;
  auto e = std::make_unique<Adjacent>();
  const Arg* dirs = ctx.named(s, "dirs");
  if (!dirs) return ctx.needs(s, "'capture adjacent' needs dirs=... (for example dirs=all)");
  if (!ctx.board || !ctx.directions_per_seat(dirs->value, e->dirs)) return;
  if (!take_of(ctx, s, Take::convert, e->take)) return;
  ctx.shared<bool>("counts captures") = true;
  ctx.program.after_landing.push_back(ctx.program.own(std::move(e)));
}

}  // namespace tabula
