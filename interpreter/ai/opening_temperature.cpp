#include "ai/opening_temperature.hpp"

namespace tabula {

OpeningTemperature::OpeningTemperature(std::unique_ptr<Agent> inner, double temperature, int plies, uint64_t seed,
                                       std::string name)
    : inner_(std::move(inner)), temperature_(temperature), plies_(plies), rng_(seed), name_(std::move(name)) {
  inner_->want_policy();
}

Move OpeningTemperature::choose(State& s) {
  Move best = inner_->choose(s);
  if (s.ply() >= plies_ || temperature_ <= 0) return best;
  const Policy& p = inner_->policy();
  if (p.kind == Policy::Kind::none || p.moves.size() < 2) return best;
  const std::vector<double> probability = p.probabilities(temperature_);
  // One draw in [0, 1) against the running sum (53 bits of the generator).
  double draw = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53, sum = 0;
  for (size_t i = 0; i < probability.size(); ++i) {
    sum += probability[i];
    if (draw < sum && probability[i] > 0) return p.moves[i].move;
  }
  return best;  // rounding left the draw past the last move
}

}  // namespace tabula
