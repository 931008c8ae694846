// Goals: pieces-in(P, ZONE) (Breakthrough, rules/breakthrough.rules, against the published
// perft), longest-row and rows (Gomoku, rules/gomoku.rules and gomoku-exact.rules, in every
// direction), connects (Hex, rules/hex.rules: won and unwon positions and 1,000 seeded games
// that all end with a winner), can-move, captured and captured-value (captures by landing
// counted too) and score terms that are formulas.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

std::shared_ptr<const Program> breakthrough() {
  static auto p = load_rules(repo_path("rules/breakthrough.rules"));
  return p;
}
std::shared_ptr<const Program> gomoku() {
  static auto p = load_rules(repo_path("rules/gomoku.rules"));
  return p;
}
std::shared_ptr<const Program> hex() {
  static auto p = load_rules(repo_path("rules/hex.rules"));
  return p;
}

// A piece list of `symbol` on the cells from `first`, `n` steps along (df, dr), as text.
std::string row_of(char file, int rank, int df, int dr, int n, const char* symbol) {
  std::string out;
  for (int k = 0; k < n; ++k) out += std::string(1, char(file + k * df)) + std::to_string(rank + k * dr) + symbol + " ";
  return out;
}

}  // namespace

// ---------------------------------------------------------------- Breakthrough

TEST_CASE("Breakthrough: perft 1-5 is the published count", "[breakthrough][perft]") {
  // The hand-written reference engine of tools/bench-vs-reference (docs/PERFORMANCE.md) gives
  // the same for depths 1-6 (149,264,638 at 6; docs/GAMES.md); a won game below the root is one
  // leaf in both.
  State s(breakthrough());
  const uint64_t published[] = {22, 484, 11132, 256036, 6182818};
  for (int d = 1; d <= 5; ++d) {
    INFO("depth " << d);
    CHECK(perft(s, d) == published[d - 1]);
  }
}

TEST_CASE("Breakthrough: a pawn reaching the far rank wins, for either side", "[breakthrough][end]") {
  auto s = state_at(breakthrough(), "a7W h8B h1W a2B, White to move");
  s.apply(move_of(s, "a7-a8"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 0);
  auto t = state_at(breakthrough(), "a2B h8B h1W a7W, Black to move");
  t.apply(move_of(t, "a2-a1"));  // Black's far rank is rank 1
  REQUIRE(t.is_terminal());
  CHECK(t.result().winner == 1);
  // A black pawn on rank 8 (its own first rank) is no win: rank 8 is White's goal only.
  auto u = state_at(breakthrough(), "a8B h1W h3B, Black to move");
  u.apply(move_of(u, "h3-h2"));
  CHECK_FALSE(u.is_terminal());
}

TEST_CASE("Breakthrough: captures go diagonally forward only - taking the last pawn wins", "[breakthrough][rule]") {
  auto s = state_at(breakthrough(), "d4W d5B c5B e5W a8B, White to move");
  auto moves = move_strings(s);
  CHECK(std::count(moves.begin(), moves.end(), "d4-c5") == 1);  // a diagonal capture
  CHECK(std::count(moves.begin(), moves.end(), "d4-d5") == 0);  // straight ahead is blocked
  CHECK(std::count(moves.begin(), moves.end(), "d4-e5") == 0);  // not onto a friend
  auto t = state_at(breakthrough(), "d4W c5B, White to move");
  t.apply(move_of(t, "d4-c5"));
  REQUIRE(t.is_terminal());
  CHECK(t.result().winner == 0);
}

// ---------------------------------------------------------------- Gomoku

TEST_CASE("Gomoku: rows of 4, 5 and 6 in every direction", "[gomoku][end]") {
  struct Dir {
    const char* name;
    int df, dr;
  };
  auto exact = load_rules(repo_path("rules/gomoku-exact.rules"));
  for (const Dir& d : {Dir{"across", 1, 0}, Dir{"up", 0, 1}, Dir{"diagonal /", 1, 1}, Dir{"diagonal \\", 1, -1}}) {
    for (int n : {4, 5, 6}) {
      // n - 1 stones placed, the n-th completes the row from f8 (a white stone far away).
      const int rank = d.dr < 0 ? 12 : 3;
      std::string position = row_of('c', rank, d.df, d.dr, n - 1, "B") + "a1W a2W a3W, Black to move";
      const std::string last =
          "B@" + std::string(1, char('c' + (n - 1) * d.df)) + std::to_string(rank + (n - 1) * d.dr);
      INFO(d.name << ", " << n << " in a row: " << position << " then " << last);
      auto s = state_at(gomoku(), position);
      s.apply(move_of(s, last));
      CHECK(s.is_terminal() == (n >= 5));  // freestyle: five or more
      if (n >= 5) CHECK(s.result().winner == 0);
      auto t = state_at(exact, position);
      t.apply(move_of(t, last));
      CHECK(t.is_terminal() == (n == 5));  // exactly five
    }
  }
}

TEST_CASE("Gomoku: a stone that joins two rows of two is four, not five - a gap breaks a row", "[gomoku][end]") {
  auto s = state_at(gomoku(), "c3B d3B f3B g3B h3W a1W, Black to move");
  s.apply(move_of(s, "B@e3"));  // c3..g3: five
  CHECK(s.is_terminal());
  auto t = state_at(gomoku(), "c3B d3B g3B h3B a1W a2W, Black to move");
  t.apply(move_of(t, "B@e3"));  // c3 d3 e3, a gap at f3, g3 h3: no five
  CHECK_FALSE(t.is_terminal());
}

TEST_CASE("longest-row and rows: along named directions only, the counts", "[goals][rows]") {
  auto p = rules_with_repo_board("rows.rules", R"(game "Rows"
board "square8.yaml"
player black symbol=B
player white symbol=W
piece stone
turn {
  place stone
}
after-move {
  win mover if longest-row(mover, n|s) >= 3
  win opponent if rows(mover, 2, orthogonal) >= 2
}
)");
  // Three across is no column of three: nothing ends.
  auto s = state_at(p, "a1B b1B h8W, Black to move");
  s.apply(move_of(s, "B@c1"));
  CHECK_FALSE(s.is_terminal());
  auto t = state_at(p, "a1B a2B h8W, Black to move");
  t.apply(move_of(t, "B@a3"));
  REQUIRE(t.is_terminal());
  CHECK(t.result().winner == 0);
  // Two rows of exactly two (a1 b1 across, d4 d5 up; a lone stone is a row of one).
  auto u = state_at(p, "a1B d4B f8B h8W, Black to move");
  u.apply(move_of(u, "B@b1"));
  CHECK_FALSE(u.is_terminal());
  auto v = state_at(p, "a1B b1B d4B f8B h8W, Black to move");
  v.apply(move_of(v, "B@d5"));
  REQUIRE(v.is_terminal());
  CHECK(v.result().winner == 1);
}

// ---------------------------------------------------------------- Hex

TEST_CASE("Hex: the 11x11 rhombus and its sides", "[hex][board]") {
  State s(hex());
  const Program& p = s.program();
  CHECK(p.cells == 121);
  CHECK(s.legal_moves().size() == 121);
  const BoardGraph& b = *p.board;
  // Neighbours of b2: a2, c2 (w, e), b3, a3 (ne, nw), c1, b1 (se, sw).
  std::vector<std::string> names;
  for (int16_t x : p.adjacent[b.find_cell("b2")]) names.push_back(b.cell(x).name);
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"a2", "a3", "b1", "b3", "c1", "c2"});
  CHECK(p.adjacent[b.find_cell("a1")].size() == 2);  // an acute corner
  CHECK(p.adjacent[b.find_cell("k1")].size() == 3);  // an obtuse corner
  CHECK(b.find_zone("north")->size() == 11);
  CHECK(b.find_zone("edge")->size() == 40);
}

TEST_CASE("Hex: won and unwon positions", "[hex][end]") {
  // Red joins south to north up the a file; the last stone completes the chain.
  std::string red_file;
  for (int r = 1; r <= 10; ++r) red_file += "a" + std::to_string(r) + "R ";
  auto s = state_at(hex(), red_file + "k1B k2B k3B k4B k5B k6B k7B k8B k9B, Red to move");
  CHECK_FALSE(s.is_terminal());
  s.apply(move_of(s, "R@a11"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 0);
  // A chain that zigzags through nw links: b1 a2 (nw of b1) ... is connected; a broken one is not.
  auto t = state_at(hex(), "f1R f2R e3R e4R d5R d6R c7R c8R b9R b10R a1B b1B c1B, Red to move");
  t.apply(move_of(t, "R@a11"));  // a11 is nw of b10
  REQUIRE(t.is_terminal());
  CHECK(t.result().winner == 0);
  auto u = state_at(hex(), "f1R f2R e3R e4R d5R d6R c7R c8R b9R a1B b1B c1B, Red to move");
  u.apply(move_of(u, "R@a11"));  // b10 missing: a11 touches only a10 and b10, both empty
  CHECK_FALSE(u.is_terminal());
  // Blue joins west to east along a rank; Red's south-north goal is not Blue's.
  std::string blue_rank;
  for (char f = 'a'; f <= 'j'; ++f) blue_rank += std::string(1, f) + "6B ";
  auto v = state_at(hex(), blue_rank + "a1R a2R a3R a4R a5R a7R a8R a9R a10R a11R, Blue to move");
  v.apply(move_of(v, "B@k6"));
  REQUIRE(v.is_terminal());
  CHECK(v.result().winner == 1);
  // A blue chain from south to north is no blue win.
  std::string blue_file;
  for (int r = 1; r <= 10; ++r) blue_file += "c" + std::to_string(r) + "B ";
  auto w = state_at(hex(), blue_file + "a1R a2R a3R a4R a5R a6R a7R a8R a9R a10R, Blue to move");
  w.apply(move_of(w, "B@c11"));
  CHECK_FALSE(w.is_terminal());
}

TEST_CASE("Hex: 1,000 seeded random games each end with a winner", "[hex][playout]") {
  auto p = hex();
  int wins[2] = {0, 0};
  for (uint64_t seed = 1; seed <= 1000; ++seed) {
    State s = random_game_to_end(p, seed);
    INFO("seed " << seed);
    REQUIRE(s.result().over);
    REQUIRE(s.result().winner >= 0);
    ++wins[s.result().winner];
    CHECK(s.ply() <= 121);
  }
  CHECK(wins[0] + wins[1] == 1000);
  CHECK(wins[0] > 0);
  CHECK(wins[1] > 0);
}

// ---------------------------------------------------------------- can-move, captured, scores

TEST_CASE("can-move(P): a side with no legal move, as a condition of end rules", "[goals][can-move]") {
  auto p = rules_with_repo_board("can-move.rules", R"(game "Blocked"
board "square8.yaml"
player white symbol=W facing=north
player black symbol=B facing=south
piece pawn
move pawn {
  step dirs=forward
}
after-move {
  lose opponent if not can-move(opponent)
}
no-move pass
)");
  // After W a2-a3, Black's only pawn (a4) is blocked: Black loses at once.
  auto s = state_at(p, "a2W a4B h2W, White to move");
  s.apply(move_of(s, "a2-a3"));
  REQUIRE(s.is_terminal());
  CHECK(s.result().winner == 0);
  // With another black pawn free, the game goes on.
  auto t = state_at(p, "a2W a4B h7B h2W, White to move");
  t.apply(move_of(t, "a2-a3"));
  CHECK_FALSE(t.is_terminal());
  // The position is left as it was (the test is made on a copy).
  CHECK(t.current_player() == 1);
  CHECK(move_strings(t) == std::vector<std::string>{"h7-h6"});
}

TEST_CASE("captured(P) counts captures by landing, with their value - score terms are formulas", "[goals][captured]") {
  auto p = rules_with_repo_board("captured.rules", R"(game "Takes"
board "square8.yaml"
player white symbol=W facing=north
player black symbol=B facing=south
piece pawn value=1 symbol=P|p
piece rook value=5 symbol=R|r
move pawn|rook {
  step dirs=forward|forward-left|forward-right land=empty|enemy|friend
}
after-move {
  win mover if captured-value(mover) >= 6
}
score captured(mover) * 10 + captured-value(mover)
)");
  auto s = state_at(p, "d4P c5r e5p h1P h8p, White to move");
  s.apply(move_of(s, "d4-c5"));  // takes the rook: 1 piece, value 5
  CHECK(captured_by(s, 0) == 1);
  CHECK(var_named(s, "captured-value.white") == 5);
  CHECK(score(s, 0) == 15);
  CHECK_FALSE(s.is_terminal());
  CHECK(captured_by(s, 1) == 0);
  // A landing on a friend is no capture.
  auto t = state_at(p, "d4P d5P h8p, White to move");
  t.apply(move_of(t, "d4-d5"));
  CHECK(captured_by(t, 0) == 0);
  // The value reaches 6: a win.
  auto u = state_at(p, "d4P c5r e5p h1P h8p, White to move");
  Position pos = u.position();
  pos.vars[u.program().vars.find("captured-value.white")] = 1;
  u.set_position(pos);
  u.apply(move_of(u, "d4-c5"));
  REQUIRE(u.is_terminal());
  CHECK(u.result().winner == 0);
}

TEST_CASE("captured(P) counts hop captures, with their value", "[goals][captured]") {
  auto p = rules_with_repo_board("captured-hops.rules", R"(game "Hops"
board "square8.yaml"
player white symbol=W
player black symbol=B
piece man value=2
move man {
  step dirs=orthogonal
  hop dirs=orthogonal take=remove
}
captures compulsory continue=must choice=free rejump=forbid
score captured-value(mover)
)");
  auto s = state_at(p, "a1W a2B a4B h8B, White to move");
  s.apply(move_of(s, "a1-a3-a5"));
  CHECK(captured_by(s, 0) == 2);
  CHECK(var_named(s, "captured-value.white") == 4);
  CHECK(score(s, 0) == 4);
  CHECK(score(s, 1) == 0);
}
