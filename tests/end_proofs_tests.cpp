// Where the start is not proven, an analysis walks its good-play games back from their ends
// with the solver (studies/end_proofs): how far back results are proven, and the moves that
// gave up a proven result.
#include "players/agent.hpp"
#include "studies/end_proofs.hpp"
#include "studies/variant_analysis.hpp"
#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// A tic-tac-toe game whose second move is O's known blunder (an edge against the centre),
// then played perfectly to its end by a full-depth search: X wins.
GameRecord blunder_game(const std::shared_ptr<const Program>& p) {
  State s(p);
  std::string moves;
  for (const char* text : {"X@b2", "O@b1"}) {
    s.apply(move_of(s, text));
    moves += (moves.empty() ? "" : " ") + std::string(text);
  }
  std::string error;
  auto perfect = make_agent("alphabeta:9", 1, error);
  REQUIRE(perfect);
  while (!s.is_terminal()) {
    const Move m = perfect->choose(s);
    moves += " " + s.move_to_string(m);
    s.apply(m);
  }
  GameRecord g;
  g.game = 0;
  g.moves = moves;
  g.plies = s.ply();
  g.winner = s.result().winner < 0 ? -1 : p->first_seat_of(s.result().winner);
  return g;
}

}  // namespace

TEST_CASE("End proofs: a blunder from a proven draw to a proven loss is found, and nothing else", "[studies][solve]") {
  auto p = load_rules(repo_path("rules/tic-tac-toe.rules"));
  GameRecord g = blunder_game(p);
  REQUIRE(g.winner == 0);  // X won after O's edge reply
  EndProofs e = prove_game_ends(p, {g}, 1000000);
  REQUIRE(e.tried);
  CHECK(e.games == 1);
  CHECK(e.proven_games == 1);
  // Tic-tac-toe is small: every position of the game is proven, back to the start.
  CHECK(e.proven_plies == g.plies);
  CHECK(e.proven_share == 1.0);
  CHECK(e.thrown == 1);
  CHECK(e.thrown_games == 1);
  CHECK(e.first_thrown.find("ply 2: o had a proven draw and played O@b1, a proven loss") != std::string::npos);
  CHECK(end_proofs_text(e).find("1 move in 1 game gave up a proven result") != std::string::npos);
}

TEST_CASE("End proofs: a budget too small proves nothing and says so, and none is asked for with 0",
          "[studies][solve]") {
  auto p = load_rules(repo_path("rules/tic-tac-toe.rules"));
  GameRecord g = blunder_game(p);
  EndProofs none = prove_game_ends(p, {g}, 0);
  CHECK_FALSE(none.tried);
  CHECK(end_proofs_text(none) == "not tried: the solver was not asked (a budget of 0 positions)");
  EndProofs little = prove_game_ends(p, {g}, 1);
  REQUIRE(little.tried);
  CHECK(little.positions <= 4);  // the solve stops at its budget
  CHECK(little.proven_plies < g.plies);
}

TEST_CASE("End proofs: an analysis whose start is not proven walks its good-play games back", "[studies][solve]") {
  AnalysisConfig c;
  c.games = 4;
  c.skill_games = 2;
  c.good_games = 4;
  c.strong_player = "alphabeta:2";
  c.solve_positions = 20000;  // too few to prove Hex 4x4's start, enough near the ends
  Analysis a = analyze_variant(load_rules(repo_path("tests/solve/hex-4x4.rules")), c);
  REQUIRE_FALSE(a.start.proven);
  REQUIRE(a.ends.tried);
  CHECK(a.ends.games == 4);
  CHECK(a.ends.proven_games == 4);  // each game's last position is a win in one move
  CHECK(a.ends.proven_plies >= 1);
  const Verdict* v = a.verdict("end_proofs");
  REQUIRE(v != nullptr);
  CHECK((v->verdict == "proven-results-kept" || v->verdict == "proven-results-thrown"));
  CHECK(v->text.find("walked back from their ends, 4 of 4 games had their last position proven") == 0);
  CHECK(analysis_json(a)["end_proofs"]["proven_games"] == 4);
  // Proven, the start needs no walk back.
  c.solve_positions = 0;
  Analysis unasked = analyze_variant(load_rules(repo_path("tests/solve/hex-4x4.rules")), c);
  CHECK(unasked.verdict("end_proofs")->verdict == "not-tried");
}

namespace {

// A good-play phase of `first` first-player wins, `second` second-player wins and `drawn`
// draws, every game a distinct one.
Analysis measured(int first, int second, int drawn) {
  RulesIdentity rules{"Made up", "made-up.rules", "0123456789abcdef"};
  Study study = Study::analysis(rules, Seating::plain({}, 2), "alphabeta:2", "alphabeta:2:temp:1", 1);
  std::vector<std::vector<GameRecord>> phases(3);
  int index = 0;
  auto add = [&](int winner) {
    GameRecord g;
    g.game = index;
    g.rules = "Made up";
    g.seats = {"alphabeta:2:temp:1", "alphabeta:2:temp:1"};
    g.winner = winner;
    g.plies = 10;
    g.seconds = {0, 0};
    g.moves_made = {5, 5};
    g.moves = "m" + std::to_string(index++);
    phases[2].push_back(g);
  };
  for (int i = 0; i < first; ++i) add(0);
  for (int i = 0; i < second; ++i) add(1);
  for (int i = 0; i < drawn; ++i) add(-1);
  return analysis_of(study, phases, nullptr);
}

}  // namespace

TEST_CASE("Balance is measured over every game: draws are half points and mostly drawn play says so", "[studies]") {
  // Drawn 34 of 40 games, the first player winning 1 of the 6 decisive ones: a decisive-game
  // share would call it a second-player advantage; over every game it is a likely draw.
  const Analysis mostly_drawn = measured(1, 5, 34);
  const Verdict* drawn = mostly_drawn.verdict("balance");
  REQUIRE(drawn != nullptr);
  CHECK(drawn->verdict == "likely-draw");
  CHECK(drawn->fields["draw_rate"] == 0.85);
  CHECK(drawn->fields["points_share"] == 0.45);
  CHECK(drawn->text.find("1 won by the first player, 5 by another, 34 drawn (85%)") != std::string::npos);
  CHECK(drawn->text.find("a draw is likely under good play") != std::string::npos);
  CHECK(drawn->text.find("(measured over games, not proven: the rules were not at hand to solve)") !=
        std::string::npos);
  // Many decisive games the second player wins: an advantage, its draws counted.
  CHECK(measured(4, 24, 12).verdict("balance")->verdict == "second-player-advantage");
  CHECK(measured(30, 6, 4).verdict("balance")->verdict == "first-player-advantage");
  CHECK(measured(10, 10, 4).verdict("balance")->verdict == "no-difference-detected");
  // A handful of games is no finding, even all won by one side.
  const Analysis handful = measured(6, 0, 0);
  const Verdict* few = handful.verdict("balance");
  CHECK(few->verdict == "not-measured");
  CHECK(few->text.find("too few games to tell (6, fewer than 10)") != std::string::npos);
}
