// The flood fills of kernels/connectivity: the one over the links (any board) and the one
// over bit masks (boards of at most 64 cells) agree on whether a side is one group, and the
// groups counted by the first are those a union of linked pieces finds.
#include <catch2/catch.hpp>
#include <numeric>

#include "kernels/connectivity.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// The groups of `side`'s pieces by merging linked pieces (a union-find over the links).
int groups_by_union(const State& s, int side) {
  const Program& p = s.program();
  std::vector<int> parent(p.cells);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  auto mine = [&](int c) { return s.at(c) && p.owner(s.at(c)) == side; };
  for (int c = 0; c < p.cells; ++c)
    for (int x : p.adjacent[c])
      if (mine(c) && mine(x)) parent[root(c)] = root(x);
  int groups = 0;
  for (int c = 0; c < p.cells; ++c) groups += mine(c) && root(c) == c;
  return groups;
}

}  // namespace

TEST_CASE("Connectivity: the flood fills agree with each other and with a union of linked pieces", "[kernels]") {
  for (const char* file : {"rules/loa.rules", "rules/loa-scrambled-eggs.rules", "rules/hex-5x5.rules"}) {
    INFO(file);
    auto p = load_rules(repo_path(file));
    REQUIRE(p->bitboards);
    int split = 0, whole = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      Rng rng(seed);
      State s(p);
      MoveList moves;
      auto compare = [&] {
        for (int side = 0; side < p->player_count(); ++side) {
          const int groups = groups_by_union(s, side);
          CHECK(piece_groups(*p, s.tops(), side) == groups);
          const bool one = pieces_connected(*p, s.tops(), side, s.piece_count(side));
          CHECK(one == (groups <= 1));
          CHECK(mask_connected(*p, s.pieces_mask(side)) == one);
          (one ? whole : split) += 1;
        }
      };
      while (!s.is_terminal()) {
        compare();
        s.legal_moves(moves);
        s.apply_unchecked(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
      }
      compare();  // the end: in LOA, a side joined in one group
    }
    CHECK(split > 0);  // both answers were asked for
    CHECK(whole > 0);
  }
}
