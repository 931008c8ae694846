#include "kernels/line_sweeps.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace tabula {
namespace {

// The cells of `through` reached from a `from` cell (not one of them) by moving along the
// line through `through` cells only. Up the line (toward its end) a carry does it: adding
// the first cell of each run to be reached runs the carry through that run, which flips it.
uint64_t reach_up(uint64_t from, uint64_t through) {
  const uint64_t firsts = (from << 1) & through;
  return ((through + firsts) ^ through) & through;
}
// Down the line a carry runs the wrong way: a parallel prefix (Kogge-Stone) fill, one step
// per doubling of the shift up to kLongest, the longest line (five steps for lines of up
// to 32 cells, six up to 64).
template <int kLongest>
uint64_t reach_down(uint64_t from, uint64_t through) {
  uint64_t reached = from;
  for (int shift = 1; shift < kLongest; shift *= 2) {
    reached |= through & (reached >> shift);
    through &= through >> shift;
  }
  return reached & ~from;
}

// Calls f with kLongest (std::integral_constant) for the board's lines: 32 or 64.
template <class F>
auto by_longest_line(const Program& p, F&& f) {
  return p.straight_lines.longest <= 32 ? f(std::integral_constant<int, 32>{}) : f(std::integral_constant<int, 64>{});
}

// Calls f(line, all, words) for every line: its number, the mask of its places and its
// words.
template <class F>
void for_each_line(const Program& p, const uint64_t* words, F&& f) {
  const BoardData::StraightLines& lines = p.straight_lines;
  const int stride = line_word_stride(p);
  for (int line = 0; line < lines.count(); ++line) {
    const int n = lines.begin[line + 1] - lines.begin[line];
    const uint64_t all = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    f(line, all, words + static_cast<size_t>(line) * stride);
  }
}

// The answers of every line, turned into one CellSet. A line whose cells are numbered one
// after another (StraightLines::consecutive_from) is a shifted word of the set. The others
// go side by side, line after line in the order of StraightLines::cells (bit i for
// cells[i]), and are turned into cells in one pass at the end: setting bits one by one in a
// CellSet's words makes every insert wait for the store before it to the same word, and a
// loop per line over its answer's bits ends at a place no predictor learns; here the loop
// runs over a few long words, and each cell is marked by a byte store that reads nothing,
// the marks packed eight at a time.
class LineAnswers {
 public:
  explicit LineAnswers(const BoardData::StraightLines& lines) : lines_(lines), words_((lines.cells.size() + 63) / 64) {
    std::fill_n(bits_, words_ + 1, 0);
  }
  void add(int line, uint64_t bits) {
    if (const int first = lines_.consecutive_from[line]; first >= 0) return add_bits(direct_, first, bits);
    scattered_ |= bits;
    add_bits(bits_, lines_.begin[line], bits);
  }
  CellSet cells(int board_cells) const {
    CellSet out;
    for (int w = 0; w < CellSet::kWords; ++w) out.insert_word(w, direct_[w]);
    if (!scattered_) return out;
    uint8_t marks[CellSet::kMaxCells];
    std::memset(marks, 0, board_cells);
    for (size_t w = 0; w < words_; ++w)
      for (uint64_t bits = bits_[w]; bits; bits &= bits - 1) marks[lines_.cells[w * 64 + __builtin_ctzll(bits)]] = 1;
    return out |= CellSet::of_nonzero_bytes(marks, board_cells);
  }

 private:
  // Lines of at most 64 cells on a board of at most CellSet::kMaxCells cells, each cell on
  // one line per axis, at most 16 axes (32 directions).
  static constexpr size_t kMaxWords = CellSet::kMaxCells * 16 / 64 + 1;
  static void add_bits(uint64_t* words, int at, uint64_t bits) {
    words[at >> 6] |= bits << (at & 63);
    words[(at >> 6) + 1] |= (bits >> 1) >> (63 - (at & 63));  // the rest, past the word's end
  }
  const BoardData::StraightLines& lines_;
  size_t words_;
  uint64_t scattered_ = 0;
  uint64_t bits_[kMaxWords + 1];
  uint64_t direct_[CellSet::kWords + 1] = {};
};

// The empty cells of a line whose first pieces either way (`both_ends`) or some way are
// the `own` ones.
template <int kLongest>
uint64_t seen_from(uint64_t own, uint64_t empty, bool both_ends) {
  const uint64_t up = reach_up(own, empty), down = reach_down<kLongest>(own, empty);
  return both_ends ? up & down : up | down;
}

}  // namespace

void gather_line_words(const Program& p, const uint8_t* board, uint64_t* words) {
  const BoardData::StraightLines& lines = p.straight_lines;
  const int stride = line_word_stride(p);
  std::fill_n(words, static_cast<size_t>(lines.count()) * stride, 0);
  for (int c = 0; c < p.cells; ++c)
    if (board[c]) line_words_changed(p, words, c, -1, p.code_owner[board[c]]);
}

bool swept_sight(const Program& p, const uint64_t* words, int player, bool both_ends, CellSet& out) {
  if (!p.sweeps_by_words()) return false;
  LineAnswers seen(p.straight_lines);
  by_longest_line(p, [&](auto longest) {
    for_each_line(p, words, [&](int line, uint64_t all, const uint64_t* w) {
      // Nothing to see on a line without an empty cell or without the player's pieces (two
      // of them, for both ends).
      const uint64_t own = w[1 + player], empty = all & ~w[0];
      if (empty && (both_ends ? own & (own - 1) : own)) seen.add(line, seen_from<longest()>(own, empty, both_ends));
    });
  });
  out = seen.cells(p.cells);
  return true;
}

bool swept_dead_chains(const Program& p, const uint64_t* words, int player, CellSet& out) {
  if (!p.sweeps_by_words()) return false;
  LineAnswers dead(p.straight_lines);
  by_longest_line(p, [&](auto longest) {
    for_each_line(p, words, [&](int line, uint64_t, const uint64_t* w) {
      // The player's chains reached from an enemy piece just before them and from one just
      // after; none on most lines, where no piece of the player has an enemy on both sides.
      const uint64_t own = w[1 + player], enemy = w[0] & ~own;
      if (!(own & (enemy << 1)) || !(own & (enemy >> 1))) return;
      dead.add(line, reach_up(enemy, own) & reach_down<longest()>(enemy, own));
    });
  });
  out = dead.cells(p.cells);
  return true;
}

bool swept_flanking_players(const Program& p, const uint64_t* words, uint32_t* flanked) {
  if (!p.sweeps_by_words()) return false;
  for (int c = 0; c < p.cells; ++c) flanked[c] = 0;
  const BoardData::StraightLines& lines = p.straight_lines;
  for_each_line(p, words, [&](int line, uint64_t all, const uint64_t* w) {
    for (int player = 0; player < p.player_count(); ++player)
      for (uint64_t bits = seen_from<64>(w[1 + player], all & ~w[0], true); bits; bits &= bits - 1)
        flanked[lines.cells[lines.begin[line] + __builtin_ctzll(bits)]] |= 1u << player;
  });
  return true;
}

}  // namespace tabula
