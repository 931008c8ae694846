// Players made outside the engine (tabula/players.hpp, OutsidePlayer): an Agent that hands
// each position to the outside player as a GameState and reads its action back.
#include <fmt/format.h>

#include <stdexcept>

#include "api/facade.hpp"
#include "players/agent.hpp"
#include "tabula/players.hpp"

namespace tabula {
namespace {

class OutsideAgent : public Agent {
 public:
  OutsideAgent(std::string name, std::shared_ptr<OutsidePlayer> player)
      : name_(std::move(name)), player_(std::move(player)) {}

  Move choose(State& s) override {
    GameState state = detail::outside_view(game_, s);  // made once per agent (a match makes one per game)
    const Action action = player_->step(state);
    const detail::StateImpl& impl = detail::StateImpl::of(state);
    const int i = impl.find(action);
    if (i < 0)
      throw PlayerForfeit(fmt::format("{} chose action {}, which is not legal at ply {} (position {})", name_, action,
                                      s.ply(), state.position_text()));
    return impl.legal().moves[static_cast<size_t>(i)];
  }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  std::shared_ptr<OutsidePlayer> player_;
  std::shared_ptr<const detail::GameImpl> game_;
};

}  // namespace

OutsidePlayer::~OutsidePlayer() = default;

OutsidePlayerSeat::OutsidePlayerSeat(std::string name, std::shared_ptr<OutsidePlayer> player) : name_(std::move(name)) {
  if (!player) throw std::invalid_argument(fmt::format("the outside player '{}' is null", name_));
  if (check_agent_spec(name_).empty())
    throw std::invalid_argument(
        fmt::format("'{}' is a player spec already: an outside player needs another name", name_));
  register_named_player(name_,
                        [name = name_, player](uint64_t) { return std::make_unique<OutsideAgent>(name, player); });
}

OutsidePlayerSeat::~OutsidePlayerSeat() { unregister_named_player(name_); }

}  // namespace tabula
