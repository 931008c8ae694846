// The set-wise paths (kernels/shifts.hpp) against the cell-by-cell ones they stand for,
// position by position along random games: steps fused into one generator for a whole side
// (constructs/movement/step.cpp) write the moves the per-piece loop writes, in its order
// (seeded games depend on the order); flanks(P) as a mask (where= of a placement) finds the
// cells the walking flank test (kernels/flanking.hpp) finds.
#include <catch2/catch.hpp>
#include <string>
#include <typeinfo>

#include "engine/generate.hpp"
#include "engine/state.hpp"
#include "engine/text/move_text.hpp"
#include "kernels/flanking.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// The moves of the per-piece loop: the mover's pieces in cell order, each by the movements of
// its kind in rule order, each movement called for that one piece.
MoveList per_piece_moves(const State& s) {
  const Program& p = s.program();
  GenContext g{s, p, s.current_player(), s.current_seat()};
  g.mine = s.pieces_mask(g.mover);
  g.occupied = s.occupied_mask();
  MoveList out;
  for (int c = 0; c < p.cells; ++c)
    if (s.at(c) && p.code_owner[s.at(c)] == g.mover)
      for (const Movement* mv : p.movements[__builtin_ctz(p.code_kind_bit[s.at(c)])]) mv->generate(g, c, out);
  return out;
}

bool has_fused_steps(const Program& p) { return accelerated(p, "fused steps"); }

}  // namespace

TEST_CASE("Fused steps write the per-piece loop's moves, in its order", "[generation]") {
  for (const char* game : {"breakthrough", "english-draughts", "laska"}) {
    INFO(game);
    auto p = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    REQUIRE(has_fused_steps(*p));
    int compared = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      State s(p);
      Rng rng(seed);
      MoveList legal;
      for (s.legal_moves(legal); !legal.empty(); s.legal_moves(legal)) {
        if (legal[0].steps == 0 && legal[0].kind == Move::piece) {  // no capture sequence to play first
          MoveList expected = per_piece_moves(s);
          REQUIRE(legal.size() == expected.size());
          for (size_t i = 0; i < legal.size(); ++i) {
            INFO(move_text(s, legal[i]) << " against " << move_text(s, expected[i]));
            CHECK(legal[i] == expected[i]);
            CHECK(legal[i].captures == expected[i].captures);
            CHECK(legal[i].promotion == expected[i].promotion);
          }
          ++compared;
        }
        s.apply_unchecked(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      }
    }
    CHECK(compared > 500);
  }
}

TEST_CASE("flanks(P) as a mask finds the placements the walking flank test finds", "[generation]") {
  for (const char* game : {"othello", "othello-6x6"}) {
    INFO(game);
    auto p = load_rules(repo_path(std::string("rules/") + game + ".rules"));
    int compared = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
      State s(p);
      Rng rng(seed);
      MoveList legal;
      for (s.legal_moves(legal); !legal.empty(); s.legal_moves(legal)) {
        std::vector<int> expected, placed;
        for (int c = 0; c < p->cells; ++c) {
          bool flanks = false;
          for (int d = 0; d < p->dirs; ++d) flanks = flanks || flanked_run(*p, s.tops(), c, d, s.current_player()) > 0;
          if (!s.at(c) && flanks) expected.push_back(c);
        }
        for (const Move& m : legal)
          if (m.kind == Move::place) placed.push_back(m.to);
        CHECK(placed == expected);
        ++compared;
        s.apply_unchecked(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      }
    }
    CHECK(compared > 1000);
  }
}
