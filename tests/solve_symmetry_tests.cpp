// Symmetries the solver uses (solve/symmetry): found from the board's drawing and links,
// kept only where the rules respect them, and giving the values a solve without them gives.
#include <algorithm>

#include "solve/solver.hpp"
#include "solve/symmetry.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::vector<std::string> names_of(const Symmetries& s) {
  std::vector<std::string> out;
  for (const auto& sym : s.list()) out.push_back(sym.name);
  std::sort(out.begin(), out.end());
  return out;
}

Solution solve_with(const std::string& path, bool symmetries) {
  auto p = load_rules(repo_path(path));
  SolveOptions o;
  o.use_symmetries = symmetries;
  auto table = table_within(*p, size_t{64} << 20, o);
  return Solver(table, o).solve(State(p));
}

}  // namespace

TEST_CASE("Symmetries: a square board's turns and mirrors where the rules respect them, none they do not",
          "[solve][symmetry]") {
  // Tic-tac-toe: all eight maps of the square.
  Symmetries ttt = Symmetries::of(load_rules(repo_path("rules/tic-tac-toe.rules")));
  CHECK(ttt.list().size() == 7);
  CHECK(ttt.positions_checked() > 100);
  // Connect Four: the mirror only (the pieces fall down).
  Symmetries c4 = Symmetries::of(load_rules(repo_path("tests/solve/connect-four-5x4.rules")));
  CHECK(names_of(c4) == std::vector<std::string>{"a mirror"});
  // Breakthrough: the mirror only (each side moves forward, the half turn swaps their
  // directions and is refused).
  Symmetries bt = Symmetries::of(load_rules(repo_path("rules/breakthrough.rules")));
  CHECK(names_of(bt) == std::vector<std::string>{"a mirror"});
  CHECK(bt.report().find("refused: a half turn") != std::string::npos);
}

TEST_CASE("Symmetries: Hex keeps its half turn and refuses the mirrors that swap the two sides' edges",
          "[solve][symmetry]") {
  Symmetries hex = Symmetries::of(load_rules(repo_path("rules/hex-5x5.rules")));
  INFO(hex.report());
  CHECK(names_of(hex) == std::vector<std::string>{"a half turn"});
  // The mirrors about the diagonals land every cell on a cell and keep the links, but they
  // give red's edges to blue.
  CHECK(hex.report().find("refused: a mirror and a turn by 240 degrees (a zone goes onto no zone)") !=
        std::string::npos);
}

TEST_CASE("Symmetries: a rule that reads a direction the map turns is caught on random games", "[solve][symmetry]") {
  // No zone, a square board: only the moves tell that the pieces go north.
  auto p = rules_with_repo_board("north.rules", R"(game "North"
board "square3.yaml"
player white symbol=W
player black symbol=B
piece stone
setup {
  white stone: a1 c1
  black stone: b2
}
move stone {
  step dirs=n land=empty|enemy
}
after-move {
  win mover if pieces(opponent) == 0
}
)");
  Symmetries s = Symmetries::of(p);
  INFO(s.report());
  CHECK(names_of(s) == std::vector<std::string>{"a mirror"});
  CHECK(s.report().find("refused: a half turn (the rules tell a position from its image)") != std::string::npos);
}

TEST_CASE("Symmetries: an image's hash is the hash of the position built with its cells moved", "[solve][symmetry]") {
  for (const char* path : {"rules/tic-tac-toe.rules", "rules/hex-5x5.rules", "rules/othello-6x6.rules"}) {
    INFO(path);
    auto p = load_rules(repo_path(path));
    Symmetries syms = Symmetries::of(p, 8);
    REQUIRE_FALSE(syms.empty());
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      State s = random_game_to_end(p, seed);
      while (s.ply() > 0) {
        for (const auto& sym : syms.list()) {
          State image = Symmetries::image(s, sym);
          CHECK(image.hash() == Symmetries::image_hash(s, sym));
          CHECK(Solver::check_of(s, &sym) == Solver::check_of(image));
          CHECK(Solver::key_of(s, &sym) == Solver::key_of(image));
        }
        s.undo();
      }
    }
  }
}

TEST_CASE("Symmetries: solves with and without them give every move the same value, with fewer positions",
          "[solve][symmetry][release-only]") {
  for (const char* path : {"tests/solve/hex-4x4.rules", "tests/solve/connect-four-5x4.rules",
                           "tests/solve/tic-tac-toe-misere.rules", "tests/solve/othello-4x4.rules"}) {
    INFO(path);
    Solution with = solve_with(path, true), without = solve_with(path, false);
    REQUIRE(with.proven());
    REQUIRE(without.proven());
    CHECK(with.value.lower == without.value.lower);
    REQUIRE(with.moves.size() == without.moves.size());
    for (size_t i = 0; i < with.moves.size(); ++i) {
      INFO(with.moves[i].text);
      CHECK(with.moves[i].value.lower == without.moves[i].value.lower);
      CHECK(with.moves[i].value.upper == without.moves[i].value.upper);
    }
    CHECK(with.symmetries != "none");
    CHECK(with.symmetric_moves > 0);
    CHECK(without.symmetries == "none");
    CHECK(with.nodes < without.nodes);
  }
}
