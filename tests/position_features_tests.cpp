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
