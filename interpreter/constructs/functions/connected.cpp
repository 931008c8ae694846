// connected(P): all of P's pieces form one group over the board's links (one piece, or
// none, is connected). A native kernel answers it (bitboard flood fill on small boards).
#include "constructs/functions/connected.hpp"

#include <fmt/format.h>
#include <array>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "kernels/connectivity.hpp"

namespace tabula {

bool side_connected(const State& s, int side) {
  const Program& p = s.program();
  if (!p.bitboards) return pieces_connected(p, s.tops(), side, s.piece_count(side));
  // Small boards: a bitboard flood fill, remembered (per thread) for the pieces it was last
  // asked about: the side that did not move usually has the same pieces as at its last test.
  // The answer depends only on the program's board and the pieces, so any state may share it.
  struct Memo {
    uint64_t program = 0, pieces = 0;
    bool valid = false, connected = false;
  };
  thread_local std::array<Memo, 4> memo;
  const uint64_t pieces = s.pieces_mask(side);
  Memo& m = memo[side & 3];
  if (!m.valid || m.program != p.serial || m.pieces != pieces) m = {p.serial, pieces, true, mask_connected(p, pieces)};
  return m.connected;
}

namespace {

class Connected final : public ValueFunction {
 public:
  PlayerSpec who;
  std::string_view name() const override { return "connected"; }
  int64_t value(const EvalContext& c) const override {
    return side_connected(c.state, resolve_player(c.state, who, c.mover));
  }
  // The group: every piece of the side, when they are one.
  bool witness(const EvalContext& c, std::vector<int>& cells) const override {
    const State& s = c.state;
    const int side = resolve_player(s, who, c.mover);
    cells.clear();
    if (!side_connected(s, side)) return false;
    for (int cell = 0; cell < s.program().cells; ++cell)
      if (s.tops()[cell] && s.program().code_owner[s.tops()[cell]] == side) cells.push_back(cell);
    return !cells.empty();
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
