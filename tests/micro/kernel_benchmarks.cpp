// The native kernels alone, on positions from seeded random games: connection (the word
// flood fill of boards of at most 64 cells, and the array flood fill of any board) and
// flanking (chains flanked by the enemy, territory). The two connection kernels are checked
// against each other on every position before timing.
#include "kernels/connectivity.hpp"
#include "kernels/flanking.hpp"
#include "micro_support.hpp"

namespace tabula::micro {
namespace {

// Times `kernel(state)` over every position, reporting calls per second as `counter`.
template <class Kernel>
void per_position(benchmark::State& st, const std::vector<State>& ps, const char* counter, Kernel kernel) {
  size_t calls = 0;
  for (auto _ : st)
    for (const State& s : ps) {
      benchmark::DoNotOptimize(kernel(s));
      ++calls;
    }
  st.counters[counter] = benchmark::Counter(static_cast<double>(calls), benchmark::Counter::kIsRate);
}

void connected_words(benchmark::State& st) {
  auto p = rules("loa");
  auto ps = positions(p, 30, 64);
  for (const State& s : ps)
    for (int side = 0; side < 2; ++side)
      if (mask_connected(*p, s.pieces_mask(side)) != pieces_connected(*p, s.tops(), side, s.piece_count(side)))
        return st.SkipWithError("the word and array connection kernels disagree");
  per_position(st, ps, "tests", [&](const State& s) { return mask_connected(*p, s.pieces_mask(0)); });
}

void connected_array(benchmark::State& st, const char* game) {
  auto p = rules(game);
  auto ps = positions(p, 30, 64);
  per_position(st, ps, "tests", [&](const State& s) { return pieces_connected(*p, s.tops(), 0, s.piece_count(0)); });
}

// Lanquia's board of 217 points, mid-game.
void flanked_chains(benchmark::State& st) {
  auto p = rules("lanquia");
  auto ps = positions(p, 60, 16);
  per_position(st, ps, "calls", [&](const State& s) { return dead_chain_cells(*p, s.tops(), s.current_player()); });
}

void territory(benchmark::State& st) {
  auto p = rules("lanquia");
  auto ps = positions(p, 60, 16);
  per_position(st, ps, "calls", [&](const State& s) { return territory_owners(*p, s.tops()); });
}

void line_of_sight(benchmark::State& st) {
  auto p = rules("lanquia");
  auto ps = positions(p, 60, 16);
  size_t calls = 0;
  for (auto _ : st)
    for (const State& s : ps)
      for (int c = 0; c < p->cells; ++c) {
        if (s.at(c)) continue;
        benchmark::DoNotOptimize(sees_piece_of(*p, s.tops(), c, s.current_player()));
        ++calls;
      }
  st.counters["calls"] = benchmark::Counter(static_cast<double>(calls), benchmark::Counter::kIsRate);
}

}  // namespace

void register_kernel_benchmarks() {
  benchmark::RegisterBenchmark("kernel/connected_words/loa", connected_words);
  benchmark::RegisterBenchmark("kernel/connected_array/loa", connected_array, "loa");
  benchmark::RegisterBenchmark("kernel/connected_array/lanquia", connected_array, "lanquia");
  benchmark::RegisterBenchmark("kernel/flanked_chains/lanquia", flanked_chains);
  benchmark::RegisterBenchmark("kernel/territory/lanquia", territory);
  benchmark::RegisterBenchmark("kernel/line_of_sight/lanquia", line_of_sight);
}

}  // namespace tabula::micro

// Google Benchmark's main, after registering the benchmarks of the games the repository has.
int main(int argc, char** argv) {
  tabula::micro::register_kernel_benchmarks();
  tabula::micro::register_ply_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
