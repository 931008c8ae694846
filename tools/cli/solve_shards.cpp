#include "solve_shards.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <set>

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

namespace {

// One shard file, read and checked against the rules.
struct ShardFile {
  std::string file;
  Json json;
  int index = 0, count = 0;
};

using ShardGroups = std::map<std::string, std::vector<ShardFile>>;  // by the position they solved

// The value of `position` from its shards, each of its moves left unknown there settled (as
// far as they go) by the shards of the position that move leads to, if any: a subtree split
// again.
Solution combine_position(const State& position, ShardGroups& groups, std::set<std::string>& used) {
  const std::string key = position_string(position);
  auto group = groups.find(key);
  Solution out;
  out.to_move = position.current_player();
  out.ply_limit = position.program().end.ply_limit;
  MoveList legal = position.legal_moves();
  std::map<std::string, size_t> index_of;  // a move's text: its place in the position's list
  for (const Move& m : legal) {
    out.moves.push_back({m, position.move_to_string(m), Solver::unknown(position.program())});
    index_of.emplace(out.moves.back().text, out.moves.size() - 1);
  }
  used.insert(key);
  std::vector<bool> seen(legal.size(), false);
  int count = 0;
  std::vector<std::string> shard_file;
  for (const ShardFile& shard : group->second) {
    const std::string& file = shard.file;
    const Json& j = shard.json;
    try {
      const int index = shard.index, n = shard.count;
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
        const ValueBounds unknown = Solver::unknown(position.program());
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
  const std::string where = used.size() == 1 ? "" : fmt::format(" of the position '{}'", key);
  for (int i = 0; i < count; ++i)
    if (shard_file[i].empty()) throw UserError{fmt::format("--combine: shard {}/{}{} is missing", i, count, where)};
  for (size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) throw UserError{fmt::format("--combine: no shard{} has the move '{}'", where, out.moves[i].text)};
  if (out.moves.empty()) throw UserError{"--combine: the position has no move to combine"};
  // A move whose position was split again (one left unknown, usually): its own shards' value.
  for (SolvedMove& m : out.moves) {
    State next = position;
    next.apply(m.move);
    if (groups.find(position_string(next)) == groups.end() || next.stored_result().over) continue;
    Solution deeper = combine_position(next, groups, used);
    ValueBounds b = deeper.value;
    if (next.current_player() != position.current_player()) b = b.negated();
    const ValueBounds both{std::max(m.value.lower, b.lower), std::min(m.value.upper, b.upper)};
    if (both.lower > both.upper)
      refuse(groups.at(position_string(next)).front().file,
             fmt::format("its value of '{}' contradicts the shards of the position before it (from {} to {}, "
                         "against {} to {})",
                         m.text, b.lower, b.upper, m.value.lower, m.value.upper));
    m.value = both;
    out.nodes += deeper.nodes, out.seconds += deeper.seconds;
    out.ply_limit_reached = out.ply_limit_reached || deeper.ply_limit_reached;
    if (out.stopped.empty()) out.stopped = deeper.stopped;
  }
  out.value = best_of(out.moves);
  if (out.value.exact()) out.stopped.clear();  // a budget ran out in some shard, and others proved what it left
  return out;
}

}  // namespace

Solution combine_shards(const std::vector<std::string>& files, const State& root, const RulesIdentity& rules) {
  ShardGroups groups;
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
      ShardFile shard{file, j, j.at("shard").at(0).get<int>(), j.at("shard").at(1).get<int>()};
      groups[j.at("position").get<std::string>()].push_back(std::move(shard));
    } catch (const Json::exception&) {
      refuse(file, "a field of the shard is missing or of the wrong type");
    }
  }
  const std::string position = position_string(root);
  if (groups.find(position) == groups.end())
    refuse(files.front(), fmt::format("a shard of another position ('{}', not '{}')",
                                      groups.begin()->second.front().json.at("position").get<std::string>(), position));
  std::set<std::string> used;
  Solution out = combine_position(root, groups, used);
  for (const auto& [key, shards] : groups)
    if (!used.count(key))
      refuse(shards.front().file,
             fmt::format("a shard of the position '{}', which is neither the one solved ('{}') nor one that its "
                         "moves lead to",
                         key, position));
  return out;
}

}  // namespace tabula::cli
