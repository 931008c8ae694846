// Engine limits (docs/ROBUSTNESS.md, "Limits"). Fuzzing once found a take that grew a column
// past Program::kMaxStack and wrote past the column's buffer; the capture search now stops
// with an EngineLimit there (leaving the take out silently changed the game: issue 15).
#include <catch2/catch.hpp>

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
