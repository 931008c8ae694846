#include "players/opening_temperature.hpp"

#include <fmt/format.h>

namespace tabula {

std::string opening_choice_text(const AgentSpec& spec) {
  const double t = spec.option("temp", 0);
  if (t <= 0) return "";
  const double margin = spec.option("temp-margin", kDefaultTemperatureMargin);
  const int plies = static_cast<int>(spec.option("temp-plies", kDefaultTemperaturePlies));
  std::string out = fmt::format("the first {} plies of a game drawn from its policy at temperature {}", plies, t);
  if (margin > 0) out += fmt::format(", among moves at least {} times as likely as the best", margin);
  return out + " (every other move its best)";
}

OpeningTemperature::OpeningTemperature(std::unique_ptr<Agent> inner, double temperature, int plies, double margin,
                                       uint64_t seed, std::string name)
    : inner_(std::move(inner)),
      temperature_(temperature),
      plies_(plies),
      margin_(margin),
      rng_(seed),
      name_(std::move(name)) {}

Move OpeningTemperature::choose(State& s) {
  // The policy costs alpha-beta depth: it is asked for only while moves are drawn from it.
  const bool drawing = s.ply() < plies_ && temperature_ > 0;
  inner_->want_policy(drawing || wanted_outside_);
  Move best = inner_->choose(s);
  if (!drawing) return best;
  const Policy& p = inner_->policy();
  if (p.kind == Policy::Kind::none || p.moves.size() < 2) return best;
  const std::vector<double> probability = p.probabilities(temperature_, margin_);
  // One draw in [0, 1) against the running sum (53 bits of the generator).
  double draw = static_cast<double>(rng_.next() >> 11) * 0x1.0p-53, sum = 0;
  for (size_t i = 0; i < probability.size(); ++i) {
    sum += probability[i];
    if (draw < sum && probability[i] > 0) return p.moves[i].move;
  }
  return best;  // rounding left the draw past the last move
}

}  // namespace tabula
