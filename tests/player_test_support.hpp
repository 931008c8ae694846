#pragma once
// What the tests of the players and the studies share: the programs they play most, a
// seating that fails the test when it cannot be made, and the seed's win-in-one position.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "studies/seating.hpp"
#include "test_support.hpp"

namespace tabula::testing {

inline std::shared_ptr<const Program> loa() {
  static auto p = load_rules(repo_path("rules/loa.rules"));
  return p;
}
// A tiny game the second player always wins (tests/data/second-player-wins.rules).
inline std::shared_ptr<const Program> second_player_wins() {
  static auto p = load_rules(repo_path("tests/data/second-player-wins.rules"));
  return p;
}

// The seating of `players` in `p`'s seats; fails the test when it has none.
inline Seating seating(std::shared_ptr<const Program> p, std::vector<std::string> players, bool round_robin = false) {
  std::string error;
  auto s = make_seating(*p, players, round_robin, error);
  INFO(error);
  REQUIRE(s);
  return *s;
}

// The seed's example: White to move wins at once with c2-c5.
constexpr const char* kWinInOne = "8/8/1W1WB3/8/1BWW4/1WW1B3/2W2B2/8 white";

}  // namespace tabula::testing
