// neighbours(from|to): pieces next to the moving piece's start, or to its landing (not
// counting the start, which it leaves). Movement conditions only.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/state.hpp"

namespace tabula {
namespace {

class Neighbours final : public ValueFunction {
 public:
  bool at_destination = false;
  std::string_view name() const override { return "neighbours"; }
  int64_t value(const EvalContext& c) const override {
    const int cell = at_destination ? c.to : c.from, ignore = at_destination ? c.from : -1;
    if (cell < 0) return 0;
    int n = 0;
    for (int16_t x : c.state.program().adjacent[cell]) n += x != ignore && c.state.at(x) != 0;
    return n;
  }
};

std::unique_ptr<ValueFunction> check_neighbours(CheckContext& ctx, const Expr& e, Scope scope) {
  bool ok = e.args.size() == 1 && e.args[0].kind == Expr::Kind::identifier &&
            (e.args[0].text == "from" || e.args[0].text == "to");
  if (!ok || !scope.movement) {
    ctx.error(e.pos, scope.movement ? "neighbours(...) takes from or to (the moving piece's squares)"
                                    : "neighbours(from|to) can only be used in the `if` of a movement");
    return nullptr;
  }
  auto f = std::make_unique<Neighbours>();
  f->at_destination = e.args[0].text == "to";
  return f;
}

}  // namespace

extern constinit const FunctionSpec neighbours_function{
    "neighbours",
    false,
    true,
    check_neighbours,
    "neighbours(from|to)",
    "pieces next to the moving piece's start or landing (movements)"};

}  // namespace tabula
