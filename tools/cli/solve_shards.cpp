#include "solve_shards.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <map>

#include "cli_support.hpp"
#include "engine/text/position_text.hpp"

namespace tabula::cli {
namespace {

constexpr int kShardFormat = 1;

[[noreturn]] void refuse(const std::string& file, const std::string& why) {
  throw UserError{fmt::format("--combine: {}: {}", file, why)};
}

}  // namespace

std::string shard_text(const Solution& sol, const RulesIdentity& rules, const State& root, int index, int count) {
  Json moves = Json::array();
  for (size_t k = 0; k < sol.moves.size(); ++k)
    if (static_cast<int>(k % static_cast<size_t>(count)) == index)
      moves.push_back(
          {{"move", sol.moves[k].text}, {"lower", sol.moves[k].value.lower}, {"upper", sol.moves[k].value.upper}});
  Json out = {{"solve_shard", kShardFormat},
              {"rules", {{"name", rules.name}, {"hash", rules.hash}}},
              {"position", position_string(root)},
              {"shard", {index, count}},
              {"scored", sol.scored},
              {"moves", moves},
              {"nodes", sol.nodes},
              {"seconds", json_round(sol.seconds, 3)},
              {"ply_limit_reached", sol.ply_limit_reached}};
  if (!sol.stopped.empty()) out["stopped"] = sol.stopped;
  return json_text(out) + "\n";
}

Solution combine_shards(const std::vector<std::string>& files, const State& root, const RulesIdentity& rules) {
  Solution out;
  out.to_move = root.current_player();
  out.ply_limit = root.program().end.ply_limit;
  const std::string position = position_string(root);
  MoveList legal = root.legal_moves();
  std::map<std::string, size_t> index_of;  // a move's text: its place in the position's list
  for (const Move& m : legal) {
    out.moves.push_back({m, root.move_to_string(m), Solver::unknown(root.program())});
    index_of.emplace(out.moves.back().text, out.moves.size() - 1);
  }
  std::vector<bool> seen(legal.size(), false);
  int count = 0;
  std::vector<std::string> shard_file;
  for (const auto& file : files) {
    const SourceFile text = read_input(file, "solve shard");
    Json j = Json::parse(text.text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("solve_shard"))
      refuse(file, "not a shard of a solve (one JSON object with \"solve_shard\", from solve --shard I/N --out FILE)");
    try {
      if (j.at("solve_shard").get<int>() != kShardFormat)
        refuse(file, fmt::format("a shard of format {}, not {}", j.at("solve_shard").get<int>(), kShardFormat));
      if (j.at("rules").at("hash").get<std::string>() != rules.hash)
        refuse(file, fmt::format("solved under other rules (hash {}, these are {})",
                                 j.at("rules").at("hash").get<std::string>(), rules.hash));
      if (j.at("position").get<std::string>() != position)
        refuse(file, fmt::format("a shard of another position ('{}', not '{}')", j.at("position").get<std::string>(),
                                 position));
      const int index = j.at("shard").at(0).get<int>(), n = j.at("shard").at(1).get<int>();
      if (count == 0) count = n, shard_file.assign(static_cast<size_t>(std::max(n, 0)), "");
      if (n != count || index < 0 || index >= n)
        refuse(file, fmt::format("shard {}/{} does not belong with shards of {}", index, n, count));
      if (!shard_file[index].empty()) refuse(file, fmt::format("shard {}/{} is also {}", index, n, shard_file[index]));
      shard_file[index] = file;
      out.scored = j.at("scored").get<bool>();
      for (const auto& m : j.at("moves")) {
        const std::string move = m.at("move").get<std::string>();
        auto it = index_of.find(move);
        if (it == index_of.end()) refuse(file, fmt::format("'{}' is not a legal move of the position", move));
        if (seen[it->second]) refuse(file, fmt::format("'{}' is in two shards", move));
        seen[it->second] = true;
        const ValueBounds b{m.at("lower").get<int32_t>(), m.at("upper").get<int32_t>()};
        const ValueBounds unknown = Solver::unknown(root.program());
        if (b.lower > b.upper || b.lower < unknown.lower || b.upper > unknown.upper)
          refuse(file, fmt::format("'{}' has bounds no solve writes ({} to {})", move, b.lower, b.upper));
        out.moves[it->second].value = b;
      }
      out.nodes += j.at("nodes").get<uint64_t>();
      out.seconds += j.at("seconds").get<double>();
      out.ply_limit_reached = out.ply_limit_reached || j.at("ply_limit_reached").get<bool>();
      if (j.contains("stopped") && out.stopped.empty())
        out.stopped = fmt::format("shard {}/{}: {}", index, n, j.at("stopped").get<std::string>());
    } catch (const Json::exception&) {
      refuse(file, "a field of the shard is missing or of the wrong type");
    }
  }
  for (int i = 0; i < count; ++i)
    if (shard_file[i].empty()) throw UserError{fmt::format("--combine: shard {}/{} is missing", i, count)};
  for (size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) throw UserError{fmt::format("--combine: no shard has the move '{}'", out.moves[i].text)};
  if (out.moves.empty()) throw UserError{"--combine: the position has no move to combine"};
  out.value = best_of(out.moves);
  return out;
}

}  // namespace tabula::cli
