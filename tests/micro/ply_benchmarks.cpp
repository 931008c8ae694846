// The per-ply path of each game: move generation, apply + undo, and whole random playouts.
// A game's benchmarks are registered only when the repository ships its rules file, and
// each first checks the number of moves at the start against the published perft(1).
#include <utility>

#include "micro_support.hpp"
#include "players/playouts.hpp"
#include "util/rng.hpp"

namespace tabula::micro {
namespace {

struct Game {
  const char* name;
  size_t start_moves;  // published perft(1)
};

constexpr Game kGames[] = {
    {"loa", 36},    {"laska", 6},        {"lanquia", 217},        {"breakthrough", 22},
    {"othello", 4}, {"connect-four", 7}, {"english-draughts", 7}, {"international-draughts", 9},
};

bool start_is_right(benchmark::State& st, const std::shared_ptr<const Program>& p, size_t expected) {
  size_t n = State(p).legal_moves().size();
  if (n == expected) return true;
  st.SkipWithError(("moves at the start: " + std::to_string(n) + ", published " + std::to_string(expected)).c_str());
  return false;
}

// legal_moves over positions from random games: moves generated per second.
void generate(benchmark::State& st, Game g) {
  auto p = rules(g.name);
  if (!start_is_right(st, p, g.start_moves)) return;
  auto ps = positions(p, 20, 32);
  MoveList moves;
  size_t generated = 0;
  for (auto _ : st)
    for (const State& s : ps) {
      s.legal_moves(moves);
      generated += moves.size();
      benchmark::DoNotOptimize(moves.data());
    }
  st.counters["moves"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}

// apply_unchecked + undo of every legal move of those positions.
void apply_undo(benchmark::State& st, Game g) {
  auto p = rules(g.name);
  if (!start_is_right(st, p, g.start_moves)) return;
  auto ps = positions(p, 20, 32);
  std::vector<MoveList> lists;
  for (const State& s : ps) lists.push_back(s.legal_moves());
  size_t applied = 0;
  for (auto _ : st)
    for (size_t i = 0; i < ps.size(); ++i)
      for (const Move& m : lists[i]) {
        ps[i].apply_unchecked(m);
        ps[i].undo();
        ++applied;
      }
  st.counters["moves"] = benchmark::Counter(static_cast<double>(applied), benchmark::Counter::kIsRate);
}

// One whole random playout from the start per iteration (what `tabula bench` measures).
void playout(benchmark::State& st, Game g) {
  auto p = rules(g.name);
  if (!start_is_right(st, p, g.start_moves)) return;
  const State start(p);
  State game = start;
  Rng rng(7);
  MoveSample scratch;
  size_t plies = 0;
  for (auto _ : st) {
    game = start;
    plies += play_randomly(game, rng, scratch);
  }
  st.counters["plies"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

}  // namespace

void register_ply_benchmarks() {
  for (const Game& g : kGames) {
    if (!has_rules(g.name)) continue;
    std::string name = g.name;
    benchmark::RegisterBenchmark(("generate/" + name).c_str(), generate, g);
    benchmark::RegisterBenchmark(("apply_undo/" + name).c_str(), apply_undo, g);
    benchmark::RegisterBenchmark(("playout/" + name).c_str(), playout, g);
  }
}

}  // namespace tabula::micro
