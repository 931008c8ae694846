#include <algorithm>
#include <cmath>

#include "players/agent.hpp"

namespace tabula {

std::vector<double> Policy::probabilities(double t, double margin) const {
  std::vector<double> p(moves.size(), 0.0);
  if (moves.empty()) return p;
  if (!proven_wins.empty()) {  // only the winning moves, alike
    for (size_t i = 0; i < moves.size(); ++i)
      p[i] = std::find(proven_wins.begin(), proven_wins.end(), moves[i].move) != proven_wins.end() ? 1 : 0;
  } else {
    double best = -std::numeric_limits<double>::infinity();
    for (const auto& e : moves) best = std::max(best, e.weight);
    for (size_t i = 0; i < moves.size(); ++i) {
      const double w = moves[i].weight;
      // A move's likelihood at temperature 1 against the best's: under the margin, never drawn.
      const double relative =
          kind == Kind::visits ? (best > 0 ? w / best : 1) : std::exp((w - best) / std::max(scale, 1e-12));
      if (w != best && relative < margin) continue;
      if (t <= 0) p[i] = w == best ? 1 : 0;
      else if (kind == Kind::visits) p[i] = w > 0 ? std::pow(w / std::max(best, 1e-300), 1 / t) : 0;
      else p[i] = std::exp((w - best) / (t * std::max(scale, 1e-12)));
    }
  }
  double total = 0;
  for (double x : p) total += x;
  if (total <= 0) {  // nothing visited: every move alike
    std::fill(p.begin(), p.end(), 1.0 / static_cast<double>(p.size()));
    return p;
  }
  for (double& x : p) x /= total;
  return p;
}

}  // namespace tabula
