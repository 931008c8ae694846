// The searching players' speed: alpha-beta's nodes per second and MCTS's iterations per
// second, each searching positions of seeded random games to a fixed budget (a depth, a
// count), so every run does the same work. Each checks that its player chose a legal move.
// The evaluation both call at their leaves is measured on its own too.
#include <algorithm>
#include <string>

#include "micro_support.hpp"
#include "players/agent_spec.hpp"
#include "players/alphabeta_agent.hpp"
#include "players/evaluator.hpp"
#include "players/mcts_agent.hpp"
#include "players/player_defaults.hpp"

namespace tabula::micro {
namespace {

constexpr const char* kGames[] = {"loa", "breakthrough", "connect-four", "othello", "english-draughts", "hex"};

bool legal(benchmark::State& st, const State& s, const Move& m) {
  MoveList moves = s.legal_moves();
  if (std::find(moves.begin(), moves.end(), m) != moves.end()) return true;
  st.SkipWithError("the player chose a move that is not legal");
  return false;
}

// Alpha-beta to depth 4 from 4 positions 12 plies into random games.
void alphabeta(benchmark::State& st, std::string game) {
  auto p = rules(game);
  auto ps = positions(p, 12, 4);
  uint64_t nodes = 0;
  for (auto _ : st)
    for (State& s : ps) {
      AlphaBetaAgent a(4, 0, 1);
      Move m = a.choose(s);
      if (!legal(st, s, m)) return;
      nodes += a.last_search().nodes;
    }
  st.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

// MCTS for 2000 iterations from the same positions: with the rules' defaults, or informed
// by the evaluation whatever the rules say (kInformedMcts: each expansion evaluates every
// child, so an iteration costs tens of evaluations).
void mcts(benchmark::State& st, std::string game, std::string options) {
  auto p = rules(game);
  auto ps = positions(p, 12, 4);
  std::string error;
  auto spec = parse_agent_spec("mcts:2000" + options, error);
  uint64_t iterations = 0;
  for (auto _ : st)
    for (State& s : ps) {
      MctsAgent a(*spec, 1);
      Move m = a.choose(s);
      if (!legal(st, s, m)) return;
      iterations += a.last_search().iterations;
    }
  st.counters["iterations"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
}

// Each search for 100 ms a move on `threads` threads, from the same positions: nodes or
// iterations per second of wall time (what threads add; docs/STRENGTH.md, "Threads").
void threaded(benchmark::State& st, std::string game, std::string kind, int threads) {
  auto p = rules(game);
  auto ps = positions(p, 12, 4);
  std::string error;
  auto spec = parse_agent_spec(kind + ":100ms:threads:" + std::to_string(threads), error);
  uint64_t work = 0;
  for (auto _ : st)
    for (State& s : ps) {
      if (kind == "mcts") {
        MctsAgent a(*spec, 1);
        if (!legal(st, s, a.choose(s))) return;
        work += a.last_search().iterations;
      } else {
        AlphaBetaAgent a(64, 0.1, 1);
        a.set_threads(threads);
        if (!legal(st, s, a.choose(s))) return;
        work += a.last_search().nodes;
      }
    }
  st.counters[kind == "mcts" ? "iterations" : "nodes"] =
      benchmark::Counter(static_cast<double>(work), benchmark::Counter::kIsRate);
}

// The rules' evaluation (tuned weights where the rules have them) of positions 4 to 60
// plies into random games, for each side.
void evaluation(benchmark::State& st, std::string game) {
  auto p = rules(game);
  std::vector<State> ps;
  for (int plies = 4; plies <= 60; plies += 8)
    for (State& s : positions(p, plies, 2)) ps.push_back(s);
  auto evaluator = make_evaluator(*p);
  double sum = 0;
  uint64_t evaluations = 0;
  for (auto _ : st)
    for (const State& s : ps)
      for (int side = 0; side < p->player_count(); ++side) sum += evaluator->evaluate(s, side), ++evaluations;
  benchmark::DoNotOptimize(sum);
  st.counters["evaluations"] = benchmark::Counter(static_cast<double>(evaluations), benchmark::Counter::kIsRate);
}

}  // namespace

void register_search_benchmarks() {
  for (const char* g : kGames) {
    if (!has_rules(g)) continue;
    std::string name = g;
    benchmark::RegisterBenchmark(("alphabeta4/" + name).c_str(), alphabeta, name)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("mcts2000/" + name).c_str(), mcts, name, "")->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("mcts2000-informed/" + name).c_str(), mcts, name, std::string(":") + kInformedMcts)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("evaluate/" + name).c_str(), evaluation, name)->Unit(benchmark::kMicrosecond);
  }
  if (has_rules("loa"))
    for (const char* kind : {"alphabeta", "mcts"})
      for (int threads : {1, 2})
        benchmark::RegisterBenchmark(("threads-" + std::string(kind) + "100ms/loa/" + std::to_string(threads)).c_str(),
                                     threaded, "loa", kind, threads)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime()
            ->Iterations(3);
}

}  // namespace tabula::micro
