#pragma once
// What the microbenchmarks share: a rules file of the repository loaded once, and positions
// reached by seeded random play, so every run measures the same positions.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/state.hpp"

namespace tabula::micro {

// The program of rules/NAME.rules; throws with the rendered diagnostics when it does not load.
std::shared_ptr<const Program> rules(const std::string& name);

// The positions after `plies` random moves of `games` seeded games (fewer when a game ends).
std::vector<State> positions(const std::shared_ptr<const Program>& program, int plies, int games);

// Whether the repository ships rules/NAME.rules (the per-game benchmarks of a game that is
// not there yet are not registered).
bool has_rules(const std::string& name);

}  // namespace tabula::micro

namespace tabula::micro {
void register_kernel_benchmarks();
void register_ply_benchmarks();
void register_search_benchmarks();
}  // namespace tabula::micro
