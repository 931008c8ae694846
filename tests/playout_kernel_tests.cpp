// The playout kernels (accel/placement_playouts, accel/step_playouts): in every rules file
// that has one, a whole random playout ends as the same seeded playout played move by move
// does (by the accelerated program and by the reference program), drawing as many numbers;
// and random_ending, which plays an opening move by move before the kernel takes over, ends
// every game as a playout move by move from the start.
#include <catch2/catch.hpp>
#include <filesystem>

#include "playout_comparison.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("Playout kernels end every seeded playout as the plain playout does, from the start and later",
          "[accel][kernel][reference]") {
  int files = 0;
  for (const auto& file : all_rules_files()) {
    auto fast = load_rules(file);
    if (!fast->playout_kernel) continue;
    ++files;
    DYNAMIC_SECTION(std::filesystem::path(file).filename().string()) {
      auto plain = load_rules(file, {.reference = true});
      REQUIRE_FALSE(plain->playout_kernel);
      const uint64_t seeds = fast->cells > 64 ? 40 : 200;
      for (uint64_t seed = 1; seed <= seeds; ++seed) {
        State start(fast);  // a few random moves first: positions with pieces on the board
        Rng walk(seed * 7919);
        MoveSample scratch;
        play_randomly(start, walk, scratch, static_cast<int>(seed % 12));
        if (start.is_terminal() || start.turn_point().segment != TurnPoint::turn) continue;  // an opening: declined
        compare_playouts(start, plain, seed);
      }
    }
  }
  CHECK(files >= 13);  // ten placement games, three step games
}

TEST_CASE("A random ending plays an opening move by move, then the kernel: the game a playout move by move plays",
          "[accel][kernel]") {
  // Fox and Hounds opens with the fox's choice of square, Connect6 with Black's single stone,
  // Hex with the pie rule's offer (openings, which kernels decline); Breakthrough has none. Both end as move by move
  // from the start, seed by seed.
  for (const char* file : {"fox-and-hounds", "breakthrough", "hex-5x5-pie", "connect6"}) {
    INFO(file);
    auto p = load_rules(repo_path(std::string("rules/") + file + ".rules"));
    REQUIRE(p->playout_kernel);
    const State start(p);
    State scratch(p), plain(p);
    MoveSample moves;
    for (uint64_t seed = 1; seed <= 100; ++seed) {
      INFO("seed " << seed);
      Rng rng(seed), plain_rng(seed);
      PlayoutEnd end;
      REQUIRE(random_ending(start, scratch, rng, moves, end));
      plain = start;
      CHECK(play_randomly(plain, plain_rng, moves) == end.plies);
      CHECK(plain.result().winner == end.result.winner);
      CHECK(rng.next() == plain_rng.next());
    }
  }
  // A stop set before the playout: no result.
  auto p = load_rules(repo_path("rules/loa.rules"));
  REQUIRE_FALSE(p->playout_kernel);
  std::atomic<bool> stop{true};
  State scratch(p);
  MoveSample moves;
  Rng rng(1);
  PlayoutEnd end;
  CHECK_FALSE(random_ending(State(p), scratch, rng, moves, end, &stop));
}
