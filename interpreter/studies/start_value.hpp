#pragma once
// The proven value of a game's start, for an analysis: before its measures are trusted,
// `analyze` asks the solver (solve/solver) within a budget of positions, a count so the same
// rules always give the same answer. Where it proves the value, the balance verdict is that
// value, not a share of games; where it cannot, the verdict says the balance is measured.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "program/program.hpp"
#include "util/json_value.hpp"

namespace tabula {

// The positions the solver may visit by default: about 40 s on one core (docs/SOLVING.md),
// enough for every game there that `solve` proves within a minute (Hex 5x5's value takes
// about 46 million); more with `analyze --solve-positions`.
constexpr uint64_t kAnalysisSolvePositions = 60'000'000;

struct StartValue {
  bool tried = false;  // false: not asked (a budget of 0), or the rules cannot be solved
  bool proven = false;
  std::string value;  // proven: "first-player-win", "second-player-win" or "draw"
  bool scored = false;
  double score = 0;     // proven and scored: the first player's score minus the second's
  std::string why_not;  // not tried or not proven: why, as a clause
  std::vector<std::string> winning_openings, drawing_openings;  // the first moves proven to win, to draw
  int openings = 0, openings_solved = 0;
  uint64_t positions = 0, budget = 0;
  double seconds = 0;
};

// The table an analysis's solve of the start gets: 2 GiB (Hex 5x5's value fills about 1.6
// GB), or a quarter of the machine's memory when that is less. Pages are taken as they are
// written: a small game uses little.
size_t analysis_solver_memory();

// Tries to solve the start of `program` within `positions` (0: does not try) and a table of
// `memory` bytes.
StartValue solve_start(std::shared_ptr<const Program> program, uint64_t positions,
                       size_t memory = analysis_solver_memory());

// The sentence of the analysis ("a first-player win, proven: ...") and its JSON.
std::string start_value_text(const StartValue& v);
Json start_value_json(const StartValue& v);

}  // namespace tabula
