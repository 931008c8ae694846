// The flood fills of kernels/connectivity: the one over the links (any board) and the one
// over bit masks (boards of at most 64 cells) agree on whether a side is one group, and the
// groups both count are those a union of linked pieces finds.
#include <catch2/catch.hpp>
#include <numeric>

#include "kernels/connectivity.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

bool is_mine(const State& s, int side, int c) { return s.at(c) && s.program().owner(s.at(c)) == side; }

// Per cell, the group of `side`'s pieces it belongs to, by merging linked pieces (a
// union-find over the links): a cell of each group names it; other cells name themselves.
std::vector<int> groups_by_union(const State& s, int side) {
  const Program& p = s.program();
  std::vector<int> parent(p.cells);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  for (int c = 0; c < p.cells; ++c)
    for (int x : p.adjacent[c])
      if (is_mine(s, side, c) && is_mine(s, side, x)) parent[root(c)] = root(x);
  for (int c = 0; c < p.cells; ++c) parent[c] = root(c);
  return parent;
}

int group_count_by_union(const State& s, int side) {
  const std::vector<int> group = groups_by_union(s, side);
  int groups = 0;
  for (int c = 0; c < s.program().cells; ++c) groups += is_mine(s, side, c) && group[c] == c;
  return groups;
}

int zone_named(const Program& p, const std::string& name) {
  for (size_t z = 0; z < p.zones.size(); ++z)
    if (p.zones[z].name == name) return static_cast<int>(z);
  return -1;
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
          const int groups = group_count_by_union(s, side);
          CHECK(piece_groups(*p, s.tops(), side) == groups);
          CHECK(mask_groups(*p, s.pieces_mask(side)) == groups);
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

TEST_CASE("Connectivity: a chain between two zones is found as a union of linked pieces finds it", "[kernels]") {
  // Hex 11x11 (past bitboards: the flood over links from the first zone's cell list) and Hex
  // 5x5 (the masks too), every side and position of whole random games: pieces_link and
  // mask_links against a union-find that asks whether one set holds a cell of each zone.
  for (const char* file : {"rules/hex.rules", "rules/hex-5x5.rules"}) {
    INFO(file);
    auto p = load_rules(repo_path(file));
    const Program& prog = *p;
    const int home = zone_named(prog, "home"), goal = zone_named(prog, "goal");
    REQUIRE(home >= 0);
    REQUIRE(goal >= 0);
    int linked = 0, apart = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      Rng rng(seed);
      State s(p);
      MoveList moves;
      for (;;) {
        for (int side = 0; side < prog.player_count(); ++side) {
          const std::vector<int> group = groups_by_union(s, side);
          bool expected = false;
          std::vector<int16_t> from_cells, to_cells;
          uint64_t from_mask = 0, to_mask = 0;
          for (int c = 0; c < prog.cells; ++c) {
            if (prog.in_zone(home, side, c)) from_cells.push_back(static_cast<int16_t>(c));
            if (prog.in_zone(goal, side, c)) to_cells.push_back(static_cast<int16_t>(c));
            if (c < 64 && prog.in_zone(home, side, c)) from_mask |= uint64_t{1} << c;
            if (c < 64 && prog.in_zone(goal, side, c)) to_mask |= uint64_t{1} << c;
          }
          for (int a : from_cells)
            for (int b : to_cells)
              expected = expected || (is_mine(s, side, a) && is_mine(s, side, b) && group[a] == group[b]);
          const std::vector<uint8_t>& to = prog.zones[goal].cells[side];
          CHECK(pieces_link(prog, s.tops(), side, from_cells, to, to_cells) == expected);
          if (prog.bitboards) CHECK(mask_links(prog, s.pieces_mask(side), from_mask, to_mask) == expected);
          (expected ? linked : apart) += 1;
        }
        if (s.is_terminal()) break;
        s.legal_moves(moves);
        s.apply_unchecked(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
      }
    }
    CHECK(linked >= 20);  // every game ends joined
    CHECK(apart > 100);
  }
}
