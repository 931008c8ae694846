// Capture sequences: the `hop` movement (one line per way of taking) and the `captures`
// policy statement build one construct, which runs the native capture kernel
// (kernels/capture_search) for every piece of the seat to move.
//   hop dirs=D [distance=1|any] [beyond=1|any] take=remove|top-to-bottom
//   captures compulsory|optional continue=must|may|stop choice=free|maximum|maximum-value
//            rejump=forbid|allow remove=at-once|at-end reverse=allow|forbid distinct=paths|takes
#include "constructs/capture/captures.hpp"

#include <fmt/format.h>

#include <optional>

#include "check/context.hpp"
#include "constructs/movement/basic_movement.hpp"
#include "engine/piece_move.hpp"
#include "engine/state_editor.hpp"
#include "engine/text/move_text.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {

bool Captures::may_start(const State& s, int seat, int cell) {
  const Program& p = s.program();
  const SeatDef& sd = p.seats[seat];
  return (sd.kinds & p.code_kind_bit[s.at(cell)]) && (sd.region < 0 || p.in_zone(sd.region, sd.side, cell));
}

void Captures::generate(const State& s, int seat, MoveList& out) const {
  const Program& p = s.program();
  const int mover = p.seats[seat].side;
  thread_local std::vector<int> starts;
  starts.clear();
  for (int c = 0; c < p.cells; ++c)
    if (s.at(c) && p.code_owner[s.at(c)] == mover && may_start(s, seat, c)) starts.push_back(c);
  if (starts.empty()) return;
  search_captures(p, rules, BoardArrays{s.tops(), s.heights(), s.columns()}, seat, starts, index, out);
}

bool Captures::can_take(const State& s, int seat, uint32_t taken_kinds) const {
  const Program& p = s.program();
  MoveList captures;
  generate(s, seat, captures);
  for (const Move& m : captures) {
    if (taken_kinds == 0xFFFFFFFFu) return true;
    for (int i = 0; i < m.steps; ++i)
      if (s.at(m.path[i].taken) && (taken_kinds & p.code_kind_bit[s.at(m.path[i].taken)])) return true;
  }
  return false;
}

Flow Captures::apply(StateEditor& edit, const Move& m) const {
  apply_piece_move(edit, m);
  return Flow::next;
}

std::string Captures::text(const State& s, const Move& m) const { return piece_move_text(s, m); }

namespace {

// What the hop lines and the captures statement gather while the file is checked.
struct CaptureSetup {
  std::vector<HopRule> hops;
  std::vector<SourcePos> top_to_bottom;  // where hops take a column's top counter
  CaptureRules policy;
  std::optional<SourcePos> policy_pos;  // the `captures` line, when there is one
  bool scheduled = false;
};

void build_at_end(CheckContext& ctx) {
  CaptureSetup& pending = ctx.shared<CaptureSetup>("captures");
  if (pending.scheduled) return;
  pending.scheduled = true;
  ctx.at_end([&ctx] {
    CaptureSetup& setup = ctx.shared<CaptureSetup>("captures");
    if (setup.hops.empty()) {
      if (setup.policy_pos)
        ctx.error(*setup.policy_pos,
                  "'captures' says how hop captures combine, but no piece has a hop: add `hop dirs=D take=remove` "
                  "to a move block, or remove this line");
      return;
    }
    if (setup.policy.same_takes_one_move)
      for (const SourcePos& pos : setup.top_to_bottom)
        ctx.error(pos,
                  "take=top-to-bottom cannot go with `captures ... distinct=takes`: the order of the takes decides "
                  "the taking column, so two paths over the same pieces are two moves; write distinct=paths");
    if (setup.policy.remove_later)
      for (const SourcePos& pos : setup.top_to_bottom)
        ctx.error(pos,
                  "take=top-to-bottom cannot go with `captures ... remove=at-end`: a taken counter joins the taking "
                  "column at once; write remove=at-once (the default) or take=remove");
    auto c = std::make_unique<Captures>();
    c->rules = setup.policy;
    c->rules.hops = setup.hops;
    c->compulsory = setup.policy.compulsory;
    for (const HopRule& h : setup.hops) c->kinds |= h.kinds;
    ctx.program.captures = ctx.program.own(std::move(c));
  });
}

bool range_value(CheckContext& ctx, const Arg* a, bool& any) {
  if (!a) return true;
  const Expr& v = a->value;
  if (v.kind == Expr::Kind::number && v.number == 1 && v.fraction.empty()) return any = false, true;
  if (v.kind == Expr::Kind::identifier && v.text == "any") return any = true, true;
  ctx.error(v.pos, fmt::format("expected 1 or any for {}=, found '{}'", a->name, to_string(v)));
  return false;
}

// The arguments a hop shares with other movements (its moves are made by Captures).
struct HopArgs final : BasicMovement {
  void generate(const GenContext&, int, MoveList&) const override {}
};

void check_hop(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  HopArgs args;
  // Every argument is checked, so that each mistake of the line is reported at once.
  bool ok = check_movement(ctx, s, args, kinds, {.named = {"dirs", "take", "distance", "beyond"}, .condition = false});
  HopRule hop;
  hop.kinds = kinds;
  hop.dirs = args.dirs;
  if (const Arg* take = ctx.named(s, "take")) {
    const Expr& t = take->value;
    if (t.kind == Expr::Kind::identifier && t.text == "remove") hop.take_top = false;
    else if (t.kind == Expr::Kind::identifier && t.text == "top-to-bottom") {
      hop.take_top = true;
      if (!ctx.program.stacking)
        ctx.error(t.pos, "take=top-to-bottom needs columns: add `stacking columns` to the rules");
    } else {
      ctx.error(t.pos, fmt::format("expected what a hop does to the jumped piece: remove or top-to-bottom, found "
                                   "'{}'",
                                   to_string(t)));
      ok = false;
    }
  }
  const bool distance_ok = range_value(ctx, ctx.named(s, "distance"), hop.long_range);
  const bool beyond_ok = range_value(ctx, ctx.named(s, "beyond"), hop.land_far);
  if (!ok || !distance_ok || !beyond_ok) return;
  CaptureSetup& setup = ctx.shared<CaptureSetup>("captures");
  if (hop.take_top) setup.top_to_bottom.push_back(ctx.named(s, "take")->value.pos);
  setup.hops.push_back(std::move(hop));
  build_at_end(ctx);
}

void check_captures(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"continue", "choice", "rejump", "remove", "reverse", "distinct"})) return;
  ctx.shared<CaptureSetup>("captures").policy_pos = s.pos;
  CaptureRules& c = ctx.shared<CaptureSetup>("captures").policy;
  c.compulsory = ctx.word(&s.args[0], "captures", {"compulsory", "optional"}) == "compulsory";
  std::string cont = ctx.word(ctx.named(s, "continue"), "continue", {"must", "may", "stop"});
  if (cont == "may") c.continuation = CaptureRules::Continue::may;
  if (cont == "stop") c.continuation = CaptureRules::Continue::stop;
  std::string choice = ctx.word(ctx.named(s, "choice"), "choice", {"free", "maximum", "maximum-value"});
  if (choice == "maximum") c.maximum = CaptureRules::Maximum::count;
  if (choice == "maximum-value") c.maximum = CaptureRules::Maximum::value;
  c.rejump = ctx.word(ctx.named(s, "rejump"), "rejump", {"forbid", "allow"}) == "allow";
  c.remove_later = ctx.word(ctx.named(s, "remove"), "remove", {"at-once", "at-end"}) == "at-end";
  c.no_reverse = ctx.word(ctx.named(s, "reverse"), "reverse", {"allow", "forbid"}) == "forbid";
  // What tells two capture moves apart: their paths (each way round a ring of pieces is a
  // move), or their origin, landing and the pieces they take (the ways round are one move).
  c.same_takes_one_move = ctx.word(ctx.named(s, "distinct"), "distinct", {"paths", "takes"}) == "takes";
  if (c.rejump && c.remove_later)
    ctx.error(ctx.named(s, "rejump")->value.pos,
              "rejump=allow cannot go with remove=at-end: a piece that stays until the move ends is never "
              "jumped twice");
  build_at_end(ctx);
}

}  // namespace

extern constinit const MovementSpec hop_movement{
    "hop", check_hop, "hop dirs=D [distance=1|any] [beyond=1|any] take=remove|top-to-bottom",
    "capture by jumping an enemy piece (adjacent, or any distance along empty cells) to an empty cell beyond"};
extern constinit const StatementSpec captures_statement{
    "captures",
    Pass::define,
    Key::keyword,
    check_captures,
    "captures compulsory|optional continue=must|may|stop choice=free|maximum|maximum-value rejump=forbid|allow "
    "remove=at-once|at-end reverse=allow|forbid distinct=paths|takes",
    "how hop captures combine into moves: compulsory, continuation, maximum (count or value), removal, no turning "
    "back, and whether two paths over the same pieces to the same landing are two moves"};

}  // namespace tabula
