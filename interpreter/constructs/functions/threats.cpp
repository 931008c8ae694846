// can-capture(mover): the seat to move has a capture sequence (the capture construct).
// threatens(P, KINDS): a seat of P, were it to move now, could take a piece of those kinds,
// by a capture sequence or by a piece move landing on it (land=enemy): a king kept out of
// check is `legal if not threatens(opponent, king)`.
#include <fmt/format.h>

#include "check/context.hpp"
#include "constructs/movement/basic_movement.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"

namespace tabula {
namespace {

// Per kind, the movements (maker indices: an accelerator answers for the plain one) that may
// land on an enemy piece; the others cannot threaten one, and are not asked (a castle,
// whose safety asks this function, would ask it again).
using LandingMovements = std::vector<std::vector<int>>;

// Whether `seat`'s side, moving now, has a piece move landing on an enemy piece of `kinds`.
// The seat's movements are asked directly (no legality filter: a pinned piece still gives
// check, as the rules of check have it).
bool lands_on(const State& s, int seat, uint32_t kinds, const LandingMovements& landing) {
  const Program& p = s.program();
  const SeatDef& sd = p.seats[seat];
  const int side = sd.side;
  GenContext g{s, p, side, seat};
  if (p.bitboards) g.mine = s.pieces_mask(side), g.occupied = s.occupied_mask();
  thread_local MoveList out;
  auto takes_from = [&](int c) {
    const uint8_t code = s.at(c);
    if (!code || p.code_owner[code] != side) return false;
    const uint32_t bit = p.code_kind_bit[code];
    if (!(sd.kinds & bit) || (sd.region >= 0 && !p.in_zone(sd.region, side, c))) return false;
    out.clear();
    for (int mv : landing[__builtin_ctz(bit)]) static_cast<const Movement*>(p.makers[mv])->generate(g, c, out);
    for (const Move& m : out)
      if (const uint8_t t = m.to >= 0 ? s.at(m.to) : 0; t && p.code_owner[t] != side && (p.code_kind_bit[t] & kinds))
        return true;
    return false;
  };
  if (p.bitboards) {  // only the side's pieces, and none when no enemy piece of those kinds stands
    uint64_t targets = 0;
    for (int other = 0; other < p.player_count(); ++other)
      if (other != side) targets |= s.kinds_mask(other, kinds);
    if (!targets) return false;
    for (uint64_t pieces = s.pieces_mask(side); pieces; pieces &= pieces - 1)
      if (takes_from(__builtin_ctzll(pieces))) return true;
    return false;
  }
  for (int c = 0; c < p.cells; ++c)
    if (takes_from(c)) return true;
  return false;
}

class Threat final : public ValueFunction {
 public:
  bool any_seat_of = false;  // threatens(P, ...); else can-capture(mover)
  PlayerSpec who;
  uint32_t kinds = 0xFFFFFFFFu;
  bool lands = false;  // some movement takes by landing (land=enemy)
  LandingMovements landing;
  std::string_view name() const override { return any_seat_of ? "threatens" : "can-capture"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    if (!any_seat_of) return p.captures && p.captures->can_take(s, s.current_seat(), 0xFFFFFFFFu);
    const int side = resolve_player(s, who, c.mover);
    for (int st = 0; st < p.seat_count(); ++st)
      if ((side < 0 || p.seats[st].side == side) &&
          ((p.captures && p.captures->can_take(s, st, kinds)) || (lands && lands_on(s, st, kinds, landing))))
        return 1;
    return 0;
  }
};

std::unique_ptr<ValueFunction> check_can_capture(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 1 || e.args[0].kind != Expr::Kind::identifier || e.args[0].text != "mover") {
    ctx.error(e.pos, "can-capture takes one argument: mover (the seat to move)");
    return nullptr;
  }
  return std::make_unique<Threat>();
}

std::unique_ptr<ValueFunction> check_threatens(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'threatens' takes a player and piece kinds, but has {} arguments", e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<Threat>();
  f->any_seat_of = true;
  f->kinds = ctx.kinds_of(e.args[1]);
  if (!ctx.player_ref(e.args[0], f->who, false)) return nullptr;
  // Moves that take by landing are looked for only where some movement lands on enemies.
  ctx.at_end([&ctx, fn = f.get()] {
    for (const auto& of_kind : ctx.program.movements) {
      fn->landing.emplace_back();
      for (const Movement* mv : of_kind)
        if (const auto* b = dynamic_cast<const BasicMovement*>(mv); b && (b->land & land_enemy))
          fn->lands = true, fn->landing.back().push_back(b->index);
    }
  });
  return f;
}

}  // namespace

extern constinit const FunctionSpec can_capture_function{
    "can-capture", false, false, check_can_capture, "can-capture(mover)", "the seat to move has a capture"};
extern constinit const FunctionSpec threatens_function{
    "threatens",
    false,
    false,
    check_threatens,
    "threatens(P, KINDS)",
    "a seat of P, were it to move now, could take a piece of those kinds (a capture sequence or a landing)"};

}  // namespace tabula
