// Fox and Hounds (rules/fox-and-hounds.rules): the fox's choice of square, its moves and the
// hounds', and the three ways the game ends.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {
std::shared_ptr<const Program> rules() { return load_rules(repo_path("rules/fox-and-hounds.rules")); }
}  // namespace

TEST_CASE("Fox and Hounds: perft from the start", "[fox-and-hounds][perft]") {
  // By hand to depth 3: the fox chooses one of four squares (4); from b8, d8 and f8 it has two
  // moves and from h8 one (7); the hounds then have seven (49).
  State s(rules());
  const uint64_t expected[] = {4, 7, 49, 182, 1118, 3096, 18792};
  for (int depth = 1; depth <= 7; ++depth) {
    INFO("depth " << depth);
    CHECK(perft(s, depth) == expected[depth - 1]);
  }
}

TEST_CASE("Fox and Hounds: the fox chooses its square on the far rank, then moves first", "[fox-and-hounds]") {
  State s(rules());
  CHECK(move_strings(s) == std::vector<std::string>{"F@b8", "F@d8", "F@f8", "F@h8"});
  s.apply(move_of(s, "F@h8"));
  CHECK(s.current_player() == 0);  // the fox again
  CHECK(move_strings(s) == std::vector<std::string>{"h8-g7"});
  s.apply(move_of(s, "h8-g7"));
  CHECK(move_strings(s) == std::vector<std::string>{"a1-b2", "c1-b2", "c1-d2", "e1-d2", "e1-f2", "g1-f2", "g1-h2"});
}

TEST_CASE("Fox and Hounds: the fox wins on the hounds' rank, loses boxed in, and wins when the hounds are stuck",
          "[fox-and-hounds]") {
  auto p = rules();
  State home = state_at(p, "4/4/4/4/4/HHHH/F3/4 fox");
  CHECK(move_strings(home) == std::vector<std::string>{"b2-a1", "b2-c1"});
  home.apply(move_of(home, "b2-a1"));
  CHECK(home.result().over);
  CHECK(home.result().winner == 0);
  const State boxed = state_at(p, "3F/3H/4/4/4/4/4/4 fox");  // h8, its one neighbour g7 taken
  CHECK(boxed.result().over);
  CHECK(boxed.result().winner == 1);
  const State stuck = state_at(p, "HHHH/F3/4/4/4/4/4/4 hounds");  // no rank ahead of them
  CHECK(stuck.result().over);
  CHECK(stuck.result().winner == 0);
}
