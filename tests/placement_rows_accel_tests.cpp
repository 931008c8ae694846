// The accelerated placement and row goals (interpreter/accel/masked_place, masked_rows)
// against their plain twins, on positions random play cannot reach as well as on those it
// can: rows counted by shifts of a mask against rows walked cell by cell (kernels/rows), and
// placements found by masks (gravity's resting cells included), and counted for random
// playouts, against the plain test of each cell, read from a program loaded in reference mode.
#include <catch2/catch.hpp>
#include <string>

#include "engine/evaluate.hpp"
#include "engine/sample.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "engine/text/move_text.hpp"
#include "kernels/line_sweeps.hpp"
#include "kernels/rows.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Every cell of the board holds a piece of side 0 or 1, or none, each cell with the chance
// `percent` of being taken (a side drawn at random).
void random_board(const Program& p, Rng& rng, int percent, std::vector<uint8_t>& board, uint64_t masks[2]) {
  board.assign(static_cast<size_t>(p.cells), 0);
  masks[0] = masks[1] = 0;
  for (int c = 0; c < p.cells; ++c) {
    if (static_cast<int>(rng.below(100)) >= percent) continue;
    const int side = static_cast<int>(rng.below(2));
    board[c] = p.piece_code(side, 0);
    masks[side] |= uint64_t{1} << c;
  }
}

std::vector<int> every_direction(const Program& p) {
  std::vector<int> dirs;
  for (int d = 0; d < p.dirs; ++d) dirs.push_back(d);
  return dirs;
}

}  // namespace

TEST_CASE("Rows by masks count what walking the rows counts, on every kind of board of bitboards", "[accel][rows]") {
  // A grid (Connect Four's), a square board, the dark squares of a draughts board (two shift
  // groups a direction) and a hexagonal board; every direction, and the orthogonal ones only.
  for (const char* game : {"connect-four", "othello", "english-draughts", "hex-5x5"}) {
    INFO(game);
    auto program = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    const Program& p = *program;
    REQUIRE(p.bitboards);
    std::vector<std::vector<int>> direction_sets = {every_direction(p)};
    if (p.dirs > 2) direction_sets.push_back({0, p.opposite[0]});
    for (const auto& dirs : direction_sets) {
      const RowAxes axes = row_axes(p, dirs);
      REQUIRE(rows_by_masks_apply(p, axes));
      const RowShifts shifts = row_shifts(p, axes);
      REQUIRE(shifts.ahead.size() == axes.dirs.size());  // every board here has shift pairs
      Rng rng(7);
      std::vector<uint8_t> board;
      uint64_t masks[2];
      int rows_seen = 0;
      for (int trial = 0; trial < 300; ++trial) {
        random_board(p, rng, 10 + trial % 90, board, masks);
        for (int side = 0; side < 2; ++side) {
          const int longest = longest_row(p, axes, board.data(), side);
          CHECK(longest_row_by_masks(p, axes, masks[side]) == longest);
          CHECK(longest_row_by_shifts(shifts, masks[side]) == longest);
          for (int length = 0; length <= 9; ++length) {  // a goal's threshold: a row of at least `length`
            CHECK(has_row_by_masks(p, axes, masks[side], length) == (longest >= length));
            CHECK(has_row_by_shifts(shifts, masks[side], length) == (longest >= length));
          }
          for (int length = 1; length <= 8; ++length) {
            const int rows = rows_of_length(p, axes, board.data(), side, length);
            CHECK(rows_of_length_by_masks(p, axes, masks[side], length) == rows);
            CHECK(rows_of_length_by_shifts(shifts, masks[side], length) == rows);
            rows_seen += rows;
          }
        }
      }
      CHECK(rows_seen > 1000);  // the positions hold rows of many lengths, not only none
    }
  }
}

TEST_CASE("Rows by masks are used only where every axis runs back the way it came", "[accel][rows]") {
  auto p = load_rules(repo_path("rules/connect-four.rules"));
  CHECK(accelerated(*p, "masked rows"));
  CHECK_FALSE(accelerated(*load_rules(repo_path("rules/connect-four.rules"), {.reference = true}), "masked rows"));
  // Gomoku's 15x15 board is past the 64 cells of bitboards: its rows are swept by words.
  auto gomoku = load_rules(repo_path("rules/gomoku.rules"));
  CHECK_FALSE(accelerated(*gomoku, "masked rows"));
  CHECK(accelerated(*gomoku, "swept rows"));
  CHECK(gomoku->keeps_line_words());
}

TEST_CASE("Rows from the words per line count what walking the rows counts, on boards past 64 cells", "[accel][rows]") {
  // 15x15 and 19x19 grids, a hexagonal board of side 11 (Hex's), every direction and the
  // orthogonal ones only.
  for (const char* game : {"gomoku", "pente", "hex"}) {
    INFO(game);
    auto program = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    const Program& p = *program;
    REQUIRE(p.sweeps_by_words());
    std::vector<std::vector<int>> direction_sets = {every_direction(p), {0, p.opposite[0]}};
    for (const auto& dirs : direction_sets) {
      const RowAxes axes = row_axes(p, dirs);
      const std::vector<int32_t> lines = lines_of_axes(p, axes);
      Rng rng(5);
      std::vector<uint8_t> board;
      std::vector<uint64_t> words(static_cast<size_t>(p.straight_lines.count()) * line_word_stride(p));
      int rows_seen = 0;
      for (int trial = 0; trial < 100; ++trial) {
        board.assign(static_cast<size_t>(p.cells), 0);
        for (int c = 0; c < p.cells; ++c)
          if (static_cast<int>(rng.below(100)) < 10 + trial % 90) board[c] = p.piece_code(rng.below(2), 0);
        gather_line_words(p, board.data(), words.data());
        for (int side = 0; side < 2; ++side) {
          const int longest = longest_row(p, axes, board.data(), side);
          CHECK(longest_row_by_words(p, lines, words.data(), side) == longest);
          for (int length = 0; length <= 9; ++length)
            CHECK(has_row_by_words(p, lines, words.data(), side, length) == (longest >= length));
          for (int length = 1; length <= 8; ++length) {
            const int rows = rows_of_length(p, axes, board.data(), side, length);
            CHECK(rows_of_length_by_words(p, lines, words.data(), side, length) == rows);
            CHECK(has_row_of_length_by_words(p, lines, words.data(), side, length) == (rows > 0));
            rows_seen += rows;
          }
        }
      }
      CHECK(rows_seen > 1000);
    }
  }
}

TEST_CASE("Placement by masks lists what the plain placement lists, in its order, even over gaps",
          "[accel][placement]") {
  // Connect Four (gravity, by masks), Hex 5x5 (by masks) and Hex 11x11 (past bitboards: the
  // empty cells gathered): arbitrary positions, discs hanging over empty cells included,
  // which only a position set up by hand can hold.
  for (const char* game : {"connect-four", "hex-5x5", "hex"}) {
    INFO(game);
    auto fast = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    auto plain = load_rules(repo_path(std::string("rules/") + game + ".rules"), {.reference = true});
    CHECK((accelerated(*fast, "masked placement") || accelerated(*fast, "gathered placement")));
    Rng rng(11);
    int compared = 0;
    for (int trial = 0; trial < 200; ++trial) {
      State a(fast), b(plain);
      const int percent = trial % 100;
      std::vector<std::pair<int, uint8_t>> cells;
      for (int c = 0; c < fast->cells; ++c)
        if (static_cast<int>(rng.below(100)) < percent) cells.emplace_back(c, fast->piece_code(rng.below(2), 0));
      for (State* s : {&a, &b})
        s->edit([&](StateEditor& e) {
          for (auto [c, code] : cells) e.set_cell(c, code);
        });
      MoveList ma, mb;
      a.legal_moves(ma);
      b.legal_moves(mb);
      REQUIRE(ma.size() == mb.size());
      for (size_t i = 0; i < ma.size(); ++i) {
        INFO(move_text(a, ma[i]) << " against " << move_text(b, mb[i]));
        CHECK(ma[i] == mb[i]);
        CHECK(move_text(a, ma[i]) == move_text(b, mb[i]));
      }
      // Counted for random playouts: the count is the list's size, and the k-th drawn is its k-th.
      MoveSample sample;
      REQUIRE(count_moves(a, sample) == ma.size());
      for (uint32_t k = 0; k < ma.size(); ++k) CHECK(nth_move(sample, k) == ma[k]);
      compared += !ma.empty();
    }
    CHECK(compared > 100);
  }
}

TEST_CASE("A function compared with a constant is asked as a threshold, with the value's answer", "[accel][rows]") {
  // longest-row(mover) OP K (rows(mover, 5) OP K) for each comparison and K from -1 to 9, on
  // positions of random play: the threshold form (ValueFunction::at_least, by shifts where
  // rows are masked, by words where swept) against the value measured and compared, and
  // against the reference program's answer.
  using Op = FormulaNode::Op;
  for (auto [game, function] : {std::pair{"connect-four", "longest-row"}, std::pair{"gomoku", "longest-row"},
                                std::pair{"gomoku-exact", "rows"}}) {
    INFO(game);
    auto fast = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    auto plain = load_rules(repo_path(std::string("rules/") + game + ".rules"), {.reference = true});
    auto function_named = [](const Program& p, std::string_view name) {
      for (size_t i = 0; i < p.functions.size(); ++i)
        if (p.functions[i]->name() == name) return static_cast<int16_t>(i);
      return int16_t{-1};
    };
    const int16_t f = function_named(*fast, function);
    REQUIRE(f >= 0);
    REQUIRE(function_named(*plain, function) == f);
    int held = 0, compared = 0, rows_found = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      State a(fast), b(plain);
      Rng rng(seed);
      MoveList moves;
      for (;;) {  // to the end, the end included: a game of exactly five ends on one
        for (int mover = 0; mover < 2; ++mover) {
          const EvalContext ca{a, mover}, cb{b, mover};
          const int64_t longest = fast->functions[f]->value(ca);  // or the count of rows of five
          REQUIRE(plain->functions[f]->value(cb) == longest);
          rows_found += longest > 0;
          for (Op op : {Op::ge, Op::gt, Op::le, Op::lt}) {
            for (int64_t k = -1; k <= 9; ++k) {
              Formula e;
              e.nodes.push_back({.op = Op::function, .function = f});
              e.nodes.push_back({.op = Op::constant, .value = k});
              e.nodes.push_back({.op = op, .numeric = false, .a = 0, .b = 1});
              e.root = 2;
              const bool expected = op == Op::ge   ? longest >= k
                                    : op == Op::gt ? longest > k
                                    : op == Op::le ? longest <= k
                                                   : longest < k;
              INFO("longest " << longest << ", op " << static_cast<int>(op) << ", k " << k);
              CHECK(holds(e, ca) == expected);
              CHECK(holds(e, cb) == expected);
              held += expected;
              ++compared;
            }
          }
        }
        if (a.is_terminal()) break;
        a.legal_moves(moves);
        const Move m = moves[rng.below(static_cast<uint32_t>(moves.size()))];
        a.apply(m);
        b.apply(m);
      }
    }
    CHECK(held > compared / 4);  // both answers are common, not only one
    CHECK(held < compared * 3 / 4);
    if (std::string(function) == "rows") CHECK(rows_found > 0);  // some positions hold a row of five
  }
}

TEST_CASE("Gravity's resting cells by masks match the plain placement in positions of dropped discs",
          "[accel][placement]") {
  // Positions reached by play: every disc stands on another or on the edge, the masks' short
  // way (no column looked at); the test above covers discs hanging over empty cells.
  auto fast = load_rules(repo_path("rules/connect-four.rules"));
  auto plain = load_rules(repo_path("rules/connect-four.rules"), {.reference = true});
  int compared = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    State a(fast), b(plain);
    Rng rng(seed);
    MoveList ma, mb;
    while (!a.is_terminal()) {
      a.legal_moves(ma);
      b.legal_moves(mb);
      REQUIRE(ma.size() == mb.size());
      for (size_t i = 0; i < ma.size(); ++i) CHECK(ma[i] == mb[i]);
      MoveSample sample;
      REQUIRE(count_moves(a, sample) == ma.size());
      for (uint32_t k = 0; k < ma.size(); ++k) CHECK(nth_move(sample, k) == ma[k]);
      const Move m = ma[rng.below(static_cast<uint32_t>(ma.size()))];
      a.apply(m);
      b.apply(m);
      ++compared;
    }
    CHECK(b.is_terminal());
    CHECK(a.result().winner == b.result().winner);
  }
  CHECK(compared > 500);
}
