// longest-row(P[, DIRS]): the most pieces of P standing in a row, one after another along a
// straight line of the board (along the directions' axes; default every direction), and
// rows(P, N[, DIRS]): how many of P's rows hold exactly N pieces. N in a row, at least:
// `longest-row(mover) >= 5`; exactly (an overline does not count): `rows(mover, 5) > 0`.
// Over the whole board, so rows made by captures or conversions count too (kernels/rows).
#include "constructs/functions/rows.hpp"

#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"

namespace tabula {

int64_t Rows::value(const EvalContext& c) const {
  const State& s = c.state;
  const int side = resolve_player(s, who, c.mover);
  return length ? rows_of_length(s.program(), axes, s.tops(), side, length)
                : longest_row(s.program(), axes, s.tops(), side);
}

std::optional<double> Rows::progress_toward(const EvalContext& c, int64_t goal) const {
  const State& s = c.state;
  const int64_t n = length ? length : goal;
  if (n < 2 || n > s.program().cells) return std::nullopt;
  return row_chances(s.program(), axes, s.tops(), resolve_player(s, who, c.mover), static_cast<int>(n));
}

// The rows counted: those of exactly N, or the longest.
bool Rows::witness(const EvalContext& c, std::vector<int>& cells) const {
  const State& s = c.state;
  cells = row_cells(s.program(), axes, s.tops(), resolve_player(s, who, c.mover), length);
  return !cells.empty();
}

namespace {

std::unique_ptr<ValueFunction> check_rows(CheckContext& ctx, const Expr& e, Scope) {
  const bool exact = e.text == "rows";
  const size_t least = exact ? 2 : 1;
  if (e.args.size() != least && e.args.size() != least + 1) {
    ctx.error(e.pos, exact ? fmt::format("'rows' takes a player and a length, then optionally directions: "
                                         "rows(mover, 5) or rows(mover, 5, orthogonal), but has {} argument{}",
                                         e.args.size(), e.args.size() == 1 ? "" : "s")
                           : fmt::format("'longest-row' takes a player, then optionally directions: "
                                         "longest-row(mover) or longest-row(mover, orthogonal), but has {} argument{}",
                                         e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  auto f = std::make_unique<Rows>();
  if (!ctx.player_ref(e.args[0], f->who, false) || !ctx.board) return nullptr;
  long long n = 0;
  if (exact && !ctx.number_value(e.args[1], "the length of a row", 1, 4096, n)) return nullptr;
  f->length = static_cast<int>(n);
  std::vector<int> dirs;
  if (e.args.size() == least + 1) {
    // Rows lie along the board's lines: the directions must mean the same for every seat.
    std::vector<std::vector<int>> per_seat;
    if (!ctx.directions_per_seat(e.args[least], per_seat)) return nullptr;
    for (const auto& d : per_seat)
      if (d != per_seat[0]) {
        ctx.error(e.args[least].pos,
                  fmt::format("the directions of rows must be the same for every seat; name "
                              "board directions (such as n|e or orthogonal), not '{}'",
                              e.args[least].kind == Expr::Kind::identifier ? e.args[least].text : "relative ones"));
        return nullptr;
      }
    dirs = per_seat[0];
  } else {
    for (int d = 0; d < ctx.program.dirs; ++d) dirs.push_back(d);
  }
  f->axes = row_axes(ctx.program, dirs);
  return f;
}

}  // namespace

extern constinit const FunctionSpec longest_row_function{
    "longest-row",
    false,
    true,
    check_rows,
    "longest-row(P[, DIRS])",
    "the most pieces of P in a row along a straight line (along those directions' axes)"};
extern constinit const FunctionSpec rows_function{"rows",
                                                  false,
                                                  true,
                                                  check_rows,
                                                  "rows(P, N[, DIRS])",
                                                  "how many rows of P's pieces hold exactly N (N in a row, no more)"};

}  // namespace tabula
