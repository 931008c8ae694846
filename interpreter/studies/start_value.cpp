#include "studies/start_value.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "solve/solver.hpp"

namespace tabula {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

}  // namespace

size_t analysis_solver_memory() { return std::min(size_t{2} << 30, default_solver_memory()); }

StartValue solve_start(std::shared_ptr<const Program> program, uint64_t positions, size_t memory) {
  StartValue out;
  out.budget = positions;
  if (positions == 0) {
    out.why_not = "the solver was not asked (a budget of 0 positions)";
    return out;
  }
  if (std::string why = unsolvable_reason(*program); !why.empty()) {
    out.why_not = "the solver cannot be used: " + why;
    return out;
  }
  out.tried = true;
  SolveOptions options;
  options.nodes = positions;
  options.value_only = true;
  auto table = table_within(*program, memory, options);
  State start(program);
  Solution s = Solver(table, options).solve(start);
  out.positions = s.nodes;
  out.seconds = s.seconds;
  out.scored = s.scored;
  out.openings = static_cast<int>(s.moves.size());
  for (const auto& m : s.moves) {
    if (!m.value.exact()) continue;
    ++out.openings_solved;
    if (m.value.lower > 0) out.winning_openings.push_back(m.text);
    else if (m.value.lower == 0) out.drawing_openings.push_back(m.text);
  }
  if (!s.proven()) {
    out.why_not = fmt::format("the solver's budget of {} positions ran out before the start was proven", positions);
    return out;
  }
  out.proven = true;
  // The start's value is for the player to move there: the first player.
  const int32_t v = s.value.lower;
  out.value = v > 0 ? "first-player-win" : v < 0 ? "second-player-win" : "draw";
  if (s.scored && v > -kSolvedWin && v < kSolvedWin) out.score = v / 2.0;
  return out;
}

std::string start_value_text(const StartValue& v) {
  if (!v.proven) return "not proven: " + v.why_not;
  const std::string what = v.value == "first-player-win"    ? "a first-player win"
                           : v.value == "second-player-win" ? "a second-player win"
                                                            : "a draw under perfect play";
  std::string out = what + (v.scored && v.value != "draw" ? fmt::format(" by {} points", std::abs(v.score)) : "") +
                    fmt::format(", proven by the solver ({} positions)", v.positions);
  if (!v.winning_openings.empty()) out += "; winning first moves: " + joined(v.winning_openings);
  else if (!v.drawing_openings.empty()) out += "; drawing first moves: " + joined(v.drawing_openings);
  if (v.openings_solved < v.openings)
    out += fmt::format(" ({} of the {} first moves solved)", v.openings_solved, v.openings);
  return out;
}

Json start_value_json(const StartValue& v) {
  Json out = {{"proven", v.proven}, {"tried", v.tried}, {"positions", v.positions}, {"budget", v.budget}};
  if (v.proven) {
    out["value"] = v.value;
    if (v.scored) out["score"] = v.score;
  } else {
    out["why_not"] = v.why_not;
  }
  out["winning_openings"] = v.winning_openings;
  out["drawing_openings"] = v.drawing_openings;
  out["openings"] = v.openings;
  out["openings_solved"] = v.openings_solved;
  return out;
}

}  // namespace tabula
