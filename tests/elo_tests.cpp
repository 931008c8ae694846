// Elo ratings by maximum likelihood (studies/elo).
#include <catch2/catch.hpp>
#include <cmath>

#include "studies/elo.hpp"

using namespace tabula;

TEST_CASE("Elo: the rating difference matches the score, ratings average 0", "[elo][ai]") {
  // 300 points of 400 is odds of 3: 400 log10(3) = 190.8 Elo (the virtual draws pull it in a little).
  auto r = elo_ratings({"a", "b"}, {PairScore{0, 1, 300, 400}});
  REQUIRE(r.size() == 2);
  CHECK(r[0].name == "a");
  CHECK(r[0].elo - r[1].elo == Approx(400 * std::log10(3.0)).margin(3));
  CHECK(r[0].elo + r[1].elo == Approx(0).margin(1e-6));
  CHECK(r[0].points == 300);
  CHECK(r[1].points == 100);
  CHECK(r[0].games == 400);
  CHECK(r[0].ci.low < r[0].elo);
  CHECK(r[0].ci.high > r[0].elo);
  // Fewer games, the same share: the same estimate nearly, a wider interval.
  auto few = elo_ratings({"a", "b"}, {PairScore{0, 1, 30, 40}});
  CHECK(few[0].ci.high - few[0].ci.low > 2 * (r[0].ci.high - r[0].ci.low));
}

TEST_CASE("Elo: a player who won every game gets a finite rating - draws count half", "[elo][ai]") {
  auto r = elo_ratings({"strong", "weak"}, {PairScore{0, 1, 10, 10}});
  CHECK(std::isfinite(r[0].elo));
  CHECK(r[0].elo > 200);
  CHECK(r[1].elo == Approx(-r[0].elo));
  auto even = elo_ratings({"x", "y"}, {PairScore{0, 1, 5, 10}});  // all draws, or five wins each
  CHECK(even[0].elo == Approx(0).margin(1e-6));
}

TEST_CASE("Elo: three players rated from all games at once, in a consistent order", "[elo][ai]") {
  // a beats b 3:1, b beats c 3:1, a beats c 9:1 (the odds multiply: transitive).
  std::vector<PairScore> scores{{0, 1, 30, 40}, {1, 2, 30, 40}, {0, 2, 36, 40}};
  auto r = elo_ratings({"a", "b", "c"}, scores);
  CHECK(r[0].elo > r[1].elo);
  CHECK(r[1].elo > r[2].elo);
  CHECK(r[0].elo + r[1].elo + r[2].elo == Approx(0).margin(1e-6));
  CHECK(r[0].games == 80);
  // The order of the pairs does not matter.
  auto reversed = elo_ratings({"a", "b", "c"}, {scores[2], scores[1], scores[0]});
  for (int i = 0; i < 3; ++i) CHECK(reversed[i].elo == Approx(r[i].elo).margin(1e-6));
}
