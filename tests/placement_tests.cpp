// The placement family: `place ... gravity=DIR` (a dropped piece falls along DIR to the last
// empty cell), placement anywhere empty, passes only when nothing else is legal; Connect Four
// (rules/connect-four.rules) and its 8x7 variant against 7^n, 8^n and a hand-written
// reference below.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> connect_four() {
  static auto p = load_rules(repo_path("rules/connect-four.rules"));
  return p;
}

// A hand-written Connect Four (w columns of h cells, `goal` in a row wins), as an outside
// truth for perft. `finished_is_leaf`: a game won (or drawn on a full grid) below the root
// counts as one leaf, as Tabula counts; otherwise it counts nothing at the depths beyond it.
struct ConnectN {
  int w, h, goal;
  std::vector<int> grid;  // column * h + row, 0 empty, 1 or 2
  std::vector<int> height;
  int to_move = 1;

  bool wins(int col, int row, int side) const {
    static const int dc[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    for (int k = 0; k < 4; ++k) {
      int n = 1;
      for (int sgn : {1, -1})
        for (int c = col + sgn * dc[k], r = row + sgn * dr[k];
             c >= 0 && r >= 0 && c < w && r < h && grid[c * h + r] == side; c += sgn * dc[k], r += sgn * dr[k])
          ++n;
      if (n >= goal) return true;
    }
    return false;
  }
  uint64_t perft(int depth, bool finished_is_leaf) {
    uint64_t total = 0;
    for (int col = 0; col < w; ++col) {
      if (height[col] == h) continue;
      if (depth == 1) {
        ++total;
        continue;
      }
      const int row = height[col]++;
      grid[col * h + row] = to_move;
      bool full = true;
      for (int c = 0; c < w; ++c) full = full && height[c] == h;
      if (wins(col, row, to_move) || full) {
        total += finished_is_leaf ? 1 : 0;
      } else {
        to_move = 3 - to_move;
        total += perft(depth - 1, finished_is_leaf);
        to_move = 3 - to_move;
      }
      grid[col * h + row] = 0;
      --height[col];
    }
    return total;
  }
  static ConnectN start(int w, int h, int goal) {
    return {w, h, goal, std::vector<int>(w * h, 0), std::vector<int>(w, 0)};
  }
};

}  // namespace

TEST_CASE("Connect Four: perft 1-7 is 7^n (less the 7 ways to fill one column), depth 8 as the reference counts",
          "[connect-four][perft]") {
  State s(connect_four());
  const uint64_t published[] = {7, 49, 343, 2401, 16807, 117649, 823536};
  for (int d = 1; d <= 7; ++d) {
    INFO("depth " << d);
    CHECK(perft(s, d) == published[d - 1]);
  }
  // Depth 8: the first wins come at ply 7. Tabula counts a finished game below the root as
  // one leaf; counting nothing for it instead gives the other published convention.
  CHECK(perft(s, 8) == 5686266u);
  CHECK(ConnectN::start(7, 6, 4).perft(8, true) == 5686266u);
  CHECK(ConnectN::start(7, 6, 4).perft(8, false) == 5673234u);
}

TEST_CASE("Connect Four 8x7: perft against the reference", "[connect-four][perft]") {
  State s(load_rules(repo_path("rules/connect-four-8x7.rules")));
  CHECK(s.program().cells == 56);
  uint64_t power = 1;
  for (int d = 1; d <= 6; ++d) CHECK(perft(s, d) == (power *= 8));
  CHECK(perft(s, 8) == ConnectN::start(8, 7, 4).perft(8, true));
}

TEST_CASE("Gravity: a disc comes to rest on the lowest empty cell of its column", "[placement][gravity]") {
  State s(connect_four());
  CHECK(move_strings(s) == std::vector<std::string>{"R@a1", "R@b1", "R@c1", "R@d1", "R@e1", "R@f1", "R@g1"});
  s.apply(move_of(s, "R@d1"));
  s.apply(move_of(s, "Y@d2"));
  s.apply(move_of(s, "R@d3"));
  CHECK(symbol_at(s, "d3") == "R");
  auto moves = move_strings(s);
  CHECK(std::count(moves.begin(), moves.end(), "Y@d4") == 1);
  CHECK(std::count(moves.begin(), moves.end(), "Y@d1") == 0);
  std::string error;
  CHECK_FALSE(parse_move(s, "Y@d6", error));  // a disc cannot hang in the air
  // A full column takes no more discs.
  auto full = state_at(connect_four(), "a1R a2Y a3R a4Y a5R a6Y, Red to move");
  auto after = move_strings(full);
  CHECK(after.size() == 6);
  CHECK(std::count(after.begin(), after.end(), "R@a6") == 0);
}

TEST_CASE("Gravity: a column with a gap takes a disc on top of its highest disc", "[placement][gravity]") {
  // A position with a hole (a2 empty under a3): dropped from the top, the disc stops on a3.
  auto s = state_at(connect_four(), "a1R a3Y, Red to move");
  auto moves = move_strings(s);
  CHECK(std::count(moves.begin(), moves.end(), "R@a4") == 1);
  CHECK(std::count(moves.begin(), moves.end(), "R@a2") == 0);
}

TEST_CASE("Gravity: a direction relative to the seat's facing, and sideways gravity", "[placement][gravity]") {
  // Each side drops towards its own backward: north-facing pieces fall south, south-facing
  // ones north, on the same grid.
  auto p = rules_with_repo_board("gravity-facing.rules", R"(game "Two-way drop"
board "rect7x6.yaml"
player low symbol=L facing=north
player high symbol=H facing=south
piece disc
turn {
  place disc gravity=backward
}
)");
  State s(p);
  CHECK(move_strings(s).front() == "L@a1");
  s.apply(move_of(s, "L@c1"));
  // High's discs fall north, entering at rank 1: column c is closed by L's c1.
  CHECK(move_strings(s) == std::vector<std::string>{"H@a6", "H@b6", "H@d6", "H@e6", "H@f6", "H@g6"});
  auto east = rules_with_repo_board("gravity-east.rules", R"(game "Sideways"
board "rect7x6.yaml"
player red symbol=R
player yellow symbol=Y
piece disc
turn {
  place disc gravity=e where=in(to, rank1) or in(to, rank2)
}
)");
  State t(east);
  CHECK(move_strings(t) == std::vector<std::string>{"R@g1", "R@g2"});
}

TEST_CASE("Connect Four: four in a row wins in every direction - three does not", "[connect-four][end]") {
  struct Case {
    const char* position;
    const char* move;
    bool wins;
  };
  for (const Case& c : {
           Case{"a1R b1R c1R a2Y b2Y c2Y, Red to move", "R@d1", true},                  // across
           Case{"a1R b1R e1Y a2Y b2Y, Red to move", "R@c1", false},                     // three
           Case{"c1R c2R c3R d1Y e1Y f1Y, Red to move", "R@c4", true},                  // up
           Case{"a1R b1Y b2R c1Y c2Y c3R d1Y d2Y d3R e1R, Red to move", "R@d4", true},  // diagonal /
           Case{"g1R f1Y f2R e1Y e2Y e3R d1Y d2Y d3R a1R, Red to move", "R@d4", true},  // diagonal \ .
           Case{"a1R b1R d1R e1Y f1Y g1Y a2Y, Red to move", "R@c1", true},              // into a gap: four
       }) {
    INFO(c.position << " " << c.move);
    auto s = state_at(connect_four(), c.position);
    s.apply(move_of(s, c.move));
    CHECK(s.is_terminal() == c.wins);
    if (c.wins) CHECK(s.result().winner == 0);
  }
}

TEST_CASE("Connect Four: a full grid without four in a row is a draw", "[connect-four][end]") {
  // Colours by pairs of columns, alternating by row: no four line up in any direction. Rows
  // 1-5 are full; Yellow completes row 6 (YYRRYYR), the last disc at f6.
  auto s = state_at(connect_four(), "7/RRYYRRY/YYRRYYR/RRYYRRY/YYRRYYR/RRYYRRY yellow");
  for (const char* m : {"Y@a6", "R@c6", "Y@b6", "R@d6", "Y@e6", "R@g6"}) {
    s.apply(move_of(s, m));
    CHECK_FALSE(s.is_terminal());
  }
  s.apply(move_of(s, "Y@f6"));
  REQUIRE(s.is_terminal());
  CHECK((s.result().over && s.result().winner == -1));
}
