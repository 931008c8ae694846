// Engine limits (docs/ROBUSTNESS.md, "Limits"). Fuzzing once found a take that grew a column
// past Program::kMaxStack and wrote past the column's buffer; the capture search now stops
// with an EngineLimit there (leaving the take out silently changed the game: issue 15).
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "engine/evaluate.hpp"
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
