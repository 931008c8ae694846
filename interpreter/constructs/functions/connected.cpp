// connected(P): all of P's pieces form one group over the board's links (one piece, or
// none, is connected). A native kernel answers it (bitboard flood fill on small boards).
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"

namespace tabula {
namespace {

class Connected final : public ValueFunction {
 public:
  PlayerSpec who;
  std::string_view name() const override { return "connected"; }
  int64_t value(const EvalContext& c) const override {
    return c.state.connected(resolve_player(c.state, who, c.mover));
  }
};

std::unique_ptr<ValueFunction> check_connected(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 1) {
    ctx.error(e.pos, fmt::format("'connected' takes one argument (a player), but has {}", e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<Connected>();
  if (!ctx.player_ref(e.args[0], f->who, false)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec connected_function{
    "connected",     false,          false,
    check_connected, "connected(P)", "all of P's pieces form one group over the board's links"};

}  // namespace tabula
