#include "accel/masked_rows.hpp"

#include "engine/evaluate.hpp"

namespace tabula {

int64_t MaskedRows::value(const EvalContext& c) const {
  const State& s = c.state;
  const uint64_t mine = s.pieces_mask(resolve_player(s, who, c.mover));
  if (!shifts_.ahead.empty())
    return length ? rows_of_length_by_shifts(shifts_, mine, length) : longest_row_by_shifts(shifts_, mine);
  return length ? rows_of_length_by_masks(s.program(), axes, mine, length)
                : longest_row_by_masks(s.program(), axes, mine);
}

bool MaskedRows::at_least(const EvalContext& c, int64_t n) const {
  if (length || n > 64) return value(c) >= n;  // rows(P, N): a count, measured
  const State& s = c.state;
  const uint64_t mine = s.pieces_mask(resolve_player(s, who, c.mover));
  const int k = static_cast<int>(n);
  return shifts_.ahead.empty() ? has_row_by_masks(s.program(), axes, mine, k) : has_row_by_shifts(shifts_, mine, k);
}

int64_t SweptRows::value(const EvalContext& c) const {
  const State& s = c.state;
  const int side = resolve_player(s, who, c.mover);
  return length ? rows_of_length_by_words(s.program(), lines_, s.line_words(), side, length)
                : longest_row_by_words(s.program(), lines_, s.line_words(), side);
}

bool SweptRows::at_least(const EvalContext& c, int64_t n) const {
  if (n > 64 || (length && n != 1)) return value(c) >= n;  // a count of rows above one: measured
  const State& s = c.state;
  const int side = resolve_player(s, who, c.mover);
  // rows(P, N) >= 1: is there a row of exactly N; longest-row(P) >= n: a row of at least n.
  return length ? has_row_of_length_by_words(s.program(), lines_, s.line_words(), side, length)
                : has_row_by_words(s.program(), lines_, s.line_words(), side, static_cast<int>(n));
}

}  // namespace tabula
