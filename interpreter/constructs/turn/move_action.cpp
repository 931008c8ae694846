// `move [if C]` (a turn step): capture sequences first (only those, when captures are
// compulsory and one exists), then every movement of every piece the seat may move, in cell
// order and rule order (the order of the list is part of the contract: seeded games depend
// on it); a pass when there is none and the rules say so; then the `offer stop` decision.
#include "constructs/turn/move_action.hpp"

#include "constructs/movement/basic_movement.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "program/move_tally.hpp"

namespace tabula {
namespace {

class MovePhase final : public Phase {
 public:
  std::string_view name() const override { return "move"; }
  void generate(const State& s, MoveList& out) const override {
    const Program& p = s.program();
    const int seat = s.current_seat(), mover = s.current_player();
    if (captures_only(s, seat, out)) return;
    GenContext g{s, p, mover, seat};
    const SeatDef& sd = p.seats[seat];
    auto piece_moves = [&](int c) {
      const uint32_t kind_bit = p.code_kind_bit[s.at(c)];
      if (!(sd.kinds & kind_bit) || (sd.region >= 0 && !p.in_zone(sd.region, mover, c))) return;
      for (const Movement* mv : p.movements[__builtin_ctz(kind_bit)]) mv->generate(g, c, out);
    };
    if (p.bitboards) {
      g.mine = s.pieces_mask(mover);
      g.occupied = s.occupied_mask();
      if (p.whole_side && moves_whole_side(sd)) {
        p.whole_side->generate_pieces(g, g.mine, out);
      } else {
        for (uint64_t b = g.mine; b; b &= b - 1) piece_moves(__builtin_ctzll(b));
      }
    } else {
      for (int c = 0; c < p.cells; ++c)
        if (s.at(c) && p.code_owner[s.at(c)] == mover) piece_moves(c);
    }
    pass_if_none(p, out);
    for (const Offer* o : p.offers)
      if (o->ends == Offer::Ends::game) o->offer(s, out);
  }
  // As generate, but the moves of the movement that moves every piece are counted, not
  // listed, when it counts set-wise: they come after the captures (which are listed) and
  // before the pass and offers, which only a side without such moves or offers add.
  uint32_t count(const State& s, MoveList& out, MoveTally& tally) const override {
    const Program& p = s.program();
    const int seat = s.current_seat(), mover = s.current_player();
    const SeatDef& sd = p.seats[seat];
    tally.counted = nullptr;
    const MoveCounter* counted = p.whole_side_counter;
    if (!counted || !moves_whole_side(sd) || !p.offers.empty()) return Phase::count(s, out, tally);
    if (captures_only(s, seat, out)) return static_cast<uint32_t>(out.size());
    GenContext g{s, p, mover, seat, s.pieces_mask(mover), s.occupied_mask()};
    tally.state = &s;
    tally.seat = seat;
    tally.occupied = g.occupied;
    const uint32_t n = counted->count_pieces(g, g.mine, tally);
    if (n == 0) {
      pass_if_none(p, out);
      return static_cast<uint32_t>(out.size());
    }
    tally.counted = counted;
    tally.listed = static_cast<uint32_t>(out.size());
    return tally.listed + n;
  }
  Flow apply(StateEditor&, const Move&) const override { return Flow::next; }  // a pass

 private:
  // Whether the seat moves every piece it has (no kind or region left out), so one call of
  // Program::whole_side (or whole_side_counter) makes its moves.
  static bool moves_whole_side(const SeatDef& sd) { return sd.kinds == 0xFFFFFFFFu && sd.region < 0; }
  // Lists the seat's capture sequences; true when they are the only moves (compulsory).
  bool captures_only(const State& s, int seat, MoveList& out) const {
    const Program& p = s.program();
    if (!p.captures) return false;
    p.captures->generate(s, seat, out);
    return p.captures->compulsory && !out.empty();
  }
  // A pass when the seat has no move and the rules say so.
  void pass_if_none(const Program& p, MoveList& out) const {
    if (out.empty() && p.end.no_move == NoMovePolicy::pass) add_pass(out, index);
  }
  std::string text(const State&, const Move&) const override { return "pass"; }
};

const Phase* check_move(CheckContext& ctx, const Statement& s, const std::vector<std::string>& extra) {
  if (!ctx.shape(s, 0, 0, extra, true)) return nullptr;
  return move_phase(ctx);
}

}  // namespace

const Phase* move_phase(CheckContext& ctx) {
  auto& phase = ctx.shared<const Phase*>("move phase");
  if (phase) return phase;
  phase = ctx.program.own(std::make_unique<MovePhase>());
  return phase;
}

extern constinit const ActionSpec move_action{"move", check_move, "move [if C]",
                                              "the seat moves one of its pieces (captures first when compulsory)"};

}  // namespace tabula
