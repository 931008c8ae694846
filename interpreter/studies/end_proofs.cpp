#include "studies/end_proofs.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

#include "engine/text/move_text.hpp"
#include "solve/solver.hpp"

namespace tabula {
namespace {

std::vector<std::string> split_moves(const std::string& moves) {
  std::vector<std::string> out;
  for (size_t start = 0; start < moves.size();) {
    size_t end = moves.find(' ', start);
    if (end == std::string::npos) end = moves.size();
    if (end > start) out.push_back(moves.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The game's end for `side`: +1 won, 0 drawn, -1 lost.
int outcome_for(const Program& p, const GameRecord& g, int side) {
  if (g.winner < 0) return 0;
  return p.seats.at(static_cast<size_t>(g.winner)).side == side ? 1 : -1;
}

int sign(int32_t v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

const char* result_word(int s) { return s > 0 ? "win" : s < 0 ? "loss" : "draw"; }

}  // namespace

EndProofs prove_game_ends(std::shared_ptr<const Program> program, const std::vector<GameRecord>& games,
                          uint64_t positions, size_t memory) {
  const Program& p = *program;
  EndProofs out;
  out.budget = positions;
  if (positions == 0) {
    out.why_not = "the solver was not asked (a budget of 0 positions)";
    return out;
  }
  if (games.empty()) {
    out.why_not = "there were no games to walk back";
    return out;
  }
  if (std::string why = unsolvable_reason(p); !why.empty()) {
    out.why_not = "the solver cannot be used: " + why;
    return out;
  }
  out.tried = true;
  SolveOptions options;
  options.value_only = true;
  options.symmetries = std::make_shared<const Symmetries>(Symmetries::of(program));  // found once for every solve
  auto table = table_within(p, memory, options);
  const uint64_t per_game = std::max<uint64_t>(1, positions / games.size());
  double plies_sum = 0, share_sum = 0;
  for (const GameRecord& g : games) {
    if (!g.forfeit.empty()) continue;  // ended by a player that could not go on, not by the rules
    // The game played to its end; walked back by undoing its moves one by one.
    State s(program);
    const auto moves = split_moves(g.moves);
    for (size_t ply = 0; ply < moves.size(); ++ply) {
      std::string error;
      auto move = parse_move(s, moves[ply], error);
      if (!move)
        throw std::invalid_argument(
            fmt::format("game {}: move {} '{}' does not replay: {}", g.game, ply + 1, moves[ply], error));
      s.apply(*move);
    }
    ++out.games;
    uint64_t spent = 0;
    int proven_back = 0;
    bool thrown_here = false;
    int later = -2;  // the proven value of the position after this one, for the mover there (-2: none)
    int later_side = -1;
    for (size_t i = moves.size(); i-- > 0;) {
      if (spent >= per_game) break;
      s.undo();  // the position before move i
      SolveOptions o = options;
      o.nodes = per_game - spent;
      Solution sol = Solver(table, o).solve(s);
      spent += sol.nodes;
      if (!sol.proven()) break;
      ++proven_back;
      ++out.proven_positions;
      const int side = sol.to_move;
      const int value = sign(sol.value.lower);
      // The move made here turned the mover's proven value into what the next position proves
      // (or, at the last ply, the game's end): lower is a proven result thrown away.
      const int after = later == -2 ? outcome_for(p, g, side) : later_side == side ? later : -later;
      if (after < value) {
        ++out.thrown;
        if (!thrown_here) ++out.thrown_games;
        thrown_here = true;
        if (out.first_thrown.empty())
          out.first_thrown =
              fmt::format("game {}, ply {}: {} had a proven {} and played {}, a proven {}", g.game, i + 1,
                          p.players[static_cast<size_t>(side)].name, result_word(value), moves[i], result_word(after));
      }
      later = value, later_side = side;
    }
    out.positions += spent;
    if (proven_back > 0) ++out.proven_games;
    plies_sum += proven_back;
    share_sum += moves.empty() ? 0 : double(proven_back) / static_cast<double>(moves.size());
  }
  if (out.games > 0) out.proven_plies = plies_sum / out.games, out.proven_share = share_sum / out.games;
  return out;
}

std::string end_proofs_text(const EndProofs& e) {
  if (!e.tried) return "not tried: " + e.why_not;
  std::string out = fmt::format(
      "walked back from their ends, {} of {} games had their last position proven; on average the last {:.1f} plies "
      "({:.0f}% of a game) were proven, {} positions of the games in all ({} searched, of a budget of {})",
      e.proven_games, e.games, e.proven_plies, e.proven_share * 100, e.proven_positions, e.positions, e.budget);
  if (e.thrown == 0) return out + "; no move in them gave up a proven result";
  return out + fmt::format("; {} move{} in {} game{} gave up a proven result (the first, {})", e.thrown,
                           e.thrown == 1 ? "" : "s", e.thrown_games, e.thrown_games == 1 ? "" : "s", e.first_thrown);
}

Json end_proofs_json(const EndProofs& e) {
  Json out = {{"tried", e.tried}, {"positions", e.positions}, {"budget", e.budget}};
  if (!e.tried) {
    out["why_not"] = e.why_not;
    return out;
  }
  out["games"] = e.games;
  out["proven_games"] = e.proven_games;
  out["proven_positions"] = e.proven_positions;
  out["proven_plies"] = json_round(e.proven_plies, 2);
  out["proven_share"] = json_round(e.proven_share);
  out["thrown"] = e.thrown;
  out["thrown_games"] = e.thrown_games;
  if (!e.first_thrown.empty()) out["first_thrown"] = e.first_thrown;
  return out;
}

}  // namespace tabula
