#include "players/auto_agent.hpp"

#include <fmt/format.h>
#include <stdexcept>

#include "players/player_defaults.hpp"

namespace tabula {

void AutoAgent::want_policy(bool wanted) {
  policy_wanted_ = wanted;
  if (inner_) inner_->want_policy(wanted);
}

Move AutoAgent::choose(State& s) {
  if (program_ != &s.program()) {
    program_ = &s.program();
    std::string error;
    std::string inner = spec_.seconds > 0 ? auto_player_spec(s.program(), spec_.seconds)
                                          : auto_player_spec_for_count(s.program(), spec_.count);
    if (spec_.option("tuned", 1) == 0) inner += ":tuned:off";
    if (spec_.has("threads")) inner += fmt::format(":threads:{}", static_cast<int>(spec_.option("threads", 1)));
    inner_ = make_agent(inner, seed_, error);
    if (!inner_) throw std::logic_error("auto player: " + error);
    inner_->want_policy(policy_wanted_);
  }
  return inner_->choose(s);
}

}  // namespace tabula
