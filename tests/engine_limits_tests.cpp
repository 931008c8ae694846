// Engine limits (docs/ROBUSTNESS.md, "Limits"). Fuzzing once found a take that grew a column
// past Program::kMaxStack and wrote past the column's buffer; the capture search now stops
// with an EngineLimit there (leaving the take out silently changed the game: issue 15).
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "board/board_loader.hpp"
#include "cli_run.hpp"
#include "engine/evaluate.hpp"
#include "engine/text/position_text.hpp"
#include "program/board_data.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("A take that would grow a column past kMaxStack is an error naming the limit", "[engine-limit]") {
  auto p = load_rules(repo_path("rules/laska.rules"));
  // c3 holds a white-topped column of `height` counters and d4 a black one; taking d4 puts
  // its counter under the column, which lands on e5 one counter higher.
  auto position = [](int height) { return "///1,b,1/1,w" + std::string(height - 1, 'b') + ",2// white"; };
  int e5 = p->board->find_cell("e5");
  REQUIRE(e5 != kNoCell);

  // One below the limit the take is made (captures are compulsory: it is the only move) and
  // the column reaches exactly kMaxStack.
  State below = state_at(p, position(Program::kMaxStack - 1));
  auto moves = below.legal_moves();
  REQUIRE(moves.size() == 1);
  below.apply(moves[0]);
  CHECK(below.height(e5) == Program::kMaxStack);

  // At the limit the take would make kMaxStack + 1 counters: the engine cannot hold that
  // column, and leaving the compulsory take out would play a different game (a side that
  // must take would step instead, or lose for want of a move). It is an error naming the limit.
  State full = state_at(p, position(Program::kMaxStack));
  CHECK_THROWS_WITH(full.legal_moves(), Catch::Contains("a column of 33 counters") &&
                                            Catch::Contains("the engine's limit is 32, Program::kMaxStack"));
}

TEST_CASE("Scores are 64-bit sums, checked: a sum beyond 64 bits is an error at its term", "[limits][score]") {
  auto rules = [](const std::string& name, const std::string& score) {
    return temp_rules(name, "variant \"scored\" extends \"" + repo_path("rules/loa.rules") + "\"\nscore " + score +
                                "\nlimit plies=2\n");
  };
  auto big = load_rules(rules("score-big.rules", "3000000000 + pieces(mover) * 4294967296"));
  State s(big);
  CHECK(score(s, 0) == 3000000000LL + 12 * 4294967296LL);
  // One side ahead by 2^32 wins: cut to 32 bits, both scores would be 0, a draw.
  auto ahead = load_rules(temp_rules("score-ahead.rules", "variant \"ahead\" extends \"" +
                                                              repo_path("tests/data/endless-shuffle.rules") +
                                                              "\"\nscore 4294967296 * pieces(mover)\nlimit plies=1\n"));
  State game = state_at(ahead, "FF1S first");
  game.apply(move_of(game, "b1-c1"));
  REQUIRE(game.is_terminal());
  CHECK(score(game, 0) == 2 * 4294967296LL);
  CHECK(score(game, 1) == 4294967296LL);
  CHECK(game.result().winner == 0);
  // A sum that passes 64 bits: a RuleError at the term, never a wrong winner.
  auto over = load_rules(rules("score-over.rules", "9223372036854775807 + pieces(mover)"));
  State o(over);
  try {
    score(o, 0);
    FAIL("the sum passed 64 bits without an error");
  } catch (const RuleError& e) {
    CHECK(e.pos.line == 2);
    CHECK(e.pos.column == 29);
    CHECK(std::string(e.what()).find("arithmetic overflow in the score of black") != std::string::npos);
  }
  auto r = run("show " + rules("score-show.rules", "3000000000") + " --territory");
  CHECK(r.out.find("black: score 3000000000") != std::string::npos);
}

namespace {

// A board of `cells` cells whose `directions` directions all lead from cell i to the next
// cell of its cycle of `cycle` cells: every ray runs round its cycle.
std::string cycle_board(int cells, int directions, int cycle) {
  std::string yaml = "name: cycles\ncells:\n";
  for (int i = 0; i < cells; ++i) yaml += fmt::format(" - {{name: c{}, x: {}, y: {}}}\n", i, i % 64, i / 64);
  yaml += "directions:\n";
  for (int d = 0; d < directions; ++d) yaml += fmt::format(" - {{name: d{}, dx: {}, dy: 1}}\n", d, d);
  yaml += "links:\n";
  for (int i = 0; i < cells; ++i) {
    yaml += fmt::format(" c{}: {{", i);
    for (int d = 0; d < directions; ++d)
      yaml += fmt::format("{}d{}: c{}", d ? ", " : "", d, i / cycle * cycle + (i % cycle + 1) % cycle);
    yaml += "}\n";
  }
  return yaml;
}

}  // namespace

TEST_CASE("A board whose rays would not fit the engine's limit is refused, naming it", "[limits][rays]") {
  auto rules_on = [](const std::string& name, const std::string& board) {
    std::string yaml = temp_rules(name + ".yaml", board);
    return temp_rules(name + ".rules", "game \"cycles\"\nboard \"" + yaml +
                                           "\"\nplayer black symbol=B\nplayer white symbol=W\npiece stone\n"
                                           "setup {\n  black stone: c0\n  white stone: c1\n}\nmove stone {\n"
                                           "  step dirs=all land=empty\n}\n");
  };
  // 2048 cells in one cycle along 16 directions: 2048 x 16 x 2047 ray cells, 67 million.
  auto r = run("perft " + rules_on("rays-over", cycle_board(2048, 16, 2048)) + " 1");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find(":2:1: error: the board's rays (from every cell in every direction, to the board's edge) would "
                   "hold more than 16777216 cells, the engine's limit (kMaxRayCells)") != std::string::npos);
  CHECK(r.out.find("board \"") != std::string::npos);  // the board statement is quoted
  // Cycles of 128 cells: 2048 x 16 x 127, four million: played.
  r = run("perft " + rules_on("rays-under", cycle_board(2048, 16, 128)) + " 1");
  INFO(r.out);
  CHECK(r.status == 0);
  // The count stops as soon as it passes the limit.
  Diagnostics diags;
  SourceRegistry sources;
  auto board = load_board(SourceFile{"cycles.yaml", cycle_board(2048, 16, 2048)}, diags);
  REQUIRE(board);
  CHECK(ray_cells_needed(*board, kMaxRayCells) == kMaxRayCells + 1);
  CHECK(ray_cells_needed(*board, int64_t{1} << 40) == int64_t{2048} * 16 * 2047);
}

TEST_CASE("More than eight piece kinds: moves, promotion and positions of kinds past the eighth", "[limits][kinds]") {
  // Twenty kinds: the first ten step north or south, the twentieth steps north and is what
  // the tenth promotes to on rank 4.
  auto p = rules_with_repo_board("twenty-kinds.rules",
                                 "game \"Ten kinds\"\n"
                                 "board \"square8.yaml\"\n"
                                 "player white\n"
                                 "player black\n"
                                 "piece k0 symbol=A|a\n"
                                 "piece k1 symbol=B|b\n"
                                 "piece k2 symbol=C|c\n"
                                 "piece k3 symbol=D|d\n"
                                 "piece k4 symbol=E|e\n"
                                 "piece k5 symbol=F|f\n"
                                 "piece k6 symbol=G|g\n"
                                 "piece k7 symbol=H|h\n"
                                 "piece k8 symbol=I|i\n"
                                 "piece k9 symbol=J|j\n"
                                 "piece k10 symbol=K|k\n"
                                 "piece k11 symbol=L|l\n"
                                 "piece k12 symbol=M|m\n"
                                 "piece k13 symbol=N|n\n"
                                 "piece k14 symbol=O|o\n"
                                 "piece k15 symbol=P|p\n"
                                 "piece k16 symbol=Q|q\n"
                                 "piece k17 symbol=R|r\n"
                                 "piece k18 symbol=S|s\n"
                                 "piece k19 symbol=T|t\n"
                                 "setup {\n"
                                 "  white k0: a3\n"
                                 "  white k1: b3\n"
                                 "  white k2: c3\n"
                                 "  white k3: d3\n"
                                 "  white k4: e3\n"
                                 "  white k5: f3\n"
                                 "  white k6: g3\n"
                                 "  white k7: h3\n"
                                 "  white k8: a5\n"
                                 "  white k9: c5\n"
                                 "  black k9: h8\n"
                                 "  white k19: h1\n"
                                 "}\n"
                                 "move k0|k1|k2|k3|k4 {\n"
                                 "  step dirs=n land=empty\n"
                                 "}\n"
                                 "move k5|k6|k7|k8|k9 {\n"
                                 "  step dirs=s land=empty\n"
                                 "}\n"
                                 "move k19 {\n"
                                 "  step dirs=n land=empty\n"
                                 "}\n"
                                 "promote k9 to=k19 in=rank4\n"
                                 "after-move {\n"
                                 "  win mover if pieces(opponent) == 0\n"
                                 "}\n"
                                 "no-move draw\n");
  REQUIRE(p->kind_count() == 20);
  State s(p);
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 11);  // a3..e3 north, f3..h3, a5, c5 south, h1 north
  CHECK(position_string(s) == "7j/8/8/I1J5/8/ABCDEFGH/8/7T white");
  const State again = state_at(p, position_string(s));
  CHECK(again.hash() == s.hash());
  // The tenth kind steps from c5 to c4 and becomes the twentieth (T), which moves north.
  for (const char* m : {"c5-c4", "h8-h7"}) {
    INFO(m);
    s.apply(move_of(s, m));
  }
  CHECK(symbol_at(s, "c4") == "T");
  s.apply(move_of(s, "c4-c5"));
  CHECK(symbol_at(s, "c5") == "T");
}
