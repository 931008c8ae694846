// The placement playouts kernel (accel/placement_playouts): a whole random playout of a
// placement game with row or connection goals, played on the cells' owners alone, is chosen
// where it applies, declines the positions it cannot play, and passes as the game does
// (playout_kernel_tests.cpp compares it with the move-by-move playouts in every rules file).
#include <catch2/catch.hpp>

#include "playout_comparison.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("Placement playouts are chosen for placement games with row and connection goals only (one or more a turn)",
          "[accel][placement]") {
  for (const char* file : {"connect-four", "connect-four-8x7", "tic-tac-toe", "yavalath", "gomoku", "gomoku-exact",
                           "hex", "hex-5x5", "hex-5x5-pie", "connect6"}) {
    INFO(file);
    auto p = load_rules(repo_path(std::string("rules/") + file + ".rules"));
    CHECK(accelerated(*p, "placement playouts"));
    CHECK(p->playout_kernel);
    CHECK_FALSE(load_rules(repo_path(std::string("rules/") + file + ".rules"), {.reference = true})->playout_kernel);
  }
  // Captures after a placement, flips, moving pieces, Go's captures.
  for (const char* file : {"pente", "othello", "breakthrough", "go-9x9"}) {
    INFO(file);
    CHECK_FALSE(accelerated(*load_rules(repo_path(std::string("rules/") + file + ".rules")), "placement playouts"));
  }
}

TEST_CASE(
    "Placement playouts decline a made row, a floating disc, a ply limit within reach and an opening, drawing nothing",
    "[accel][placement]") {
  // X has a row (set up, not played): the row test through the last cell would not see it.
  auto ttt = load_rules(repo_path("rules/tic-tac-toe.rules"));
  CHECK(kernel_declines(state_at(ttt, "XXX/1O1/O2 o")));
  CHECK_FALSE(kernel_declines(state_at(ttt, "XX1/1O1/O2 x")));
  // A disc above an empty cell: the resting cells are not the cells above the discs.
  auto c4 = load_rules(repo_path("rules/connect-four.rules"));
  CHECK(kernel_declines(state_at(c4, "7/7/7/R6/7/7 yellow")));
  CHECK_FALSE(kernel_declines(state_at(c4, "7/7/7/7/7/R6 yellow")));
  // The ply limit could strike before the board fills.
  const std::string game =
      "game \"Short\"\nboard \"square3.yaml\"\nplayer x symbol=X\nplayer o symbol=O\npiece mark\n"
      "turn {\n  place mark\n}\nafter-move {\n  win mover if longest-row(mover) >= 3\n}\nno-move draw\n";
  auto short_game = rules_with_repo_board("placement_playouts_short.rules", game + "limit plies=5\n");
  REQUIRE(short_game->playout_kernel);
  CHECK(kernel_declines(State(short_game)));
  // An opening (the pie rule's offer) is played move by move.
  CHECK(kernel_declines(State(load_rules(repo_path("rules/hex-5x5-pie.rules")))));
}

TEST_CASE("Placement playouts take turns of several placements only where the end rules are asked after each",
          "[accel][placement]") {
  const std::string two =
      "game \"Two\"\nboard \"square6.yaml\"\nplayer x symbol=X\nplayer o symbol=O\npiece mark\n"
      "turn {\n  place mark\n  place mark\n}\n";
  const std::string rule = " {\n  win mover if longest-row(mover) >= 4\n}\nno-move draw\n";
  // Asked only after the turn: a row made by the first stone is judged with the second on
  // the board, which the kernel does not follow.
  CHECK_FALSE(rules_with_repo_board("placement_playouts_two_turn.rules", two + "after-move" + rule)->playout_kernel);
  const auto [p, plain] = fast_and_reference("placement_playouts_two_step.rules", two + "after-move each-step" + rule);
  REQUIRE(p->playout_kernel);
  for (uint64_t seed = 1; seed <= 100; ++seed) {  // from the start, and from the middle of a turn
    State start(p);
    Rng walk(seed);
    MoveSample scratch;
    play_randomly(start, walk, scratch, static_cast<int>(seed % 5));
    if (start.is_terminal()) continue;
    CHECK(start.turn_point().step == seed % 5 % 2);  // after an odd number of stones, the second to place
    compare_playouts(start, plain, seed);
  }
}

TEST_CASE("Placement playouts pass to the ply limit where a full board passes, as move by move", "[accel][placement]") {
  // No no-move rule: a full board without a row passes, each pass a move drawn from one,
  // until the limit ends the game in a draw.
  const std::string text =
      "game \"Passing\"\nboard \"square3.yaml\"\nplayer x symbol=X\nplayer o symbol=O\npiece mark\nturn {\n  place "
      "mark\n}\n"
      "after-move {\n  win mover if longest-row(mover) >= 3\n}\nlimit plies=30\n";
  const auto [p, plain] = fast_and_reference("placement_playouts_pass.rules", text);
  REQUIRE(p->playout_kernel);
  REQUIRE(p->end.no_move == NoMovePolicy::pass);
  int full_boards = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    PlayoutEnd end;
    REQUIRE(kernel_playout(State(p), rng, end));
    full_boards += end.plies == 30;
    compare_playouts(State(p), plain, seed);
  }
  CHECK(full_boards > 10);  // drawn games were among them
}
