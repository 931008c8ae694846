// The step playouts kernel (accel/step_playouts): chosen for games whose turns are one step
// of a piece and whose end rules count pieces; its playouts end as move by move under every
// form of end rule it takes (a side, `all`, kinds, zones, and, or, not; win, lose, draw), a
// side without a move losing, drawing or passing to the ply limit, and on a board whose
// directions are not two shifts each (a hex board: through its table of steps); it declines
// an opening and a finished game, drawing nothing. (playout_kernel_tests.cpp compares it in
// every rules file that has it.)
#include <catch2/catch.hpp>

#include "playout_comparison.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// Seeded playouts of `text` (a rules file on a repository board) from the start and after
// a few random moves, each compared with the move-by-move ones; the results seen.
struct Ends {
  int wins = 0, draws = 0, at_limit = 0;
};
Ends compare_game(const std::string& name, std::string text, int limit) {
  const auto [fast, plain] = fast_and_reference(name + ".rules", std::move(text));
  REQUIRE(accelerated(*fast, "step playouts"));
  Ends ends;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    State start(fast);
    Rng walk(seed * 31);
    MoveSample scratch;
    play_randomly(start, walk, scratch, static_cast<int>(seed % 7));
    if (start.is_terminal()) continue;
    compare_playouts(start, plain, seed);
    Rng rng(seed);
    PlayoutEnd end;
    REQUIRE(kernel_playout(start, rng, end));
    ends.wins += end.result.winner >= 0;
    ends.draws += end.result.winner < 0;
    ends.at_limit += start.ply() + end.plies == limit;
  }
  return ends;
}

}  // namespace

TEST_CASE("Step playouts are chosen for games of steps whose end rules count pieces", "[accel][steps]") {
  for (const char* file : {"fox-and-hounds", "breakthrough", "knightthrough"}) {
    INFO(file);
    auto p = load_rules(repo_path(std::string("rules/") + file + ".rules"));
    CHECK(accelerated(*p, "step playouts"));
    CHECK(p->playout_kernel);
    CHECK_FALSE(load_rules(repo_path(std::string("rules/") + file + ".rules"), {.reference = true})->playout_kernel);
  }
  // Jumps that capture, slides, a legality filter, placements, stacks.
  for (const char* file : {"english-draughts", "loa", "chess", "amazons", "connect-four", "laska"}) {
    INFO(file);
    CHECK_FALSE(accelerated(*load_rules(repo_path(std::string("rules/") + file + ".rules")), "step playouts"));
  }
}

TEST_CASE("Step playouts pass to the ply limit where a side cannot move, as move by move", "[accel][steps]") {
  // Pawns that only step straight on block each other: with no no-move rule a blocked side
  // passes (a move drawn from one) until the limit draws the game.
  const Ends ends = compare_game("step_playouts_blocked",
                                 "game \"Blocked\"\nboard \"square3.yaml\"\n"
                                 "player white symbol=W facing=north\nplayer black symbol=B facing=south\n"
                                 "piece pawn\nsetup {\n  white pawn: rank1\n  black pawn: rank3\n}\n"
                                 "move pawn {\n  step dirs=forward\n}\n"
                                 "zone far white=rank3 black=rank1\n"
                                 "after-move {\n  win mover if pieces-in(mover, far) > 0\n}\nlimit plies=40\n",
                                 40);
  CHECK(ends.at_limit > 100);  // most games are blocked
  CHECK(ends.draws == ends.at_limit);
}

TEST_CASE("Step playouts on a board whose directions are not two shifts each, as move by move", "[accel][steps]") {
  // On a hex-hex board the rows differ in length, so a direction's index offset differs from
  // row to row: the kernel moves its pieces through its table of each step's cell instead.
  const std::string game =
      "game \"Hex race\"\nboard \"hex5.yaml\"\n"
      "player white symbol=W facing=north\nplayer black symbol=B facing=south\npiece pawn\n"
      "setup {\n  white pawn: a1..a5\n  black pawn: i1..i5\n}\n"
      "move pawn {\n  step dirs=forward-left|forward-right|left|right land=empty|enemy\n}\n"
      "zone far white=i1|i2|i3|i4|i5 black=a1|a2|a3|a4|a5\n"
      "after-move {\n  win mover if pieces(opponent) == 0 or pieces-in(mover, far) > 0\n}\n"
      "no-move lose\nlimit plies=80\n";
  REQUIRE(rules_with_repo_board("step_playouts_hex_check.rules", game)->shift_pairs.empty());
  const Ends ends = compare_game("step_playouts_hex", game, 80);
  CHECK(ends.wins > 50);
}

TEST_CASE("Step playouts end by every form of piece count they take, and by a side without a move, as move by move",
          "[accel][steps]") {
  // Two kinds a side, taking diagonally; rules that count by side, by kind, in zones, for
  // all sides and for a named side, joined by and, or, not, with win, lose and draw.
  const std::string game =
      "game \"Counting\"\nboard \"square6.yaml\"\n"
      "player white symbol=W facing=north\nplayer black symbol=B facing=south\n"
      "piece pawn symbol=P|p\npiece runner symbol=R|r\n"
      "setup {\n  white pawn: rank1\n  white runner: rank2\n  black pawn: rank6\n  black runner: rank5\n}\n"
      "move pawn {\n  step dirs=forward-left|forward-right land=empty|enemy\n}\n"
      "move runner {\n  step dirs=forward|left|right\n}\n"
      "zone far white=rank6 black=rank1\nzone middle white=rank4 black=rank3\n"
      "after-move {\n"
      "  lose opponent if pieces(opponent, runner) == 0 and not (pieces(mover, pawn) < 2)\n"
      "  draw if pieces-in(all, middle, runner) >= 5\n"
      "  win black if pieces-in(black, far, pawn) != 0 or pieces(white) <= 3\n"
      "  win mover if pieces-in(mover, far) > 0\n"
      "}\n";
  const Ends drawn = compare_game("step_playouts_counting", game + "no-move draw\nlimit plies=60\n", 60);
  CHECK(drawn.wins > 50);
  CHECK(drawn.draws > 5);
  const Ends lost = compare_game("step_playouts_counting_lose", game + "no-move lose\nlimit plies=60\n", 60);
  CHECK(lost.wins > 50);
}

TEST_CASE("Step playouts decline an opening and a finished game, drawing nothing, and rules beyond piece counts",
          "[accel][steps]") {
  auto fox = load_rules(repo_path("rules/fox-and-hounds.rules"));
  State s(fox);
  CHECK(kernel_declines(s));  // the fox chooses its square: an opening
  s.apply(s.legal_moves().front());
  CHECK_FALSE(kernel_declines(s));
  int stored = 0, stuck = 0;  // games ended by a rule (declined), and by a side without a move (ended there)
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const State finished = random_game_to_end(fox, seed);
    if (finished.stored_result().over) {
      CHECK(kernel_declines(finished));
      ++stored;
      continue;
    }
    Rng rng(seed);
    PlayoutEnd end;
    REQUIRE(kernel_playout(finished, rng, end));
    CHECK(end.plies == 0);
    CHECK(end.result.winner == finished.result().winner);
    ++stuck;
  }
  CHECK(stored > 0);
  CHECK(stuck > 0);
  // A sum in an end rule: left to the engine, which reports its overflow.
  const std::string summed =
      "game \"Summed\"\nboard \"square3.yaml\"\n"
      "player white symbol=W facing=north\nplayer black symbol=B facing=south\n"
      "piece pawn\nsetup {\n  white pawn: rank1\n  black pawn: rank3\n}\n"
      "move pawn {\n  step dirs=forward\n}\n"
      "after-move {\n  win mover if pieces(mover) + 1 > 5\n}\n";
  auto p = rules_with_repo_board("step_playouts_summed.rules", summed);
  CHECK(accelerated(*p, "fused steps"));
  CHECK_FALSE(accelerated(*p, "step playouts"));
}
