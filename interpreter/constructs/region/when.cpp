// `when CONDITION { convert P [where=C] [if C]; remove P|all [where=C] [if C]; mark R [if C] }`:
// checked after every move of a piece and at the start of every turn. When the condition
// holds, the effects are tried in order: `convert` lets the mover choose one of P's pieces
// on such a cell to become his (convert:h5; then the turn ends), `remove` takes every such
// piece off at once (then the end rules are checked), `mark` lets the side chosen by the
// region's next= mark it anew. Several `when` blocks are tried in order.
#include <fmt/format.h>

#include "constructs/region/region.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {
namespace {

struct Effect {
  enum class Kind : uint8_t { convert, remove, mark };
  Kind kind = Kind::convert;
  Formula condition;               // empty: always
  Formula where;                   // the cells concerned (a cell condition over `to`)
  PlayerSpec whose;                // convert, remove: whose pieces (`all` for remove)
  const Region* region = nullptr;  // mark
  const Phase* convert_phase = nullptr;
};

// The mover chooses one of P's pieces to become his.
class ConvertPhase final : public Phase {
 public:
  std::string_view name() const override { return "convert"; }
  explicit ConvertPhase(const Effect& e) : effect(e) {}
  const Effect& effect;

  void generate(const State& s, MoveList& out) const override {
    const Program& p = s.program();
    const int mover = s.current_player();
    const int victim = resolve_player(s, effect.whose, mover);
    for (int c = 0; c < p.cells; ++c)
      if (s.at(c) && p.owner(s.at(c)) == victim && (effect.where.empty() || holds(effect.where, {s, mover, -1, c})))
        add_move(out, Move::decision, index, -1, c);
    if (out.empty()) add_pass(out, index);
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    if (m.kind == Move::decision)
      edit.set_cell(m.to, s.program().piece_code(s.current_player(), s.program().kind(s.at(m.to))));
    return Flow::end_turn;
  }

  std::string text(const State& s, const Move& m) const override {
    return "convert:" + s.program().board->cell(m.to).name;
  }
};

class When final : public Trigger {
 public:
  Formula condition;
  std::vector<Effect> effects;

  bool fire(StateEditor& edit, int mover) const override {
    const State& s = edit.state();
    if (!holds(condition, {s, mover})) return false;
    const Program& p = s.program();
    int loser = -1;
    for (const Effect& e : effects) {
      if (!e.condition.empty() && !holds(e.condition, {s, mover})) continue;
      switch (e.kind) {
        case Effect::Kind::convert: enter_interlude(edit, *e.convert_phase, s.current_seat()); return true;
        case Effect::Kind::remove: {
          int whose = e.whose.who == PlayerRef::all ? -1 : resolve_player(s, e.whose, mover);
          for (int c = 0; c < p.cells; ++c) {
            if (!s.at(c) || (whose >= 0 && p.owner(s.at(c)) != whose)) continue;
            if (!e.where.empty() && !holds(e.where, {s, mover, -1, c})) continue;
            loser = p.owner(s.at(c));
            edit.set_cell(c, 0);
          }
          check_end_rules(edit, mover);
          if (s.stored_result().over) return true;
          break;
        }
        case Effect::Kind::mark: {
          const Region& r = *e.region;
          int setter = next_setter(s, r, mover, loser);
          for (int v : {r.mark_var, r.shape_var, r.choice_var}) edit.set_var(v, -1);
          enter_interlude(edit, *r.mark_phase, p.first_seat_of(setter));
          return true;
        }
      }
    }
    return false;
  }

  // The side that marks next, by the region's next= rule (on equality, the side that just
  // lost a piece, or else the mover's opponent).
  static int next_setter(const State& s, const Region& r, int mover, int loser) {
    const int n = s.program().player_count();
    const int fallback = loser >= 0 ? loser : (mover + 1) % n;
    using N = Region::NextSetter;
    switch (r.next) {
      case N::mover: return mover;
      case N::opponent: return (mover + 1) % n;
      case N::loser: return fallback;
      case N::fewest_pieces:
      case N::most_pieces: {
        int setter = fallback;
        for (int side = 0; side < n; ++side)
          if (r.next == N::fewest_pieces ? s.piece_count(side) < s.piece_count(setter)
                                         : s.piece_count(side) > s.piece_count(setter))
            setter = side;
        return setter;
      }
    }
    return fallback;
  }
};

bool check_effect(CheckContext& ctx, const Statement& line, Effect& e) {
  if (line.keyword == "convert" || line.keyword == "remove") {
    e.kind = line.keyword == "convert" ? Effect::Kind::convert : Effect::Kind::remove;
    if (!ctx.shape(line, 1, 1, {"where"}, true)) return false;
    if (!ctx.player_ref(line.args[0].value, e.whose, e.kind == Effect::Kind::remove)) return false;
    if (const Arg* where = ctx.named(line, "where"); where && !ctx.condition(where->value, e.where, {.cell = true}))
      return false;
  } else if (line.keyword == "mark") {
    e.kind = Effect::Kind::mark;
    if (!ctx.shape(line, 1, 1, {}, true)) return false;
    e.region = find_region(ctx, line.args[0].value);
    if (!e.region) return false;
    if (!e.region->mark_phase) {
      ctx.error(line.pos, fmt::format("region '{}' has no `mark` statement to say who marks it", e.region->name));
      return false;
    }
  } else {
    ctx.error(line.pos, fmt::format("unknown effect '{}'; expected convert, remove or mark", line.keyword));
    return false;
  }
  return !line.has_condition || ctx.condition(line.condition, e.condition, {});
}

void check_when(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}, false, false, true)) return;
  if (ctx.shared<std::vector<Region*>>("regions").empty())
    return ctx.error(s.pos, "'when' needs a `region` (its effects are checked during region play)");
  auto w = std::make_unique<When>();
  bool ok = ctx.condition(s.args[0].value, w->condition, {});
  for (const auto& line : s.block) {  // checked even after a bad condition: every error in one run
    Effect e;
    if (check_effect(ctx, line, e)) w->effects.push_back(std::move(e));
  }
  if (!ok) return;
  When* when = ctx.program.own(std::move(w));
  // The convert choices refer to their effect, now at its final address.
  for (Effect& e : when->effects)
    if (e.kind == Effect::Kind::convert) e.convert_phase = ctx.program.own(std::make_unique<ConvertPhase>(e));
  ctx.program.turn.triggers.push_back(when);
}

}  // namespace

extern constinit const StatementSpec when_statement{
    "when",
    Pass::define,
    Key::none,
    check_when,
    "when CONDITION { convert P [where=C] [if C]; remove P|all [where=C] [if C]; mark R [if C] }",
    "effects checked after every piece move and at every turn start (convert a piece, remove pieces, mark anew)"};

}  // namespace tabula
