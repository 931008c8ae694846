// How a finished game ended, as cells (engine/ending_cells.hpp): the row of a row game, the
// group of a connection game, the chain joining two edges; nothing for a game that goes on or
// ends on the score. The pictures ring these cells (picture/state_layer.cpp, "ending").
#include <algorithm>
#include <catch2/catch.hpp>

#include "engine/ending_cells.hpp"
#include "engine/state_picture.hpp"
#include "engine/text/game_record.hpp"
#include "test_support.hpp"
#include "util/rng.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::vector<std::string> names(const State& s, const std::vector<int>& cells) {
  std::vector<std::string> out;
  for (int c : cells) out.push_back(s.program().board->cell(c).name);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE("Ending cells: the row that wins a row game, and only it", "[ending]") {
  auto gomoku = load_rules(repo_path("rules/gomoku.rules"));
  // Five across from c3, a white row of three elsewhere, and a black pair that is no row.
  auto s = state_at(gomoku, "c3B d3B f3B g3B a10B b10B h8W h9W h10W a1W, Black to move");
  CHECK(ending_cells(s).empty());  // the game goes on
  s.apply(move_of(s, "B@e3"));
  REQUIRE(s.is_terminal());
  CHECK(names(s, ending_cells(s)) == sorted({"c3", "d3", "e3", "f3", "g3"}));
  // Exactly five: the five, not the longer row elsewhere that does not count.
  auto exact = load_rules(repo_path("rules/gomoku-exact.rules"));
  auto t = state_at(exact, "c5B d6B e7B g9B a1B a2B a3B a4B a5B a6B o1W o2W o3W o4W o5W o6W o7W, Black to move");
  t.apply(move_of(t, "B@f8"));
  REQUIRE(t.is_terminal());
  CHECK(names(t, ending_cells(t)) == sorted({"c5", "d6", "e7", "f8", "g9"}));
  // The picture of the end rings them.
  CHECK(picture_options(s).ending == ending_cells(s));
}

TEST_CASE("Ending cells: Connect Four's four, with gravity", "[ending]") {
  auto c4 = load_rules(repo_path("rules/connect-four.rules"));
  State s(c4);
  for (const char* m : {"R@a1", "Y@b1", "R@a2", "Y@b2", "R@a3", "Y@b3"}) s.apply(move_of(s, m));
  CHECK(ending_cells(s).empty());
  s.apply(move_of(s, "R@a4"));
  REQUIRE(s.is_terminal());
  CHECK(ending_cells(s).size() == 4);
  for (int c : ending_cells(s)) CHECK(s.program().board->cell(c).name[0] == 'a');
}

TEST_CASE("Ending cells: the chain that joins a side's edges in Hex", "[ending]") {
  auto hex = load_rules(repo_path("rules/hex.rules"));
  std::string red_file;
  for (int r = 1; r <= 10; ++r) red_file += "a" + std::to_string(r) + "R ";
  // Red's chain up the a file, a red stone apart at f6 (not part of it), Blue on the k file.
  auto s = state_at(hex, red_file + "f6R k1B k2B k3B k4B k5B k6B k7B k8B k9B, Red to move");
  s.apply(move_of(s, "R@a11"));
  REQUIRE(s.is_terminal());
  std::vector<std::string> chain;
  for (int r = 1; r <= 11; ++r) chain.push_back("a" + std::to_string(r));
  CHECK(names(s, ending_cells(s)) == sorted(chain));
}

TEST_CASE("Ending cells: a connection game's winning group is every piece of the winner", "[ending]") {
  auto loa = load_rules(repo_path("rules/loa.rules"));
  State s(loa);
  std::string error;
  REQUIRE(replay_record(s, read_text(repo_path("tests/data/loa-games/appendix_E_game1.txt")), error) > 0);
  INFO(error);
  REQUIRE(s.is_terminal());
  const int winner = s.result().winner;
  std::vector<int> pieces;
  for (int c = 0; c < loa->cells; ++c)
    if (s.tops()[c] && loa->code_owner[s.tops()[c]] == winner) pieces.push_back(c);
  CHECK(ending_cells(s) == pieces);
}

TEST_CASE("Ending cells: none for a game ended on the score", "[ending]") {
  auto othello = load_rules(repo_path("rules/othello-6x6.rules"));
  State s(othello);
  Rng rng(5);
  while (!s.is_terminal()) {
    auto moves = s.legal_moves();
    s.apply(moves[rng.below(moves.size())]);
  }
  CHECK(ending_cells(s).empty());
  CHECK(picture_options(s).ending.empty());
}
