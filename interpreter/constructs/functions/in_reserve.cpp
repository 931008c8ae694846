// in-reserve(P[, KINDS]): how many pieces P (or all) still has off the board in its
// reserve (`reserve PLAYER KIND=N`), of those kinds: a placing phase lasts while it is not 0.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "engine/state.hpp"

namespace tabula {
namespace {

class InReserve final : public ValueFunction {
 public:
  PlayerSpec who;
  uint32_t kinds = 0xFFFFFFFFu;
  std::string_view name() const override { return "in-reserve"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    int64_t n = 0;
    for (int pl = side < 0 ? 0 : side; pl <= (side < 0 ? p.player_count() - 1 : side); ++pl)
      for (int kind = 0; kind < p.kind_count(); ++kind)
        if (kinds >> kind & 1) n += s.var(p.reserve_var[static_cast<size_t>(pl * p.kind_count() + kind)]);
    return n;
  }
};

std::unique_ptr<ValueFunction> check_in_reserve(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.empty() || e.args.size() > 2) {
    ctx.error(e.pos, fmt::format("'in-reserve' takes a player, then optionally piece kinds: in-reserve(mover), but "
                                 "has {} argument{}",
                                 e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  // The reserves' counters are made once every line is read: look for them then.
  ctx.at_end([&ctx, pos = e.pos] {
    if (ctx.program.reserve_var.empty())
      ctx.error(pos,
                "in-reserve(...) counts the pieces of a reserve, but the rules declare none: add `reserve "
                "PLAYER KIND=N`");
  });
  auto f = std::make_unique<InReserve>();
  if (!ctx.player_ref(e.args[0], f->who, true)) return nullptr;
  if (e.args.size() == 2) f->kinds = ctx.kinds_of(e.args[1]);
  return f;
}

}  // namespace

extern constinit const FunctionSpec in_reserve_function{
    "in-reserve",
    false,
    true,
    check_in_reserve,
    "in-reserve(P[, KINDS])",
    "how many pieces P (or all) still has in its reserve, of those kinds"};

}  // namespace tabula
