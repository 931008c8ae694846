#pragma once
// A player spec as text (`mcts:100ms:threads:2`, `alphabeta:4:1s`, `auto:100ms:temp:1`) and
// as data: the kind of player, its budget per move (a count, a time, or both for alpha-beta's
// depth and time) and its options, each checked against one table (agent_spec.cpp) that
// says which kinds take it and its range. Every number is decimal digits within a range, so
// `mcts:infs` or `mcts:1e9s` is refused with the range rather than read as something else.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tabula {

struct AgentSpec {
  std::string kind;  // random, mc, mcts, puct, alphabeta, auto
  // mc: playouts per move; mcts, puct: iterations; alphabeta: depth; auto: positions to search a
  // move (0: unset)
  uint64_t count = 0;
  double seconds = 0;  // time per move (0: none)
  struct Option {
    std::string name;
    double value = 0;  // on|off read as 1|0
  };
  std::vector<Option> options;  // as written; each name once

  // The option's value, or `fallback` when the spec does not set it.
  double option(std::string_view name, double fallback) const;
  bool has(std::string_view name) const;
  // The spec written canonically: budget as given, options in the table's order.
  std::string text() const;
};

// nullopt and `error` (the spec, what is wrong and what is expected) for a bad spec.
std::optional<AgentSpec> parse_agent_spec(std::string_view text, std::string& error);

// "100ms", "1.5s": a time as specs write it.
std::string duration_text(double seconds);

// The documented forms, for error messages and --help.
extern const char* const kAgentSpecForms;

}  // namespace tabula
