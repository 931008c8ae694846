#include "studies/statistics.hpp"

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

int64_t trials_for_width(double share, double width, double z) {
  if (!(width > 0)) return -1;
  auto wide = [&](int64_t n) {
    Interval ci = wilson_interval(share * double(n), double(n), z);
    return ci.high - ci.low > width;
  };
  int64_t low = 0, high = 1;  // wide(low) holds (no trials: [0, 1]); find a `high` that is not
  while (wide(high)) {
    low = high;
    high *= 2;
    if (high > (int64_t{1} << 50)) return -1;
  }
  while (high - low > 1) {
    int64_t mid = low + (high - low) / 2;
    (wide(mid) ? low : high) = mid;
  }
  return high;
}

double conservative_share(const Interval& measured) { return std::clamp(0.5, measured.low, measured.high); }

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
