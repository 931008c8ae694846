// The searches on several threads: MCTS on one shared tree (virtual loss) and alpha-beta by
// lazy SMP (helpers sharing the transposition table). Their moves are legal and their forced
// results right; their iterations are not reproducible, so nothing here compares two runs
// on several threads. tools/thread-check runs these under ThreadSanitizer (names with
// "threads").
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "engine/text/game_record.hpp"
#include "player_test_support.hpp"
#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "players/alphabeta_agent.hpp"
#include "players/mcts_agent.hpp"
#include "players/transposition_table.hpp"
#include "studies/match.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

AgentSpec spec(const std::string& text) {
  std::string error;
  auto s = parse_agent_spec(text, error);
  INFO(error);
  REQUIRE(s);
  return *s;
}

std::shared_ptr<const Program> tic_tac_toe() {
  static auto p = load_rules(repo_path("rules/tic-tac-toe.rules"));
  return p;
}

// X to move: O threatens a3-b2-c1, and c1 both blocks it and makes two threes of X's at once
// (a1-b1-c1, c1-c2-c3), so c1 wins in three plies and every other move loses.
constexpr const char* kForcedWin = "O1X/1O1/X2 x";

}  // namespace

TEST_CASE("threads: the transposition table keeps entries apart and refuses torn ones", "[players][threads]") {
  TranspositionTable table(4);
  CHECK_FALSE(table.find(5));
  table.store(5, 3, -2.5, TranspositionTable::Bound::lower, 7);
  auto e = table.find(5);
  REQUIRE(e);
  CHECK(e->value == -2.5);
  CHECK(e->depth == 3);
  CHECK(e->bound == TranspositionTable::Bound::lower);
  CHECK(e->best_move == 7);
  CHECK_FALSE(table.find(5 + 16));  // the same slot, another key
  table.store(5 + 16, 2, 1, TranspositionTable::Bound::exact, 1);
  CHECK(table.find(5));  // the deeper entry stays
  table.store(5, 4, 1, TranspositionTable::Bound::exact, TranspositionTable::kNoMove);
  CHECK(table.find(5)->best_move == 7);  // a known move is kept
  table.clear();
  CHECK_FALSE(table.find(5));
}

TEST_CASE("threads: tree-parallel MCTS plays legal games and proves forced results", "[players][threads][mcts]") {
  // Whole LOA games against random, with a count budget and with a time: every move legal
  // (replayed by the referee), the count's iterations exactly, visits and nodes added up.
  for (std::string text : {"mcts:400:threads:2", "mcts:5ms:threads:3",
                           "mcts:300:threads:2:cutoff:0:explore:1:minimax:0", "mcts:200:threads:2:rave:300"}) {
    INFO(text);
    GameRecord g = play_game(loa(), {text, "random"}, 0, 5, 24);
    State s(loa());
    std::string error;
    CHECK(replay_record(s, g.moves, error) == g.plies);
  }
  MctsAgent counted(spec("mcts:500:threads:2"), 1);
  State start(loa());
  counted.choose(start);
  CHECK(counted.last_search().iterations == 500);
  uint64_t visits = 0;
  for (const auto& m : counted.policy().moves) visits += static_cast<uint64_t>(m.weight);
  // Each iteration is one visit of a root move: no virtual loss is left behind.
  CHECK(visits == 500 + counted.last_search().reused_visits);
  // A win in three plies: found and proven on two threads, the informed and the plain search.
  for (std::string text : {"mcts:20000:threads:2:cutoff:2:explore:0.3:minimax:0.6", "mcts:20000:threads:2"}) {
    INFO(text);
    auto s = state_at(tic_tac_toe(), kForcedWin);
    MctsAgent m(spec(text), 7);
    CHECK(s.move_to_string(m.choose(s)) == "X@c1");
    CHECK(m.last_search().solved);
    CHECK(m.policy().proven_wins.size() == 1);
  }
  // LOA's win in one, on four threads.
  auto win = state_at(loa(), kWinInOne);
  MctsAgent four(spec("mcts:2000:threads:4:cutoff:0:explore:1:minimax:0"), 3);
  CHECK(win.move_to_string(four.choose(win)) == "c2-c5");
  CHECK(four.last_search().solved);
}

TEST_CASE("threads: lazy-SMP alpha-beta plays legal games and finds forced wins", "[players][threads][alphabeta]") {
  for (std::string text : {"alphabeta:3:threads:2", "alphabeta:10ms:threads:2", "auto:10ms:threads:2"}) {
    INFO(text);
    GameRecord g = play_game(loa(), {text, "random"}, 0, 9, 20);
    State s(loa());
    std::string error;
    CHECK(replay_record(s, g.moves, error) == g.plies);
  }
  // The forced win in three plies, searched to depth 5 on one and on three threads: the
  // same move and the same value (a win three plies away).
  for (int threads : {1, 3}) {
    INFO(threads << " threads");
    auto s = state_at(tic_tac_toe(), kForcedWin);
    AlphaBetaAgent a(5, 0, 1);
    a.set_threads(threads);
    CHECK(s.move_to_string(a.choose(s)) == "X@c1");
    CHECK(a.last_search().value == Approx(kEvalWin - 3));
    CHECK(a.policy().proven_wins.size() == 1);
    CHECK(a.name() == (threads == 1 ? "alphabeta:5" : "alphabeta:5:threads:3"));
  }
  auto win = state_at(loa(), kWinInOne);
  AlphaBetaAgent loa_search(4, 0, 2);
  loa_search.set_threads(2);
  CHECK(win.move_to_string(loa_search.choose(win)) == "c2-c5");
  // The helpers' positions are counted with the main thread's.
  auto start = State(loa());
  AlphaBetaAgent one(3, 0, 1), two(3, 0, 1);
  two.set_threads(2);
  one.choose(start);
  two.choose(start);
  CHECK(two.last_search().nodes > 0);
  CHECK(two.last_search().depth == 3);
  CHECK(one.last_search().depth == 3);
}

TEST_CASE("threads: a node limit holds over every thread", "[players][threads][alphabeta]") {
  auto start = State(loa());
  AlphaBetaAgent limited(64, 0, 1);
  limited.set_threads(2);
  limited.set_node_limit(20000);
  limited.choose(start);
  // Each thread notices the limit within its next 1024 positions.
  CHECK(limited.last_search().nodes < 20000 + 2 * 1024);
  CHECK(limited.last_search().depth >= 1);
}

TEST_CASE("threads: tabula uci searches on the threads a GUI sets", "[uci][cli][threads]") {
  // White mates at once with Rh8 (the black king on a8, White's on b6).
  Run r = run_script(
      "( printf 'uci\\nsetoption name Threads value 2\\nsetoption name Hash value 1\\nisready\\n"
      "position fen k7/8/1K6/8/8/8/8/7R w - - 0 1\\ngo depth 3\\n'; sleep 2; printf 'quit\\n' ) | "
      "$TABULA uci rules/chess.rules");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("option name Threads type spin default 1 min 1 max 64") != std::string::npos);
  CHECK(r.out.find("bestmove h1h8") != std::string::npos);
  CHECK(r.out.find("info string") == std::string::npos);  // both options taken, nothing refused
}
