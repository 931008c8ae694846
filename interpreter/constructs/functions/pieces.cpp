// pieces(P[, KINDS]): how many pieces P has on the board (of those kinds); P may be `all`.
// In stacking games a column counts once, for the side of its top counter.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"

namespace tabula {
namespace {

class Pieces final : public ValueFunction {
 public:
  PlayerSpec who;
  uint32_t kinds = 0xFFFFFFFFu;
  std::string_view name() const override { return "pieces"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    if (kinds == 0xFFFFFFFFu && side >= 0) return s.piece_count(side);
    int n = 0;
    for (int cell = 0; cell < p.cells; ++cell) {
      uint8_t code = s.at(cell);
      n += code && (side < 0 || p.code_owner[code] == side) && (kinds & p.code_kind_bit[code]);
    }
    return n;
  }
};

std::unique_ptr<ValueFunction> check_pieces(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 1 && e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'pieces' takes one argument (a player, then optionally piece kinds), but has {}",
                                 e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<Pieces>();
  if (e.args.size() == 2) f->kinds = ctx.kinds_of(e.args[1]);
  if (!ctx.player_ref(e.args[0], f->who, true)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec pieces_function{"pieces",
                                                    false,
                                                    true,
                                                    check_pieces,
                                                    "pieces(P[, KINDS])",
                                                    "how many pieces P (or all) has on the board, of those kinds"};

}  // namespace tabula
