// `place KIND [from=PLAYER|supply] [where=CELL-CONDITION] [if C]` (a turn or opening step):
// put a piece on an empty cell where= allows. from=supply (the default) is an unlimited
// supply of the mover's pieces; from=PLAYER takes that player's pieces, from their reserve
// when the rules declare reserves (the step is skipped while it is empty). Written W@e4.
#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/move_text.hpp"

namespace tabula {
namespace {

class Place final : public Phase {
 public:
  std::string_view name() const override { return "place"; }
  int kind = 0;
  bool from_supply = true;
  PlayerSpec owner;  // from=PLAYER
  Formula where;

  uint32_t places() const override { return 1u << kind; }

  int owner_of(const State& s) const {
    return from_supply ? s.current_player() : resolve_player(s, owner, s.current_player());
  }
  bool counts_reserve(const Program& p) const { return !from_supply && !p.reserve_var.empty(); }

  bool applies(const State& s) const override {
    const Program& p = s.program();
    return !counts_reserve(p) || s.var(p.reserve_var[owner_of(s) * p.kind_count() + kind]) > 0;
  }

  void generate(const State& s, MoveList& out) const override {
    const Program& p = s.program();
    const int mover = s.current_player();
    const uint8_t code = p.piece_code(owner_of(s), kind);
    for (int c = 0; c < p.cells; ++c) {
      if (s.at(c) || (!where.empty() && !holds(where, {s, mover, -1, c}))) continue;
      add_move(out, Move::place, index, -1, c, code);
    }
    if (out.empty() && p.end.no_move == NoMovePolicy::pass) add_pass(out, index);
  }

  Flow apply(State& s, const Move& m) const override {
    if (m.kind != Move::place) return Flow::next;
    const Program& p = s.program();
    if (counts_reserve(p)) s.add_var(p.reserve_var[p.owner(m.arg) * p.kind_count() + p.kind(m.arg)], -1);
    s.set_cell(m.to, m.arg);
    return Flow::next;
  }

  std::string text(const State& s, const Move& m) const override {
    return m.kind == Move::place ? placement_text(s, m) : "pass";
  }
};

const Phase* check_place(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra) {
  std::vector<std::string> named = {"from", "where"};
  named.insert(named.end(), extra.begin(), extra.end());
  if (!ctx.shape(line, 1, 1, named, true) || !ctx.identifier(line.args[0].value, "a piece kind")) return nullptr;
  auto place = std::make_unique<Place>();
  place->kind = ctx.find_kind(line.args[0].value.text);
  if (place->kind < 0) return ctx.unknown_name(line.args[0].value, "piece kind", ctx.kind_names()), nullptr;
  if (const Arg* from = ctx.named(line, "from")) {
    if (from->value.kind == Expr::Kind::identifier && from->value.text == "supply") place->from_supply = true;
    else if (ctx.player_ref(from->value, place->owner, false)) place->from_supply = false;
    else return nullptr;
  }
  if (const Arg* where = ctx.named(line, "where"); where && !ctx.formula(where->value, place->where, {.cell = true}))
    return nullptr;
  return ctx.program.own(std::move(place));
}

}  // namespace

extern constinit const ActionSpec place_action{"place", check_place, "place KIND [from=PLAYER|supply] [where=C] [if C]",
                                               "put a piece on an empty cell (from a reserve, or an unlimited supply)"};

}  // namespace tabula
