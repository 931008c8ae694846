// The solver (interpreter/solve): exact values of small games whose values are published
// (each file in tests/solve/ names its source), the two methods against each other, budgets
// that run out with bounds that hold, a bounded table that evicts, and the table's file.
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "solve/solver.hpp"
#include "solve/table_file.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

Solution solve_file(const std::string& path, SolveOptions options = {}, size_t memory = size_t{64} << 20) {
  auto p = load_rules(repo_path(path));
  auto table = table_within(*p, memory, options);
  return Solver(table, options).solve(State(p));
}

// The first moves of a given value (for the player who makes them), sorted.
std::vector<std::string> moves_valued(const Solution& s, int32_t value) {
  std::vector<std::string> out;
  for (const auto& m : s.moves)
    if (m.value.exact() && m.value.lower == value) out.push_back(m.text);
  std::sort(out.begin(), out.end());
  return out;
}

SolveOptions method(SolveOptions::Method m) {
  SolveOptions o;
  o.method = m;
  return o;
}

// The automatic method (alpha-beta, then proof numbers), and each alone.
const SolveOptions::Method kMethods[] = {SolveOptions::Method::automatic, SolveOptions::Method::alphabeta,
                                         SolveOptions::Method::proof_numbers};

}  // namespace

TEST_CASE("Solve: tic-tac-toe is a draw in every first move and its best line ends drawn", "[solve]") {
  for (auto m : kMethods) {
    Solution s = solve_file("rules/tic-tac-toe.rules", method(m));
    INFO(static_cast<int>(m));
    REQUIRE(s.proven());
    CHECK(value_word(s.value, s.scored) == "draw");
    CHECK(moves_valued(s, 0).size() == 9);
    CHECK(s.stopped.empty());
    // The line of best play is a whole game that ends drawn.
    auto p = load_rules(repo_path("rules/tic-tac-toe.rules"));
    State g(p);
    for (const auto& text : s.pv) g.apply(move_of(g, text));
    CHECK(g.is_terminal());
    CHECK(g.result().winner == -1);
  }
}

TEST_CASE("Solve: misere tic-tac-toe is a draw that only the centre keeps", "[solve]") {
  Solution s = solve_file("tests/solve/tic-tac-toe-misere.rules");
  REQUIRE(s.proven());
  CHECK(value_word(s.value, false) == "draw");
  CHECK(moves_valued(s, 0) == std::vector<std::string>{"X@b2"});
  CHECK(moves_valued(s, -kSolvedWin).size() == 8);
}

TEST_CASE("Solve: three in a row on 4x4 is won by every first move", "[solve]") {
  Solution s = solve_file("tests/solve/three-in-a-row-4x4.rules");
  REQUIRE(s.proven());
  CHECK(value_word(s.value, false) == "win");
  CHECK(moves_valued(s, kSolvedWin).size() == 16);
}

TEST_CASE("Solve: Hex 4x4 is won by exactly the four cells of the short diagonal", "[solve][release-only]") {
  for (auto m : kMethods) {
    INFO(static_cast<int>(m));
    Solution s = solve_file("tests/solve/hex-4x4.rules", method(m));
    REQUIRE(s.proven());
    CHECK(value_word(s.value, false) == "win");
    CHECK(moves_valued(s, kSolvedWin) == std::vector<std::string>{"R@a4", "R@b3", "R@c2", "R@d1"});
    CHECK(moves_valued(s, -kSolvedWin).size() == 12);
    // The line of best play ends with the first player's connection.
    auto p = load_rules(repo_path("tests/solve/hex-4x4.rules"));
    State g(p);
    for (const auto& text : s.pv) g.apply(move_of(g, text));
    CHECK(g.is_terminal());
    CHECK(g.result().winner == 0);
  }
}

TEST_CASE("Solve: misere Hex 4x4 is a first-player win in 14 of 16 openings", "[solve][release-only]") {
  Solution s = solve_file("tests/solve/hex-4x4-misere.rules", {}, size_t{256} << 20);
  REQUIRE(s.proven());
  CHECK(value_word(s.value, false) == "win");
  CHECK(moves_valued(s, kSolvedWin).size() == 14);
  CHECK(moves_valued(s, -kSolvedWin) == std::vector<std::string>{"R@b3", "R@c2"});
}

TEST_CASE("Solve: Connect Four on small boards as John Tromp's table gives them", "[solve][release-only]") {
  // Tromp's table (tests/solve/connect-four-*.rules name it): 4x4, 5x4 and 4x5 are draws.
  for (const char* file : {"tests/solve/connect-four-4x4.rules", "tests/solve/connect-four-5x4.rules",
                           "tests/solve/connect-four-4x5.rules"}) {
    INFO(file);
    Solution s = solve_file(file, {}, size_t{256} << 20);
    REQUIRE(s.proven());
    CHECK(value_word(s.value, false) == "draw");
  }
}

TEST_CASE("Solve: Connect Four 6x4 is a second-player win (Tromp's table)", "[solve][release-only]") {
  Solution s = solve_file("tests/solve/connect-four-6x4.rules", {}, size_t{256} << 20);
  REQUIRE(s.proven());
  CHECK(value_word(s.value, false) == "loss");
  CHECK(moves_valued(s, -kSolvedWin).size() == 6);
}

TEST_CASE("Solve: Amazons 4x4 is a second-player win (Mueller 2001 and Song and Mueller 2015)",
          "[solve][release-only]") {
  Solution s = solve_file("tests/solve/amazons-4x4.rules", {}, size_t{256} << 20);
  REQUIRE(s.proven());
  CHECK(value_word(s.value, false) == "loss");
  CHECK(moves_valued(s, -kSolvedWin).size() == s.moves.size());
}

TEST_CASE("Solve: Othello 4x4 ends 3-11 under perfect play as an exact score difference", "[solve]") {
  // Scored games are solved by alpha-beta over the disc difference (tests/solve/othello-4x4.rules
  // names the published result).
  for (auto m : kMethods) {  // a score is alpha-beta's whatever the method asked
    INFO(static_cast<int>(m));
    Solution s = solve_file("tests/solve/othello-4x4.rules", method(m));
    REQUIRE(s.scored);
    REQUIRE(s.proven());
    CHECK(value_word(s.value, true) == "-8");
    CHECK(s.value.lower == -16);  // half points
  }
}

TEST_CASE("Solve: a budget that runs out gives bounds that hold and never a guess", "[solve]") {
  for (auto m : kMethods) {
    INFO(static_cast<int>(m));
    SolveOptions o = method(m);
    o.nodes = 20000;
    Solution s = solve_file("tests/solve/hex-4x4.rules", o);
    CHECK_FALSE(s.stopped.empty());
    CHECK(s.stopped.find("node budget (20000)") != std::string::npos);
    CHECK(s.nodes < 40000);
    // The truth (a win; d1 c2 b3 a4 win, the rest lose) lies within every bound.
    CHECK(s.value.upper == kSolvedWin);
    for (const auto& mv : s.moves) {
      const bool wins = mv.text == "R@d1" || mv.text == "R@c2" || mv.text == "R@b3" || mv.text == "R@a4";
      const int32_t truth = wins ? kSolvedWin : -kSolvedWin;
      CHECK(mv.value.lower <= truth);
      CHECK(mv.value.upper >= truth);
    }
  }
}

TEST_CASE("Solve: a table far too small evicts and stays within its memory and still proves", "[solve]") {
  for (auto m : kMethods) {
    INFO(static_cast<int>(m));
    Solution s = solve_file("tests/solve/connect-four-4x4.rules", method(m), size_t{1} << 20);
    REQUIRE(s.proven());
    CHECK(value_word(s.value, false) == "draw");
    CHECK(s.table_bytes <= size_t{1} << 20);
    CHECK(s.evictions > 0);
  }
}

TEST_CASE("Solve: value only stops at the first winning move and leaves the rest as bounds", "[solve][release-only]") {
  SolveOptions o;
  o.value_only = true;
  Solution s = solve_file("tests/solve/hex-4x4.rules", o);
  REQUIRE(s.proven());
  CHECK(value_word(s.value, false) == "win");
  CHECK(s.stopped.empty());
  // The first winning move found, and its image by the board's half turn (not searched).
  CHECK(moves_valued(s, kSolvedWin).size() == 2);
  CHECK(s.symmetric_moves > 0);
  const auto unknown =
      std::count_if(s.moves.begin(), s.moves.end(), [](const SolvedMove& m) { return !m.value.exact(); });
  CHECK(unknown > 0);
  CHECK(s.nodes < solve_file("tests/solve/hex-4x4.rules").nodes);
}

TEST_CASE("Solve: several threads share the root's moves and agree with one", "[solve]") {
  SolveOptions o;
  o.threads = 2;
  Solution two = solve_file("tests/solve/connect-four-4x4.rules", o);
  Solution one = solve_file("tests/solve/connect-four-4x4.rules");
  REQUIRE(two.proven());
  CHECK(value_word(two.value, false) == "draw");
  for (size_t i = 0; i < one.moves.size(); ++i) CHECK(two.moves[i].value.lower == one.moves[i].value.lower);
}

TEST_CASE("Solve: a table written is read back and a table of other rules or a changed one is refused", "[solve]") {
  auto p = load_rules(repo_path("tests/solve/connect-four-4x4.rules"));
  auto table = std::make_shared<SolverTable>(size_t{8} << 20, Solver::unknown(*p));
  Solution first = Solver(table, {.method = SolveOptions::Method::alphabeta}).solve(State(p));
  REQUIRE(first.proven());
  const std::string path = temp_path("solve-table.bin");
  std::remove(path.c_str());
  write_solver_table(path, *table, "0123456789abcdef", "Connect Four 4x4", "none");
  auto again = std::make_shared<SolverTable>(size_t{8} << 20, Solver::unknown(*p));
  CHECK(read_solver_table(path, *again, "0123456789abcdef", "none", Solver::unknown(*p)) == table->used());
  // Resumed, the root is known at once.
  Solution resumed = Solver(again, {.method = SolveOptions::Method::alphabeta}).solve(State(p));
  REQUIRE(resumed.proven());
  CHECK(resumed.value.lower == first.value.lower);
  CHECK(resumed.nodes < first.nodes / 10);
  CHECK_THROWS_WITH(read_solver_table(path, *again, "fedcba9876543210", "none", Solver::unknown(*p)),
                    Catch::Contains("proven for other rules"));
  // Kept without symmetries, its positions are filed under other keys than a solve with them.
  CHECK_THROWS_WITH(read_solver_table(path, *again, "0123456789abcdef", "a mirror", Solver::unknown(*p)),
                    Catch::Contains("kept with the symmetries 'none', and this solve uses 'a mirror'"));
  {  // one byte of an entry changed
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-3, std::ios::end);
    f.put('\x7f');
  }
  CHECK_THROWS_WITH(read_solver_table(path, *again, "0123456789abcdef", "none", Solver::unknown(*p)),
                    Catch::Contains("checksum does not match"));
  {  // cut short
    std::string text = read_text(path);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text.substr(0, text.size() - 5);
  }
  CHECK_THROWS_WITH(read_solver_table(path, *again, "0123456789abcdef", "none", Solver::unknown(*p)),
                    Catch::Contains("the file was cut or changed"));
  std::remove(path.c_str());
}

TEST_CASE("Solve: a line deeper than the solver's depth limit stops it with unknown and the limit named", "[solve]") {
  // Nothing can move, so every turn is a pass until the ply limit, past the solver's depth.
  auto p = rules_with_repo_board("passing.rules", R"(game "Passing"
board "square3.yaml"
player a symbol=A
player b symbol=B
piece stone
move stone {
  step dirs=orthogonal land=empty
}
no-move pass
limit plies=2000
)");
  for (auto m : {SolveOptions::Method::alphabeta, SolveOptions::Method::proof_numbers}) {
    auto table = std::make_shared<SolverTable>(size_t{4} << 20, Solver::unknown(*p));
    SolveOptions o = method(m);
    o.proof_memory = size_t{4} << 20;
    Solution s = Solver(table, o).solve(State(p));
    CHECK_FALSE(s.proven());
    CHECK(s.stopped == "a line reached 1024 plies from the root, the solver's depth limit");
  }
}

TEST_CASE("Solve: rules that cannot be solved say why", "[solve]") {
  CHECK(unsolvable_reason(*load_rules(repo_path("rules/chess.rules"))).find("repetition") != std::string::npos);
  CHECK(unsolvable_reason(*load_rules(repo_path("rules/go-9x9.rules"))).find("superko") != std::string::npos);
  CHECK(unsolvable_reason(*load_rules(repo_path("rules/hex.rules"))).empty());
}

TEST_CASE("Solve: enumerating the whole state space gives alpha-beta's value of every move", "[solve]") {
  for (const char* path : {"tests/solve/tic-tac-toe-misere.rules", "tests/solve/othello-4x4.rules",
                           "tests/solve/connect-four-4x4.rules"}) {
    INFO(path);
    Solution all = solve_file(path, method(SolveOptions::Method::enumerate));
    Solution ab = solve_file(path, method(SolveOptions::Method::alphabeta));
    REQUIRE(all.proven());
    CHECK(all.value.lower == ab.value.lower);
    REQUIRE(all.moves.size() == ab.moves.size());
    for (size_t i = 0; i < all.moves.size(); ++i) CHECK(all.moves[i].value.lower == ab.moves[i].value.lower);
    CHECK(all.stopped.empty());
  }
}
