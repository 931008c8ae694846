// Pentago (rules/pentago.rules): a placement and a quarter turn of one of four blocks
// (`rotate`), rows judged after each ply (`after-move each-step`). tests/pentago/
// reference_pentago.py checks the same file against an independent generator.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("Pentago: 36 marbles, then eight block turns each", "[pentago][perft]") {
  State s(load_rules(repo_path("rules/pentago.rules")));
  CHECK(perft(s, 1) == 36);
  CHECK(perft(s, 2) == 288);
  CHECK(perft(s, 4) == 80640);
  s.apply(move_of(s, "W@a3"));
  CHECK(move_strings(s) == std::vector<std::string>{"rotate:q-ne:ccw", "rotate:q-ne:cw", "rotate:q-nw:ccw",
                                                    "rotate:q-nw:cw", "rotate:q-se:ccw", "rotate:q-se:cw",
                                                    "rotate:q-sw:ccw", "rotate:q-sw:cw"});
}

TEST_CASE("Pentago: a quarter turn carries the block's marbles round its centre", "[pentago][rule]") {
  auto p = load_rules(repo_path("rules/pentago.rules"));
  State s(p);
  s.apply(move_of(s, "W@a3"));  // the north-west corner of q-sw
  s.apply(move_of(s, "rotate:q-sw:cw"));
  CHECK(symbol_at(s, "a3") == ".");
  CHECK(symbol_at(s, "c3") == "W");  // clockwise: north-west to north-east
  s.apply(move_of(s, "B@b2"));       // the centre stays
  s.apply(move_of(s, "rotate:q-sw:ccw"));
  CHECK(symbol_at(s, "a3") == "W");
  CHECK(symbol_at(s, "b2") == "B");
  CHECK(s.current_player() == 0);
}

TEST_CASE("Pentago: five wins after the marble or the turn, five for both is a draw", "[pentago][rule]") {
  auto p = load_rules(repo_path("rules/pentago.rules"));
  // The marble alone makes five: the game ends before the block turns.
  auto s = state_at(p, "WWWW2/BBBB2/6/6/2W3/2B3 white");
  s.apply(move_of(s, "W@e6"));
  REQUIRE(s.is_terminal());
  CHECK(s.returns()[0] == 1.0);
  // The turn of q-nw: clockwise White's five, anticlockwise both sides' five.
  const std::string both = "B1W1W1/WWB3/WB1B2/3WBW/3BWB/B2W2 white; at=turn:2";
  auto w = state_at(p, both);
  w.apply(move_of(w, "rotate:q-nw:cw"));
  REQUIRE(w.is_terminal());
  CHECK(w.returns()[0] == 1.0);
  auto d = state_at(p, both);
  d.apply(move_of(d, "rotate:q-nw:ccw"));
  REQUIRE(d.is_terminal());
  CHECK(d.returns() == std::vector<double>{0.0, 0.0});
}
