// Ataxx (rules/ataxx.rules, rules/ataxx-blocked.rules) and the two constructs it is made of:
// `one-of { ... }`, one ply that chooses between kinds of action, and the placement condition
// next-to(P[, DIRS]). Published perft (libataxx's convention: a finished game adds nothing,
// so --full-length) and rules positions; tests/ataxx/reference_ataxx.py checks the same
// files against an independent generator.
#include <catch2/catch.hpp>

#include "engine/perft.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

uint64_t full_length_perft(State& s, int depth) { return perft(s, depth, PerftOptions{.full_length = true}).leaves; }

std::shared_ptr<const Program> one_of_rules(const std::string& name, const std::string& turn) {
  return rules_with_repo_board(name,
                               "game \"G\"\nboard \"square8.yaml\"\nplayer red symbol=R\nplayer blue symbol=U\n"
                               "piece blob\nmove blob {\n  step dirs=orthogonal\n}\n" +
                                   turn + "\nno-move pass\n");
}

// The legal moves as generated (move_strings sorts them).
std::vector<std::string> moves_in_order(const State& s) {
  std::vector<std::string> out;
  for (const Move& m : s.legal_moves()) out.push_back(s.move_to_string(m));
  return out;
}

}  // namespace

TEST_CASE("Ataxx: the published perft from the start, with and without blocked cells", "[ataxx][perft]") {
  State open(load_rules(repo_path("rules/ataxx.rules")));
  const std::vector<uint64_t> published = {16, 256, 6460, 155888, 4752668};
  for (int d = 1; d <= 5; ++d) CHECK(full_length_perft(open, d) == published[d - 1]);
  // Tabula's own convention counts the 16 games that end at ply 4 (the last enemy stone
  // turned) as leaves at depth 5.
  CHECK(perft(open, 5) == 4752668 + 16);
  State blocked(load_rules(repo_path("rules/ataxx-blocked.rules")));
  const std::vector<uint64_t> gaps = {14, 196, 4184, 86528, 2266352};
  for (int d = 1; d <= 5; ++d) CHECK(full_length_perft(blocked, d) == gaps[d - 1]);
}

TEST_CASE("Ataxx: a clone is one move a cell, a jump leaves its cell, neighbours turn over", "[ataxx][rule]") {
  auto p = load_rules(repo_path("rules/ataxx.rules"));
  // Two black stones next to b1 and c1: each of those clones once, not once per stone.
  auto s = state_at(p, "7/7/7/7/7/1X5/X6 black");
  const auto moves = move_strings(s);
  CHECK(std::count(moves.begin(), moves.end(), "X@b1") == 1);
  CHECK(std::count(moves.begin(), moves.end(), "X@c3") == 1);
  CHECK(moves.size() == 7 + 12);  // 7 clones; a1 jumps 5 ways, b2 7
  // A jump empties its cell; both O stones next to the arrival turn to X.
  auto t = state_at(p, "7/7/7/7/1OO4/1O5/X6 black");
  t.apply(move_of(t, "a1-a3"));
  CHECK(symbol_at(t, "a1") == ".");
  CHECK(symbol_at(t, "a3") == "X");
  CHECK(symbol_at(t, "b2") == "X");
  CHECK(symbol_at(t, "b3") == "X");
  CHECK(symbol_at(t, "c3") == "O");  // two away: not a neighbour
  // A clone keeps its stone.
  auto u = state_at(p, "7/7/7/7/7/7/X5O black");
  u.apply(move_of(u, "X@b2"));
  CHECK(symbol_at(u, "a1") == "X");
  CHECK(symbol_at(u, "b2") == "X");
}

TEST_CASE("Ataxx: a side without a move passes, a full board or a lost last stone ends the game", "[ataxx][rule]") {
  auto p = load_rules(repo_path("rules/ataxx.rules"));
  auto shut = state_at(p, "7/7/7/7/OOO4/OOO4/XOO4 black");
  CHECK(move_strings(shut) == std::vector<std::string>{"pass"});
  // The last white stone turned over: Black wins at once.
  auto last = state_at(p, "7/7/7/3O3/7/7/X6 black");
  last.apply(move_of(last, "a1-c3"));
  REQUIRE(last.is_terminal());
  CHECK(last.returns()[0] > last.returns()[1]);
  // The last empty cell filled: the count decides (X 25, O 24).
  auto full = state_at(p, "XXXOOOX/XOOOXXX/OOXXXOO/XXOOXXX/OOXXOOO/XXXOOO1/OOOXXXO black");
  REQUIRE(!full.is_terminal());
  full.apply(move_of(full, "X@g2"));
  REQUIRE(full.is_terminal());
  CHECK(full.piece_count(0) + full.piece_count(1) == 49);
  CHECK((full.piece_count(0) > full.piece_count(1)) == (full.returns()[0] > full.returns()[1]));
}

TEST_CASE("one-of: one ply choosing between kinds of action, a pass only when none has a move", "[one-of]") {
  auto p =
      one_of_rules("one-of-plain.rules", "turn {\n  one-of {\n    place blob where=next-to(mover)\n    move\n  }\n}");
  auto s = state_at(p, "a1R h8U, Red to move");
  CHECK(moves_in_order(s) == std::vector<std::string>{"R@b1", "R@a2", "R@b2", "a1-a2", "a1-b1"});
  s.apply(move_of(s, "R@b2"));
  CHECK(s.current_player() == 1);  // one ply: Blue moves next
  // A choice's `if` leaves it out; the written order is the order of the moves.
  auto q =
      one_of_rules("one-of-if.rules",
                   "turn {\n  one-of {\n    move\n    place blob where=next-to(mover) if pieces(mover) < 2\n  }\n}");
  CHECK(moves_in_order(state_at(q, "a1R h8U, Red to move")) ==
        std::vector<std::string>{"a1-a2", "a1-b1", "R@b1", "R@a2", "R@b2"});
  CHECK(move_strings(state_at(q, "a1R c1R h8U, Red to move")).size() == 5);  // moves only (b1 from a1 and c1)
  // Boxed in with no cell next to it: one pass, not one per choice.
  auto boxed = state_at(p, "a1R b1U a2U b2U h8U, Red to move");
  CHECK(move_strings(boxed) == std::vector<std::string>{"pass"});
}

TEST_CASE("next-to: a cell next to a piece of the side, along the named directions", "[one-of][next-to]") {
  auto p = one_of_rules("next-to-orthogonal.rules",
                        "turn {\n  place blob where=next-to(opponent, orthogonal) and not next-to(mover)\n}");
  CHECK(move_strings(state_at(p, "d4U h8R, Red to move")) == std::vector<std::string>{"R@c4", "R@d3", "R@d5", "R@e4"});
  // In a movement's `if` it is the landing, and the piece's start counts as empty.
  auto m = rules_with_repo_board("next-to-move.rules",
                                 "game \"G\"\nboard \"square8.yaml\"\nplayer red symbol=R\nplayer blue symbol=U\n"
                                 "piece blob\nmove blob {\n  step dirs=orthogonal if next-to(all)\n}\nno-move pass\n");
  CHECK(move_strings(state_at(m, "a1R c2U, Red to move")) == std::vector<std::string>{"a1-b1"});
}
