// `castle dirs=D with=KINDS to=ZONE partner-to=ZONE [safe=yes] [if C]`: the piece moves
// together with a partner of its side. Along a direction the first piece met (past empty
// cells) must be the mover's and of the `with` kinds; the piece goes to the cell of `to` on
// that line and the partner to the cell of `partner-to`; the cells the two cross and land on
// must be empty but for the two of them. safe=yes: the piece may not start on, cross or land
// on a cell where the `legal if` rules would fail were it standing there (castling out of,
// through or into check). Each of the two gets the promotion of where it arrives (a kind
// that has not moved becomes one that has). The move is written with the partner's move:
// e1-g1/h1-f1.
#include <fmt/format.h>

#include <optional>

#include "constructs/movement/basic_movement.hpp"
#include "engine/evaluate.hpp"
#include "engine/state_editor.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

// Whether `b` lies along direction `d` from `a`.
bool on_ray(const Program& p, int a, int d, int b) {
  const int16_t* ray = p.ray(a, d);
  for (int k = 0; k < p.ray_len(a, d); ++k)
    if (ray[k] == b) return true;
  return false;
}

// Calls f on each cell from `a` (excluded) to `b` (included) along the line of direction d,
// either way; false when `b` is not on that line.
template <class F>
bool walk(const Program& p, int a, int b, int d, F&& f) {
  if (a == b) return true;
  if (on_ray(p, a, d, b)) {
    for (const int16_t* ray = p.ray(a, d);; ++ray) {
      f(*ray);
      if (*ray == b) return true;
    }
  }
  if (!on_ray(p, b, d, a)) return false;
  // From b back to a: the same cells, listed from b's side; a excluded, b included.
  const int16_t* ray = p.ray(b, d);
  f(b);
  for (; *ray != a; ++ray) f(*ray);
  return true;
}

struct Castle {
  int partner = -1, to = -1, partner_to = -1;
};

class CastleMovement final : public BasicMovement {
 public:
  uint32_t with = 0;
  int to_zone = -1, partner_zone = -1;
  bool safe = false;

  // The cell of `zone` (the mover's) on the line through `from` along d, or -1.
  int target(const Program& p, int zone, int mover, int from, int d) const {
    for (int c = 0; c < p.cells; ++c)
      if (p.in_zone(zone, mover, c) && (c == from || on_ray(p, from, d, c) || on_ray(p, c, d, from))) return c;
    return -1;
  }

  // The castle of the piece on `from` along d, when its partner and targets are there.
  std::optional<Castle> find(const State& s, int mover, int from, int d) const {
    const Program& p = s.program();
    Castle c;
    const int16_t* ray = p.ray(from, d);
    for (int k = 0; k < p.ray_len(from, d) && c.partner < 0; ++k)
      if (s.at(ray[k])) c.partner = ray[k];
    if (c.partner < 0) return std::nullopt;
    const uint8_t code = s.at(c.partner);
    if (p.code_owner[code] != mover || !(p.code_kind_bit[code] & with)) return std::nullopt;
    c.to = target(p, to_zone, mover, from, d);
    c.partner_to = target(p, partner_zone, mover, from, d);
    if (c.to < 0 || c.partner_to < 0 || c.to == c.partner_to) return std::nullopt;
    bool clear = true;
    auto empty = [&](int cell) { clear = clear && (cell == from || cell == c.partner || !s.at(cell)); };
    if (!walk(p, from, c.to, d, empty) || !walk(p, c.partner, c.partner_to, d, empty) || !clear) return std::nullopt;
    return c;
  }

  // Whether the `legal if` rules hold with the piece standing on each cell from its start
  // to its landing (the partner where it is).
  bool path_is_safe(const State& s, int mover, int from, int to, int d) const {
    const Program& p = s.program();
    thread_local std::optional<State> trial;
    if (trial) *trial = s;
    else trial.emplace(s);
    trial->mark_trial();
    const uint8_t piece = s.at(from);
    bool ok = true;
    auto stand = [&](int cell) {
      if (!ok) return;
      const uint8_t there = trial->at(cell);
      trial->edit([&](StateEditor& e) {
        e.set_cell(from, 0);
        e.set_cell(cell, piece);
      });
      for (const Formula& f : p.legal_if) ok = ok && holds(f, {*trial, mover, from, cell});
      trial->edit([&](StateEditor& e) {
        e.set_cell(cell, there);
        e.set_cell(from, piece);
      });
    };
    stand(from);
    walk(p, from, to, d, stand);
    return ok;
  }

  void generate(const GenContext& g, int from, MoveList& out) const override {
    for (int d : dirs[g.seat]) {
      const auto c = find(g.s, g.mover, from, d);
      if (!c || !allows(g, from, c->to) || (safe && !path_is_safe(g.s, g.mover, from, c->to, d))) continue;
      add_move(out, Move::piece, index, from, c->to, d);  // arg: the direction
    }
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    const auto c = find(s, s.current_player(), m.from, m.arg);
    const uint8_t piece = s.at(m.from), partner = s.at(c->partner);
    auto arrived = [&](uint8_t code, int cell) {
      const uint8_t pr = p.promotion_at(code, cell);
      return pr && p.promotions[pr - 1].to_kind >= 0 ? p.piece_code(p.owner(code), p.promotions[pr - 1].to_kind) : code;
    };
    edit.set_cell(m.from, 0);
    edit.set_cell(c->partner, 0);
    edit.set_cell(c->partner_to, arrived(partner, c->partner_to));
    edit.set_cell(m.to, arrived(piece, m.to));
    return Flow::next;
  }

  std::string text(const State& s, const Move& m) const override {
    const Program& p = s.program();
    const BoardGraph& b = *p.board;
    const auto c = find(s, s.current_player(), m.from, m.arg);
    const std::string& sep = p.notation.step_separator;
    return b.cell(m.from).name + sep + b.cell(m.to).name + "/" + b.cell(c->partner).name + sep +
           b.cell(c->partner_to).name;
  }
};

// Two cells of `zone` that one side's castle along one of its directions could both reach:
// on one line of that direction. The castle lands on the one cell of the zone on its line,
// so such a zone would leave the landing to the order of the cells. "" when there are none.
std::string ambiguous_zone_cells(const Program& p, int zone, const std::vector<std::vector<int>>& dirs) {
  const BoardGraph& board = *p.board;
  for (int seat = 0; seat < p.seat_count(); ++seat) {
    const int side = p.seats[static_cast<size_t>(seat)].side;
    for (int d : dirs[static_cast<size_t>(seat)])
      for (int a = 0; a < p.cells; ++a) {
        if (!p.in_zone(zone, side, a)) continue;
        int c = board.neighbour(a, d);
        for (int steps = 0; c != kNoCell && c != a && steps < p.cells; ++steps, c = board.neighbour(c, d))
          if (p.in_zone(zone, side, c))
            return fmt::format("{} and {} (for {})", board.cell(a).name, board.cell(c).name,
                               p.players[static_cast<size_t>(side)].name);
      }
  }
  return "";
}

void check_castle(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<CastleMovement>();
  bool ok = check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "with", "to", "partner-to", "safe"}});
  const Arg* with = ctx.named(s, "with");
  const Arg* to = ctx.named(s, "to");
  const Arg* partner_to = ctx.named(s, "partner-to");
  if (!with || !to || !partner_to) {
    ctx.needs(s, "'castle' needs with=KINDS (the partner), to=ZONE and partner-to=ZONE (where each lands)");
    return;
  }
  mv->with = ctx.kinds_of(with->value);
  mv->to_zone = ctx.find_zone(to->value);
  mv->partner_zone = ctx.find_zone(partner_to->value);
  if (const Arg* a = ctx.named(s, "safe")) {
    if (a->value.kind == Expr::Kind::identifier && (a->value.text == "yes" || a->value.text == "no"))
      mv->safe = a->value.text == "yes";
    else
      ctx.error(a->value.pos, fmt::format("expected safe=yes or safe=no, found '{}'", to_string(a->value))), ok = false;
  }
  if (!ok || !mv->with || mv->to_zone < 0 || mv->partner_zone < 0) return;
  ctx.at_end([&ctx, at = s.pos, safe = mv->safe, castle = mv.get(), to = to->value.pos,
              partner = partner_to->value.pos] {
    if (ctx.program.stacking) ctx.error(at, "'castle' moves single pieces: it is not for games that stack");
    for (const auto& [zone, where] : {std::pair{castle->to_zone, to}, std::pair{castle->partner_zone, partner}})
      if (std::string both = ambiguous_zone_cells(ctx.program, zone, castle->dirs); !both.empty())
        ctx.error(where, fmt::format("zone '{}' has two cells on one line of the castle's directions, {}: a castle "
                                     "lands on the one cell of the zone on its line; give each direction a zone of "
                                     "its own",
                                     ctx.program.zones[static_cast<size_t>(zone)].name, both));
    if (safe && ctx.program.legal_if.empty())
      ctx.error(at, "safe=yes asks the `legal if` rules about each cell the piece crosses, but the rules have none");
  });
  add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec castle_movement{
    "castle", check_castle, "castle dirs=D with=KINDS to=ZONE partner-to=ZONE [safe=yes] [if C]",
    "the piece and the first piece along a direction, of its side and the with= kinds, move to their zones' cells "
    "on that line, every cell between empty; safe=yes: each cell the piece starts on, crosses or lands on passes "
    "`legal if`"};

}  // namespace tabula
