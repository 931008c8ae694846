// GameState::serialize and Game::deserialize_state: a state as the actions played since it
// was made, and the position it was made from. Replaying them makes the same state, with its
// history (so undo, repetition and the record come back too), which a position alone would not.
#include <fmt/format.h>
#include <charconv>

#include "api/facade.hpp"

namespace tabula {

namespace {

constexpr std::string_view kActions = "actions:", kStart = "start: ";

}  // namespace

std::string GameState::serialize() const {
  const detail::StateImpl& s = detail::StateImpl::of(*this);
  std::string out(kActions);
  for (Action a : s.history) out += fmt::format(" {}", a);
  out += '\n';
  if (!s.start.empty()) out += std::string(kStart) + s.start;
  return out;
}

std::optional<GameState> Game::deserialize_state(std::string_view text, std::string& error) const {
  const size_t line_end = text.find('\n');
  std::string_view actions = text.substr(0, line_end);
  std::string_view rest = line_end == std::string_view::npos ? std::string_view{} : text.substr(line_end + 1);
  if (actions.substr(0, kActions.size()) != kActions)
    return error = "a serialized state starts with 'actions:' (GameState::serialize)", std::nullopt;
  actions.remove_prefix(kActions.size());

  std::optional<GameState> state;
  if (rest.empty()) {
    state = new_initial_state();
  } else if (rest.substr(0, kStart.size()) == kStart) {
    std::string why;
    state = new_state(rest.substr(kStart.size()), why);
    if (!state) return error = "its start position: " + why, std::nullopt;
  } else {
    return error = "after the actions' line a serialized state has only 'start: ' and a position", std::nullopt;
  }

  int played = 0;
  while (!actions.empty()) {
    if (actions.front() == ' ') {
      actions.remove_prefix(1);
      continue;
    }
    Action a = 0;
    auto [end, ec] = std::from_chars(actions.data(), actions.data() + actions.size(), a);
    if (ec != std::errc() || (end != actions.data() + actions.size() && *end != ' '))
      return error = fmt::format("'{}' is not an action number", actions.substr(0, actions.find(' '))), std::nullopt;
    actions.remove_prefix(static_cast<size_t>(end - actions.data()));
    detail::StateImpl& s = detail::StateImpl::of(*state);
    int index = s.find(a);
    if (index < 0)
      return error = fmt::format("action {} (number {} of the actions) is not legal at that point{}", a, played + 1,
                                 s.state.is_terminal() ? ": the game is over" : ""),
             std::nullopt;
    s.play(index);
    ++played;
  }
  return state;
}

}  // namespace tabula
