// `capture groups [dirs=D]` (a kind of the `capture` statement): where a piece lands (a
// placement or a move), every enemy group next to it that is left without a liberty is
// removed (a group and its liberties: kernels/groups; along D, default every direction).
// The lander's own group is not judged here (forbid suicide with `legal if
// liberties(to) > 0`, or let it stand). capturable=no pieces stop a group from being taken.
#include <algorithm>

#include "constructs/capture/capture_kinds.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "kernels/groups.hpp"

namespace tabula {
namespace {

class Groups final : public LandingEffect {
 public:
  std::vector<std::vector<int>> dirs;  // per seat

  void apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    const uint8_t code = s.at(m.to);
    if (!code) return;
    const int side = p.code_owner[code];
    const std::vector<int>& ds = dirs[s.current_seat()];
    thread_local std::vector<int> taken, group;
    taken.clear();
    for (int d : ds) {
      if (!p.ray_len(m.to, d)) continue;
      const int n = p.ray(m.to, d)[0];
      const uint8_t victim = s.at(n);
      if (!victim || p.code_owner[victim] == side) continue;
      if (std::find(taken.begin(), taken.end(), n) != taken.end()) continue;  // a group met twice
      if (group_liberties(p, s.tops(), n, ds, group, true)) continue;
      if (std::all_of(group.begin(), group.end(), [&](int c) { return may_take(p, s.at(c), side, Take::remove); }))
        taken.insert(taken.end(), group.begin(), group.end());
    }
    take_pieces(edit, taken, side, Take::remove);
  }
};

}  // namespace

void check_groups(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"dirs"})) return;
  auto e = std::make_unique<Groups>();
  const Arg* dirs = ctx.named(s, "dirs");
  if (!ctx.board || !ctx.directions_or_all(dirs ? &dirs->value : nullptr, e->dirs)) return;
  ctx.shared<bool>("counts captures") = true;
  ctx.program.after_landing.push_back(ctx.program.own(std::move(e)));
}

}  // namespace tabula
