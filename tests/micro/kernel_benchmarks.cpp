// The native kernels alone, on positions from seeded random games: connection (the word
// flood fill of boards of at most 64 cells, and the array flood fill of any board),
// flanking on 217 points (line of sight and chains flanked by the enemy, by walking rays or
// by sweeping lines; territory) and the placements that flank (a walk from every empty
// cell, or whole masks shifted along each direction). The two forms of each kernel are
// checked against each other on every position before timing.
#include "kernels/connectivity.hpp"
#include "kernels/flanking.hpp"
#include "kernels/line_sweeps.hpp"
#include "kernels/shifts.hpp"
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

// Lanquia's board of 217 points, mid-game: each question for a whole position, by walking
// rays (kernels/flanking.hpp) or by sweeping the words the State keeps per line
// (kernels/line_sweeps.hpp), checked
// against each other on every position before timing.
std::vector<int> dead_chains_walked(const Program& p, const State& s) {
  return dead_chain_cells(p, s.tops(), s.current_player());
}

std::vector<int> dead_chains_swept(const Program& p, const State& s) {
  CellSet dead;
  swept_dead_chains(p, s.line_words(), s.current_player(), dead);
  std::vector<int> out;
  dead.for_each([&](int c) { out.push_back(c); });
  return out;
}

// The empty cells that see a piece of the side to move.
CellSet sight_walked(const Program& p, const State& s) {
  CellSet cells;
  for (int c = 0; c < p.cells; ++c)
    if (!s.at(c) && sees_piece_of(p, s.tops(), c, s.current_player())) cells.insert(c);
  return cells;
}

CellSet sight_swept(const Program& p, const State& s) {
  CellSet cells;
  swept_sight(p, s.line_words(), s.current_player(), false, cells);
  return cells;
}

void flanked_chains(benchmark::State& st, bool swept) {
  auto p = rules("lanquia");
  auto ps = positions(p, 60, 16);
  for (const State& s : ps)
    if (dead_chains_walked(*p, s) != dead_chains_swept(*p, s))
      return st.SkipWithError("the walked and the swept dead chains disagree");
  per_position(st, ps, "positions",
               [&](const State& s) { return swept ? dead_chains_swept(*p, s) : dead_chains_walked(*p, s); });
}

void line_of_sight(benchmark::State& st, bool swept) {
  auto p = rules("lanquia");
  auto ps = positions(p, 60, 16);
  for (const State& s : ps)
    if (!(sight_walked(*p, s) == sight_swept(*p, s)))
      return st.SkipWithError("the walked and the swept line of sight disagree");
  per_position(st, ps, "positions", [&](const State& s) { return swept ? sight_swept(*p, s) : sight_walked(*p, s); });
}

void territory(benchmark::State& st) {  // by line sweeps (tests/line_sweep_tests.cpp checks them)
  auto p = rules("lanquia");
  auto ps = positions(p, 60, 16);
  per_position(st, ps, "positions", [&](const State& s) { return territory_owners(*p, s.tops()); });
}

// The empty cells where a piece of the side to move would flank, by walking from each.
uint64_t flanking_cells_walked(const Program& p, const State& s) {
  uint64_t cells = 0;
  for (int c = 0; c < p.cells; ++c) {
    if (s.at(c)) continue;
    for (int d = 0; d < p.dirs; ++d)
      if (flanked_run(p, s.tops(), c, d, s.current_player()) > 0) {
        cells |= uint64_t{1} << c;
        break;
      }
  }
  return cells;
}

// The same with whole masks, one shifted run per direction.
uint64_t flanking_cells_shifted(const Program& p, const State& s) {
  const uint64_t own = s.pieces_mask(s.current_player()), occupied = s.occupied_mask();
  uint64_t cells = 0;
  for (int d = 0; d < p.dirs; ++d) cells |= cells_before_run(p, d, occupied & ~own, own);
  return cells & ~occupied;  // cells_before_run gives cells of the board only
}

void flanking_placements(benchmark::State& st, bool shifted) {
  auto p = rules("othello");
  auto ps = positions(p, 20, 64);
  for (const State& s : ps)
    if (flanking_cells_walked(*p, s) != flanking_cells_shifted(*p, s))
      return st.SkipWithError("the walked and the shifted flank tests disagree");
  per_position(st, ps, "positions",
               [&](const State& s) { return shifted ? flanking_cells_shifted(*p, s) : flanking_cells_walked(*p, s); });
}

}  // namespace

void register_kernel_benchmarks() {
  benchmark::RegisterBenchmark("kernel/connected_words/loa", connected_words);
  benchmark::RegisterBenchmark("kernel/connected_array/loa", connected_array, "loa");
  benchmark::RegisterBenchmark("kernel/connected_array/lanquia", connected_array, "lanquia");
  benchmark::RegisterBenchmark("kernel/flanked_chains_walked/lanquia", flanked_chains, false);
  benchmark::RegisterBenchmark("kernel/flanked_chains_swept/lanquia", flanked_chains, true);
  benchmark::RegisterBenchmark("kernel/line_of_sight_walked/lanquia", line_of_sight, false);
  benchmark::RegisterBenchmark("kernel/line_of_sight_swept/lanquia", line_of_sight, true);
  benchmark::RegisterBenchmark("kernel/territory/lanquia", territory);
  if (has_rules("othello")) {
    benchmark::RegisterBenchmark("kernel/flanking_placements_walked/othello", flanking_placements, false);
    benchmark::RegisterBenchmark("kernel/flanking_placements_shifted/othello", flanking_placements, true);
  }
}

}  // namespace tabula::micro

// Google Benchmark's main, after registering the benchmarks of the games the repository has.
int main(int argc, char** argv) {
  tabula::micro::register_kernel_benchmarks();
  tabula::micro::register_ply_benchmarks();
  tabula::micro::register_search_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
