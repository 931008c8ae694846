#include "ai/agent.hpp"

#include <fmt/format.h>

#include "ai/random_agent.hpp"
#include "ai/search_agent.hpp"

namespace tabula {

std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t seed, std::string& error) {
  if (spec == "random") return std::make_unique<RandomAgent>(seed);
  if (spec == "search") return std::make_unique<SearchAgent>(2, seed);
  if (spec.rfind("search:", 0) == 0) {
    std::string depth = spec.substr(7);
    if (depth.size() == 1 && depth[0] >= '1' && depth[0] <= '8') return std::make_unique<SearchAgent>(depth[0] - '0', seed);
    error = fmt::format("'{}': the search depth must be a number from 1 to 8", spec);
    return nullptr;
  }
  error = fmt::format("unknown player '{}'; expected random, search or search:DEPTH", spec);
  return nullptr;
}

}  // namespace tabula
