// Capture sequences: the `hop` movement (one line per way of taking) and the `captures`
// policy statement build one construct, which runs the native capture kernel
// (kernels/capture_search) for every piece of the seat to move.
//   hop dirs=D [distance=1|any] [beyond=1|any] take=remove|top-to-bottom
//   captures compulsory|optional continue=must|may|stop choice=free|maximum|maximum-value
//            rejump=forbid|allow remove=at-once|at-end reverse=allow|forbid
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "check/context.hpp"
#include "constructs/movement/basic_movement.hpp"
#include "engine/move_text.hpp"
#include "kernels/capture_search.hpp"
#include "kernels/shifts.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class Captures final : public CaptureMaker {
 public:
  CaptureRules rules;

  // Per seat, the directions of the short hops with the kinds that hop along each (those
  // of the same kinds next to each other), and the kinds with a long-range hop (filled
  // from `rules` when checked).
  struct HopDirection {
    int dir;
    uint32_t kinds;
    bool every_kind;                        // `kinds` holds every kind: its pieces are all the mover's
    int code;                               // else the seat's piece code of `kinds` when it is one kind, else -1
    std::array<BoardData::Shift, 2> shift;  // `dir`'s shifts, when the board gives them as a pair
    BoardData::Shift landing;               // two cells along `dir`, when the board gives it (hop_shifts)
  };
  std::vector<std::vector<HopDirection>> short_hops;
  std::vector<uint32_t> long_hop_kinds;
  uint32_t fixed_kinds = 0;  // kinds no capture takes
  // How the board gives a direction's cells (BoardData): a pair of shifts per step and one
  // for a hop's landing, a pair per step, or a list (the capture test's shifts).
  enum class Shifts : uint8_t { pairs_and_hops, pairs, list } shifts = Shifts::list;

  void index_hops(const Program& p) {
    const int seats = p.seat_count();
    for (int k = 0; k < p.kind_count(); ++k)
      if (!p.kinds[k].capturable) fixed_kinds |= 1u << k;
    short_hops.assign(seats, {});
    long_hop_kinds.assign(seats, 0);
    for (int seat = 0; seat < seats; ++seat)
      for (const HopRule& hop : rules.hops) {
        if (hop.long_range) {
          long_hop_kinds[seat] |= hop.kinds;
          continue;
        }
        for (int d : hop.dirs[seat]) {
          auto& list = short_hops[seat];
          auto it = std::find_if(list.begin(), list.end(), [&](const HopDirection& h) { return h.dir == d; });
          if (it == list.end())
            list.push_back({d, hop.kinds, false, -1, p.shift_pairs.empty() ? decltype(it->shift){} : p.shift_pairs[d],
                            p.hop_shifts.empty() ? BoardData::Shift{} : p.hop_shifts[d]});
          else it->kinds |= hop.kinds;
        }
      }
    for (int seat = 0; seat < seats; ++seat)
      for (HopDirection& h : short_hops[seat]) {
        const uint32_t hopping = h.kinds & p.all_kinds();
        h.every_kind = hopping == p.all_kinds();
        if (hopping && !(hopping & (hopping - 1))) h.code = p.piece_code(p.seats[seat].side, __builtin_ctz(hopping));
      }
    if (!p.shift_pairs.empty()) shifts = p.hop_shifts.empty() ? Shifts::pairs : Shifts::pairs_and_hops;
    for (auto& list : short_hops)
      std::stable_sort(list.begin(), list.end(),
                       [](const HopDirection& a, const HopDirection& b) { return a.kinds < b.kinds; });
  }

  // The cells whose top the mover may take, on a board of bitboards: an enemy's, of a kind
  // some capture takes.
  uint64_t foes(const State& s, int mover) const {
    const Program& p = s.program();
    uint64_t out = s.occupied_mask() & ~s.pieces_mask(mover);
    if (fixed_kinds)
      for (int side = 0; side < p.player_count(); ++side)
        if (side != mover) out &= ~s.kinds_mask(side, fixed_kinds);
    return out;
  }

  // The mover's pieces that have a first hop, on a board of bitboards: a piece next to a
  // foe along one of its short hops' directions with an empty cell beyond, or any piece of
  // a kind with a long-range hop. More pieces than the search finds captures for (it also
  // asks whether the sequence may go on), never fewer.
  uint64_t first_hops(const State& s, int mover, int seat, uint64_t foes) const {
    const Program& p = s.program();
    const uint64_t empty = ~s.occupied_mask(), mine = s.pieces_mask(mover);
    uint64_t out = long_hop_kinds[seat] ? s.kinds_mask(mover, long_hop_kinds[seat]) : 0;
    const std::vector<HopDirection>& hops = short_hops[seat];
    auto hoppers = [&](const HopDirection& h) {
      return h.every_kind  ? mine
             : h.code >= 0 ? s.code_mask(static_cast<uint8_t>(h.code))
                           : s.kinds_mask(mover, h.kinds);
    };
    // Next to a foe, with the cell beyond it empty: the landing in one shift where the board
    // gives it, else the cells before the empty ones, then before those foes.
    switch (shifts) {
      case Shifts::pairs_and_hops:
        for (const HopDirection& h : hops)
          out |= hoppers(h) & cells_before(h.shift, foes) & cells_before(h.landing, empty);
        break;
      case Shifts::pairs:
        for (const HopDirection& h : hops)
          out |= hoppers(h) & cells_before(h.shift, foes & cells_before(h.shift, empty));
        break;
      case Shifts::list:
        for (const HopDirection& h : hops)
          out |= hoppers(h) & cells_before(p, h.dir, foes & cells_before(p, h.dir, empty));
        break;
    }
    return out;
  }

  void generate(const State& s, int seat, MoveList& out) const override {
    const Program& p = s.program();
    if (!p.bitboards) return search_from(s, seat, ~uint64_t{0}, 0, out);
    // Only pieces with a first hop can start: most positions have none, so the search is
    // often never made. Per hop and direction, the pieces next to a foe with an empty cell
    // beyond (a long-range hop: every piece of its kinds), as whole masks.
    const int mover = p.seats[seat].side;
    const uint64_t foes = this->foes(s, mover);
    if (const uint64_t first = first_hops(s, mover, seat, foes)) search_from(s, seat, first, foes, out);
  }

  // The search from the pieces of `candidates` (on a board of more than 64 cells: every
  // piece of the mover) that the seat may move; out of line, so the test above stays small.
  [[gnu::noinline]] void search_from(const State& s, int seat, uint64_t candidates, uint64_t foes,
                                     MoveList& out) const {
    const Program& p = s.program();
    const SeatDef& sd = p.seats[seat];
    const int mover = sd.side;
    auto may_start = [&](int c) {
      return (sd.kinds & p.code_kind_bit[s.at(c)]) && (sd.region < 0 || p.in_zone(sd.region, mover, c));
    };
    BoardArrays board{s.tops(), s.heights(), s.columns()};
    thread_local std::vector<int> starts;
    starts.clear();
    if (p.bitboards) {
      board.foes = foes;
      board.empty = ~s.occupied_mask();  // cells off the board are never landed on
      for (uint64_t b = candidates; b; b &= b - 1)
        if (may_start(__builtin_ctzll(b))) starts.push_back(__builtin_ctzll(b));
    } else {
      for (int c = 0; c < p.cells; ++c)
        if (s.at(c) && p.code_owner[s.at(c)] == mover && may_start(c)) starts.push_back(c);
    }
    if (starts.empty()) return;
    search_captures(p, rules, board, seat, starts, index, out);
  }

  bool can_take(const State& s, int seat, uint32_t taken_kinds) const override {
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

  Flow apply(State& s, const Move& m) const override {
    apply_piece_move(s, m);
    return Flow::next;
  }
  std::string text(const State& s, const Move& m) const override { return piece_move_text(s, m); }
};

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
    c->index_hops(ctx.program);
    c->set_wise = compile_set_wise(ctx.program, c->rules);
    ctx.program.captures = ctx.program.own(std::move(c));
  });
}

bool range_value(CheckContext& ctx, const Arg* a, bool& any) {
  if (!a) return true;
  const Expr& v = a->value;
  if (v.kind == Expr::Kind::number && v.number == 1) return any = false, true;
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
  if (!check_movement(ctx, s, args, kinds, {.named = {"dirs", "take", "distance", "beyond"}, .condition = false}))
    return;
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
      return ctx.error(t.pos,
                       fmt::format("expected what a hop does to the jumped piece: remove or top-to-bottom, found "
                                   "'{}'",
                                   to_string(t)));
    }
  }
  if (!range_value(ctx, ctx.named(s, "distance"), hop.long_range) ||
      !range_value(ctx, ctx.named(s, "beyond"), hop.land_far))
    return;
  CaptureSetup& setup = ctx.shared<CaptureSetup>("captures");
  if (hop.take_top) setup.top_to_bottom.push_back(ctx.named(s, "take")->value.pos);
  setup.hops.push_back(std::move(hop));
  build_at_end(ctx);
}

void check_captures(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"continue", "choice", "rejump", "remove", "reverse"})) return;
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
    "remove=at-once|at-end reverse=allow|forbid",
    "how hop captures combine into moves: compulsory, continuation, maximum (count or value), removal, no turning "
    "back"};

}  // namespace tabula
