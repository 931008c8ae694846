// row-through(last[, DIRS]): the most pieces in a row, along one axis of the directions
// (default every axis of the board), through the cell where the last piece landed, counting
// the pieces of that piece's side: "the move just made a row of three" is
// `row-through(last) >= 3`, where a row made earlier elsewhere does not count. 0 when no
// piece has landed this turn.
#include <fmt/format.h>

#include "check/context.hpp"
#include "constructs/functions/last_landing.hpp"
#include "engine/state.hpp"
#include "kernels/rows.hpp"

namespace tabula {
namespace {

class RowThrough final : public ValueFunction {
 public:
  int var = -1;
  std::vector<RowAxes> axes;  // per seat
  std::string_view name() const override { return "row-through"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const int at = s.var(var);
    return at < 0 ? 0 : row_through(s.program(), axes[s.current_seat()], s.tops(), at);
  }
};

std::unique_ptr<ValueFunction> check_row_through(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.empty() || e.args.size() > 2 || e.args[0].kind != Expr::Kind::identifier || e.args[0].text != "last") {
    ctx.error(e.pos,
              "row-through takes last (the cell where the last piece landed), then optionally directions: "
              "row-through(last) or row-through(last, orthogonal)");
    return nullptr;
  }
  if (!ctx.board) return nullptr;
  std::vector<std::vector<int>> dirs;
  if (!ctx.directions_or_all(e.args.size() == 2 ? &e.args[1] : nullptr, dirs)) return nullptr;
  auto f = std::make_unique<RowThrough>();
  for (const auto& seat : dirs) f->axes.push_back(row_axes(ctx.program, seat));
  f->var = last_landing_var(ctx);
  return f;
}

}  // namespace

extern constinit const FunctionSpec row_through_function{
    "row-through",
    false,
    true,
    check_row_through,
    "row-through(last[, DIRS])",
    "the most pieces of its side in a row through the last piece's landing, along one axis"};

}  // namespace tabula
