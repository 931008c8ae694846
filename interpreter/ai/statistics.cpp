#include "ai/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace tabula {

Interval wilson_interval(double successes, double trials, double z) {
  if (trials <= 0) return {0, 1};
  double p = successes / trials, z2 = z * z;
  double denominator = 1 + z2 / trials;
  double centre = (p + z2 / (2 * trials)) / denominator;
  double half = z * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

void Summary::add(double x) {
  ++n_;
  double delta = x - mean_;
  mean_ += delta / static_cast<double>(n_);
  m2_ += delta * (x - mean_);
  min_ = std::min(min_, x);
  max_ = std::max(max_, x);
}

double Summary::stddev() const { return n_ ? std::sqrt(m2_ / static_cast<double>(n_)) : 0; }

}  // namespace tabula
