// pieces(P[, KINDS]): how many pieces P has on the board (of those kinds); P may be `all`.
// pieces-in(P, ZONE[, KINDS]): how many of them stand in the zone (P's own cells of a zone
// that differs per side; with `all`, each piece in its owner's). In stacking games a column
// counts once, for the side of its top counter.
#include <fmt/format.h>
#include <algorithm>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "kernels/connectivity.hpp"

namespace tabula {
namespace {

class Pieces final : public ValueFunction {
 public:
  PlayerSpec who;
  uint32_t kinds = 0xFFFFFFFFu;
  std::string_view name() const override { return "pieces"; }
  // The pieces of `side` (any side: -1) of these kinds, counted cell by cell: what the
  // State's running counts hold, in reference mode.
  int64_t on_board(const State& s, int side) const {
    const Program& p = s.program();
    int64_t n = 0;
    for (int c = 0; c < p.cells; ++c) {
      const uint8_t code = s.at(c);
      n += code && (side < 0 || p.code_owner[code] == side) && (kinds & p.code_kind_bit[code]);
    }
    return n;
  }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    if (p.reference) return on_board(s, side);
    if (kinds == 0xFFFFFFFFu && side >= 0) return s.piece_count(side);
    int n = 0;  // the counts the state keeps per piece code
    for (int pl = side < 0 ? 0 : side; pl <= (side < 0 ? p.player_count() - 1 : side); ++pl)
      for (int kind = 0; kind < p.kind_count(); ++kind)
        if (kinds >> kind & 1) n += s.code_count(p.piece_code(pl, kind));
    return n;
  }
  bool counts_pieces(PieceCount& form) const override {
    form = {who, kinds, nullptr};
    return true;
  }
  // At most a piece a cell (a column counts once, for its top's side).
  std::optional<std::pair<int64_t, int64_t>> bounds(const Program& p) const override {
    return std::pair<int64_t, int64_t>{0, p.cells};
  }
};

class PiecesIn final : public ValueFunction {
 public:
  PlayerSpec who;
  std::vector<std::vector<int>> steps;  // per side, per cell: steps to the side's zone (-1: never)
  uint32_t kinds = 0xFFFFFFFFu;
  std::vector<std::vector<int>> cells;  // per side: the zone's cells
  std::vector<uint64_t> masks;          // per side, on boards of at most 64 cells
  std::string_view name() const override { return "pieces-in"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    if (side >= 0 && kinds == 0xFFFFFFFFu && p.bitboards)
      return __builtin_popcountll(s.pieces_mask(side) & masks[side]);
    int n = 0;
    for (int pl = side < 0 ? 0 : side; pl <= (side < 0 ? p.player_count() - 1 : side); ++pl)
      for (int cell : cells[pl]) {
        const uint8_t code = s.at(cell);
        n += code && p.code_owner[code] == pl && (kinds & p.code_kind_bit[code]);
      }
    return n;
  }
  bool counts_pieces(PieceCount& form) const override {
    form = {who, kinds, &masks};
    return true;
  }
  // At most the zone's cells: a side's own cells of it, or all sides' together for `all`.
  std::optional<std::pair<int64_t, int64_t>> bounds(const Program&) const override {
    size_t most = 0, together = 0;
    for (const auto& side : cells) most = std::max(most, side.size()), together += side.size();
    return std::pair<int64_t, int64_t>{0, static_cast<int64_t>(who.who == PlayerRef::all ? together : most)};
  }
  // The steps the nearest piece of those kinds has still to go to the zone (negated).
  bool has_progress() const override { return true; }
  std::optional<double> progress(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    if (side < 0) return std::nullopt;
    int nearest = p.cells;
    for (int cell = 0; cell < p.cells; ++cell) {
      const uint8_t code = s.at(cell);
      if (code && p.code_owner[code] == side && (kinds & p.code_kind_bit[code]) && steps[side][cell] >= 0)
        nearest = std::min(nearest, steps[side][cell]);
    }
    return -static_cast<double>(nearest);
  }
  // For a goal of several pieces in the zone (all ten marbles home): the steps the `goal`
  // nearest pieces of those kinds still have to go, summed (negated); a piece that can never
  // arrive counts the board's size. One piece's goal is progress() above.
  bool has_progress_toward() const override { return true; }
  bool measures_toward(int64_t goal) const override { return goal > 1; }
  std::optional<double> progress_toward(const EvalContext& c, int64_t goal) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    if (side < 0 || goal <= 1 || goal > p.cells) return std::nullopt;
    thread_local std::vector<int> to_go;
    to_go.clear();
    for (int cell = 0; cell < p.cells; ++cell) {
      const uint8_t code = s.at(cell);
      if (code && p.code_owner[code] == side && (kinds & p.code_kind_bit[code]))
        to_go.push_back(steps[side][cell] >= 0 ? steps[side][cell] : p.cells);
    }
    const size_t n = std::min(to_go.size(), static_cast<size_t>(goal));
    std::partial_sort(to_go.begin(), to_go.begin() + static_cast<std::ptrdiff_t>(n), to_go.end());
    double sum = static_cast<double>((static_cast<size_t>(goal) - n) * static_cast<size_t>(p.cells));  // pieces lacking
    for (size_t i = 0; i < n; ++i) sum += to_go[i];
    return -sum;
  }
};

std::unique_ptr<ValueFunction> check_pieces_in(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 2 && e.args.size() != 3) {
    ctx.error(e.pos, fmt::format("'pieces-in' takes a player and a zone, then optionally piece kinds: "
                                 "pieces-in(mover, far-rank), but has {} argument{}",
                                 e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  auto f = std::make_unique<PiecesIn>();
  if (!ctx.player_ref(e.args[0], f->who, true)) return nullptr;
  const int zone = ctx.find_zone(e.args[1]);
  if (zone < 0) return nullptr;
  if (e.args.size() == 3 && !(f->kinds = ctx.kinds_of(e.args[2]))) return nullptr;
  const Program& p = ctx.program;
  for (int pl = 0; pl < p.player_count(); ++pl) {
    f->cells.emplace_back();
    uint64_t mask = 0;
    for (int c = 0; c < p.cells; ++c)
      if (p.in_zone(zone, pl, c)) {
        f->cells.back().push_back(c);
        if (c < 64) mask |= uint64_t{1} << c;
      }
    f->masks.push_back(mask);
    f->steps.push_back(steps_to(p, p.zones[zone].cells[pl]));
  }
  return f;
}

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

extern constinit const FunctionSpec pieces_in_function{
    "pieces-in",
    false,
    true,
    check_pieces_in,
    "pieces-in(P, ZONE[, KINDS])",
    "how many pieces P (or all) has in the zone (P's own, for a zone per side), of those kinds"};

}  // namespace tabula
