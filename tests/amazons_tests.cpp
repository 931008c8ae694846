// Amazons (rules/amazons.rules, rules/amazons-6x6.rules): a turn of two steps, a queen's move
// and an arrow shot from where it landed (`place arrow where=sees(last)`). Published perft in
// turns is Tabula's in plies at twice the depth; tests/amazons/reference_amazons.py checks
// the same files against an independent generator.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "engine/text/position_text.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("Amazons: 2,176 first moves and 4,307,152 after two turns, a ply each for queen and arrow",
          "[amazons][perft]") {
  State s(load_rules(repo_path("rules/amazons.rules")));
  CHECK(perft(s, 1) == 80);  // the queens' moves alone
  CHECK(perft(s, 2) == 2176);
  CHECK(perft(s, 4) == 4307152);
}

TEST_CASE("Amazons: the arrow flies from where the queen landed, across the cell it left", "[amazons][rule]") {
  auto p = load_rules(repo_path("rules/amazons.rules"));
  State s(p);
  s.apply(move_of(s, "d1-d5"));
  CHECK(s.current_player() == 0);  // the same turn: White shoots
  const auto arrows = move_strings(s);
  CHECK(std::count(arrows.begin(), arrows.end(), "X@d1") == 1);   // back onto the cell it left
  CHECK(std::count(arrows.begin(), arrows.end(), "X@d10") == 0);  // a black queen's cell
  CHECK(std::count(arrows.begin(), arrows.end(), "X@c1") == 0);   // not in line with d5
  CHECK(arrows.size() == 32);  // 4 + 4 up and down, 6 + 3 across, 5 + 3 + 4 + 3 on the diagonals
  // The landing is part of the position between the two plies, and reads back.
  const std::string mid = position_string(s);
  CHECK(mid.find("last=d5") != std::string::npos);
  CHECK(move_strings(state_at(p, mid)) == arrows);
  s.apply(move_of(s, "X@h9"));
  CHECK(s.current_player() == 1);
  CHECK(symbol_at(s, "h9") == "X");
}

TEST_CASE("Amazons: a side whose queens cannot move loses", "[amazons][rule]") {
  auto p = load_rules(repo_path("rules/amazons-6x6.rules"));
  // White's queens (b5, e1) are shut in; Black's one move, d5-d4, and either arrow end it.
  auto s = state_at(p, "XXXXXX/XWXBXX/XXX1XX/X2XXX/XXXXXX/XXXXWX black");
  CHECK(move_strings(s) == std::vector<std::string>{"d5-d4"});
  s.apply(move_of(s, "d5-d4"));
  CHECK(move_strings(s) == std::vector<std::string>{"X@c3", "X@d5"});
  s.apply(move_of(s, "X@d5"));
  REQUIRE(s.is_terminal());
  CHECK(s.returns()[1] == 1.0);  // White, to move, has no queen move
}
