// Chinese checkers (rules/chinese-checkers.rules, boards/star121.yaml): steps and chains of
// jumps that take nothing (`jump ... chain=yes`). tests/chinese_checkers/
// reference_chinese_checkers.py checks the same file against an independent generator.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("Chinese checkers: perft from the start of the two-player game", "[chinese-checkers][perft]") {
  State s(load_rules(repo_path("rules/chinese-checkers.rules")));
  CHECK(perft(s, 1) == 14);  // 8 steps out of the point, 6 jumps over its front row
  CHECK(perft(s, 2) == 196);
  CHECK(perft(s, 3) == 4760);
}

TEST_CASE("Chinese checkers: a chain of jumps is one move to where it ends, nothing taken",
          "[chinese-checkers][rule]") {
  auto p = load_rules(repo_path("rules/chinese-checkers.rules"));
  // c1 jumps d2 to e7, then f6 to g5: one move to e7 and one to g5.
  auto s = state_at(p, "1/2/3/4/13/12/11/10/9/10/11/5N6/13/1N2/S2/2/1 south");
  CHECK(move_strings(s) == std::vector<std::string>{"c1-b1", "c1-c2", "c1-d1", "c1-e7", "c1-g5"});
  s.apply(move_of(s, "c1-g5"));
  CHECK(symbol_at(s, "g5") == "S");
  CHECK(symbol_at(s, "c1") == ".");
  CHECK(symbol_at(s, "d2") == "N");  // jumped, not taken
  CHECK(symbol_at(s, "f6") == "N");
  CHECK(s.piece_count(1) == 2);
}

TEST_CASE("Chinese checkers: all ten marbles in the opposite point win", "[chinese-checkers][rule]") {
  auto p = load_rules(repo_path("rules/chinese-checkers.rules"));
  // South has nine home; l7, the tenth, jumps North's m8 into n4, the last empty point.
  auto s = state_at(p, "S/SS/SSS/SSS1/7N5/5NSN4/11/4N5/1N3N3/2N1N5/6N4/7N4/13/4/3/2/1 south");
  const auto moves = move_strings(s);
  REQUIRE(std::count(moves.begin(), moves.end(), "l7-n4") == 1);
  s.apply(move_of(s, "l7-n4"));
  REQUIRE(s.is_terminal());
  CHECK(s.returns()[0] == 1.0);
}

TEST_CASE("Chinese checkers: a full opposite point wins though marbles of the other side stayed in it",
          "[chinese-checkers][rule]") {
  auto p = load_rules(repo_path("rules/chinese-checkers.rules"));
  // North's marble never left q1, South's own point's tip: South's eight there and the ninth,
  // into n4, fill it.
  auto s = state_at(p, "N/SS/SSS/SSS1/7N5/5NSN4/11/4N5/1N3N3/2N1N5/6N4/7N4/13/4/3/2/1 south");
  CHECK_FALSE(s.is_terminal());
  s.apply(move_of(s, "l7-n4"));
  REQUIRE(s.is_terminal());
  CHECK(s.returns()[0] == 1.0);
  // Full with North's marbles alone is no win for South (nor for North: it is not its point).
  auto blocked = state_at(p, "N/NN/NNN/NNNN/7S5/5SSS4/11/4S5/1S3S3/2S1S5/6S4/7S4/13/4/3/2/1 south");
  blocked.apply(move_of(blocked, "f8-f9"));
  CHECK_FALSE(blocked.is_terminal());
}
