// `capture custodian dirs=D [length=N|A..B|any] [take=remove|convert]` (a kind of the
// `capture` statement): where a piece lands (a move or a placement), every run of enemy
// pieces it flanks along one of the directions (the run starts next to the landing cell and
// a piece of the lander's side stands right after it) is taken when its length is allowed:
// removed (custodian capture: length=1 for a single piece between two) or turned over to
// the lander's side (take=convert, length=any: flips). The runs are found first and taken
// together, so one run never depends on another. A run holding a capturable=no piece is
// left, and so is a run of a kind the lander's side may not have (on convert).
#include <fmt/format.h>

#include "constructs/capture/capture_kinds.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "kernels/flanking.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class Custodian final : public LandingEffect {
 public:
  std::vector<std::vector<int>> dirs;  // per seat
  int shortest = 1, longest = 1 << 20;
  Take take = Take::remove;

  void apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    const uint8_t code = s.at(m.to);
    if (!code) return;  // the piece left the board on arrival (a promotion to none)
    const int side = p.code_owner[code];
    thread_local std::vector<int> taken;
    taken.clear();
    for (int d : dirs[s.current_seat()]) {
      const int n = flanked_run(p, s.tops(), m.to, d, side);
      if (n < shortest || n > longest) continue;
      const int16_t* ray = p.ray(m.to, d);
      bool takeable = true;
      for (int k = 0; k < n && takeable; ++k) takeable = may_take(p, s.at(ray[k]), side, take);
      if (takeable) taken.insert(taken.end(), ray, ray + n);
    }
    take_pieces(edit, taken, side, take);
  }
};

// length=N, length=A..B or length=any (any run of at least one piece).
bool length_of(CheckContext& ctx, const Arg& a, int& shortest, int& longest) {
  const Expr& v = a.value;
  long long lo = 0, hi = 0;
  if (v.kind == Expr::Kind::identifier && v.text == "any") return shortest = 1, longest = 1 << 20, true;
  if (v.kind == Expr::Kind::range) {
    if (!ctx.number_value(v.args[0], "the shortest run", 1, 4096, lo) ||
        !ctx.number_value(v.args[1], "the longest run", 1, 4096, hi))
      return false;
    if (hi < lo) {
      ctx.error(v.pos, fmt::format("length={} is empty: the longest run is shorter than the shortest", to_string(v)));
      return false;
    }
  } else if (v.kind == Expr::Kind::number) {
    if (!ctx.number_value(v, "the length of a run", 1, 4096, lo)) return false;
    hi = lo;
  } else {
    ctx.error(v.pos, fmt::format("expected length=N, length=A..B or length=any (how many enemy pieces in a row are "
                                 "taken), found '{}'",
                                 to_string(v)));
    return false;
  }
  shortest = static_cast<int>(lo);
  longest = static_cast<int>(hi);
  return true;
}

}  // namespace

void check_custodian(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"dirs", "length", "take"})) return;
  auto e = std::make_unique<Custodian>();
  const Arg* dirs = ctx.named(s, "dirs");
  if (!dirs) return ctx.needs(s, "'capture custodian' needs dirs=... (for example dirs=orthogonal or dirs=all)");
  if (!ctx.board || !ctx.directions_per_seat(dirs->value, e->dirs)) return;
  if (const Arg* length = ctx.named(s, "length"); length && !length_of(ctx, *length, e->shortest, e->longest)) return;
  if (!take_of(ctx, s, Take::remove, e->take)) return;
  ctx.shared<bool>("counts captures") = true;
  ctx.program.after_landing.push_back(ctx.program.own(std::move(e)));
}

}  // namespace tabula
