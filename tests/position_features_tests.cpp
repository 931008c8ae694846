// The terms of the generic evaluation (engine/position_features) are what a plain reading of
// the board gives: material with the counters under a column's top at half their value,
// centrality, groups and scatter of each side's pieces. The features list each side's cells
// once and count groups set-wise where the board allows; this reads cell by cell, with a
// union of linked pieces for the groups, along whole random games.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "engine/position_features.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

struct PlainTerms {
  double material = 0, centre = 0, groups = 0, scatter = 0;
};

PlainTerms plain_terms(const State& s, int side) {
  const Program& p = s.program();
  PlainTerms t;
  double cx = 0, cy = 0;
  for (int c = 0; c < p.cells; ++c) cx += p.board->cell(c).x / p.cells, cy += p.board->cell(c).y / p.cells;
  std::vector<int> mine;
  for (int c = 0; c < p.cells; ++c) {
    for (int level = 0; level < s.height(c); ++level) {
      const uint8_t code = s.counter(c, level);
      if (p.owner(code) == side) t.material += p.kinds[p.kind(code)].value * (level + 1 == s.height(c) ? 1.0 : 0.5);
    }
    if (s.at(c) && p.owner(s.at(c)) == side) mine.push_back(c);
  }
  std::vector<int> parent(p.cells);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  auto is_mine = [&](int c) { return std::find(mine.begin(), mine.end(), c) != mine.end(); };
  double sx = 0, sy = 0;
  for (int c : mine) {
    const auto& cell = p.board->cell(c);
    t.centre -= std::max(std::abs(cell.x - cx), std::abs(cell.y - cy));
    sx += cell.x, sy += cell.y;
    for (int x : p.adjacent[c])
      if (is_mine(x)) parent[root(c)] = root(x);
  }
  for (int c : mine) t.groups += root(c) == c;
  if (mine.empty()) return t;
  t.centre /= static_cast<double>(mine.size());
  if (mine.size() < 2) return t;
  sx /= static_cast<double>(mine.size()), sy /= static_cast<double>(mine.size());
  for (int c : mine) t.scatter += std::max(std::abs(p.board->cell(c).x - sx), std::abs(p.board->cell(c).y - sy));
  t.scatter /= static_cast<double>(mine.size());
  return t;
}

}  // namespace

TEST_CASE("Position features: material, centre, groups and scatter as a plain reading gives them", "[ai]") {
  // Bitboards and lists, stacks, four sides, a board past 64 cells.
  for (const char* file :
       {"rules/loa.rules", "rules/laska.rules", "rules/lanko-88.rules", "rules/hex.rules", "rules/othello.rules"}) {
    INFO(file);
    auto p = load_rules(repo_path(file));
    const PositionFeatures features(*p);
    const int material = features.index("material"), centre = features.index("centre");
    const int groups = features.index("groups"), scatter = features.index("scatter");
    REQUIRE(material >= 0);
    REQUIRE(centre >= 0);
    std::vector<double> out;
    int compared = 0;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Rng rng(seed);
      State s(p);
      MoveList moves;
      for (int ply = 0; ply < 200 && !s.is_terminal(); ++ply) {
        features.compute(s, out);
        for (int side = 0; side < p->player_count(); ++side) {
          const PlainTerms t = plain_terms(s, side);
          const double* v = &out[static_cast<size_t>(side) * features.size()];
          CHECK(v[material] == Approx(t.material));
          CHECK(v[centre] == Approx(t.centre).margin(1e-9));
          if (groups >= 0) CHECK(v[groups] == t.groups);
          if (scatter >= 0) CHECK(v[scatter] == Approx(t.scatter).margin(1e-9));
          ++compared;
        }
        s.legal_moves(moves);
        s.apply_unchecked(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
      }
    }
    CHECK(compared > 100);
  }
}

TEST_CASE("Position features: a row goal's chances are the windows a side can still fill", "[ai]") {
  auto p = load_rules(repo_path("rules/connect-four.rules"));
  const PositionFeatures features(*p);
  const int chances = features.index("chances.longest-row");
  REQUIRE(chances >= 0);
  std::vector<double> out;
  auto term = [&](const std::string& position, int side) {
    features.compute(state_at(p, position), out);
    return out[static_cast<size_t>(side) * features.size() + static_cast<size_t>(chances)];
  };
  CHECK(term("7/7/7/7/7/7 red", 0) == 0);  // no piece: no window holds one
  // Red on a1: the windows a1-d1, a1-a4 and a1-d4 hold one piece of four each.
  CHECK(term("7/7/7/7/7/R6 yellow", 0) == Approx(3.0 / 16));
  // Yellow on b1 closes a1-d1 to Red. Yellow's open windows through b1: b1-e1 (a1-d1 holds
  // Red), b1-b4 and b1-e4 (up and to the left, the board ends after a2).
  CHECK(term("7/7/7/7/7/RY5 red", 0) == Approx(2.0 / 16));
  CHECK(term("7/7/7/7/7/RY5 red", 1) == Approx(3.0 / 16));
  // Three red in a row with both ends open: each of the two windows holding all three adds
  // 9/16, the others through them less; a yellow piece at an end closes one of the two.
  const double open = term("7/7/7/7/7/1RRR3 yellow", 0), closed = term("7/7/7/7/7/YRRR3 yellow", 0);
  CHECK(open > closed);
  CHECK(open - closed == Approx(9.0 / 16));

  // Yavalath: four wins (a chance to reach), exactly three loses (no chance term for it).
  auto yavalath = load_rules(repo_path("rules/yavalath.rules"));
  const PositionFeatures yf(*yavalath);
  CHECK(yf.index("chances.longest-row") >= 0);
  CHECK(yf.index("chances.rows") < 0);
  // Gomoku exactly five: the windows of five for rows(mover, 5) > 0.
  auto exact = load_rules(repo_path("rules/gomoku-exact.rules"));
  CHECK(PositionFeatures(*exact).index("chances.rows") >= 0);
}

TEST_CASE("Position features: a score of several terms is weighed term by term, adding up to the score", "[ai]") {
  auto p = load_rules(repo_path("rules/lanquia.rules"));
  const PositionFeatures features(*p);
  CHECK(features.index("score") < 0);
  const int captures = features.index("score.captures"), territory = features.index("score.territory");
  REQUIRE(captures >= 0);
  REQUIRE(territory >= 0);
  // Along random games: the captures term is the side's count of captured stones, and with
  // the territory term it makes the score the game ends on.
  std::vector<double> out;
  int with_captures = 0, with_territory = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Rng rng(seed);
    State s(p);
    MoveList moves;
    while (!s.is_terminal()) {
      features.compute(s, out);
      for (int side = 0; side < 2; ++side) {
        const size_t at = static_cast<size_t>(side) * features.size();
        const double c = out[at + static_cast<size_t>(captures)], t = out[at + static_cast<size_t>(territory)];
        CHECK(c == static_cast<double>(s.var(p->captured_var[side])));
        CHECK(c + t == static_cast<double>(score(s, side)));
        with_captures += c > 0, with_territory += t > 0;
      }
      s.legal_moves(moves);
      s.apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
  }
  CHECK(with_captures > 100);
  CHECK(with_territory > 100);

  // A komi goes with the first term, so the terms still add up to what the game compares.
  auto komi =
      load_rules(temp_rules("features_komi.rules",
                            "variant \"Komi\" extends \"" + repo_path("rules/lanquia.rules") + "\"\nkomi white=2.5\n"));
  PositionFeatures komi_features(*komi);
  komi_features.compute(State(komi), out);
  CHECK(out[static_cast<size_t>(captures)] == 0);
  CHECK(out[komi_features.size() + static_cast<size_t>(captures)] == 2.5);

  // A score of one term is one term, named `score`.
  const PositionFeatures go(*load_rules(repo_path("rules/go.rules")));
  CHECK(go.index("score") >= 0);
  CHECK(go.index("score.values") < 0);
}
