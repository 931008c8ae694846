// Nine men's morris (rules/nine-mens-morris.rules, boards/mill24.yaml): placing from the
// reserve, then moving, then flying (`fly`), and a mill's removal (`remove ...
// unless-in-row=3 if row-through(last) >= 3`). tests/mill/reference_mill.py checks the same
// file against an independent generator.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {
const char* kHandsEmpty = "; reserve.white.man=0 reserve.black.man=0";
}

TEST_CASE("Mill: perft of the placing phase", "[mill][perft]") {
  State s(load_rules(repo_path("rules/nine-mens-morris.rules")));
  CHECK(perft(s, 1) == 24);
  CHECK(perft(s, 4) == 255024);
  CHECK(perft(s, 5) == 24 * 23 * 22 * 21 * 20);  // a mill at ply 5 removes at ply 6
}

TEST_CASE("Mill: a mill removes an enemy man out of mills, or any when all are in mills", "[mill][rule]") {
  auto p = load_rules(repo_path("rules/nine-mens-morris.rules"));
  // Black's men: a7 d7 g7 and e4 f4 g4 are mills, d2 is not.
  auto s = state_at(p, std::string("BBB/3/3/WW1BBB/W2/1B1/2W white") + kHandsEmpty);
  s.apply(move_of(s, "c3-c4"));  // a4 b4 c4: a mill
  CHECK(move_strings(s) == std::vector<std::string>{"remove:d2"});
  // Without d2 every black man is in a mill, so any may go.
  auto t = state_at(p, std::string("BBB/3/3/WW1BBB/W2/3/2W white") + kHandsEmpty);
  t.apply(move_of(t, "c3-c4"));
  CHECK(move_strings(t).size() == 6);
  t.apply(move_of(t, "remove:g4"));
  CHECK(symbol_at(t, "g4") == ".");
  CHECK(t.current_player() == 1);
  // A move that makes no mill has no removal.
  auto u = state_at(p, std::string("BBB/3/3/WW1BBB/W2/3/2W white") + kHandsEmpty);
  u.apply(move_of(u, "g1-d1"));
  CHECK(u.current_player() == 1);
}

TEST_CASE("Mill: three men fly, two men lose, and so does a side without a move", "[mill][rule]") {
  auto p = load_rules(repo_path("rules/nine-mens-morris.rules"));
  // White has three men: each may fly to any of the 15 empty points.
  auto fly = state_at(p, std::string("WW1/B2/1B1/B1B1W1/2B/1B1/3 white") + kHandsEmpty);
  CHECK(move_strings(fly).size() == 45);
  // Black has three men; White's mill takes one: Black is down to two and has lost.
  auto two = state_at(p, std::string("BB1/3/3/WW1B2/W2/3/3 white") + kHandsEmpty);
  two.apply(move_of(two, "c3-c4"));
  two.apply(move_of(two, "remove:e4"));
  REQUIRE(two.is_terminal());
  CHECK(two.returns()[0] == 1.0);
  // Black's four men (a1 d1 g1 a7) are shut in by White's: Black, to move, has lost.
  auto shut = state_at(p, std::string("BW1/3/3/W4W/3/1W1/BBB black") + kHandsEmpty);
  REQUIRE(shut.is_terminal());
  CHECK(shut.returns()[0] == 1.0);
}
