#pragma once
// Small statistics for match reports: Wilson score intervals for win rates (good even at
// 0% or 100% and for few games, unlike the normal approximation) and running summaries.
#include <cstdint>
#include <limits>

namespace tabula {

struct Interval {
  double low = 0, high = 0;
};

// The 95% (z = 1.96) Wilson score interval for `successes` out of `trials`; [0, 1] when
// there are no trials.
Interval wilson_interval(double successes, double trials, double z = 1.96);

// The fewest trials whose 95% Wilson interval is at most `width` wide (high - low) when
// the observed share is `share`; for sizing a study before running it.
int64_t trials_for_width(double share, double width, double z = 1.96);

// The share within `measured` nearest one half: the one that needs the most trials, so a
// share measured from a few games does not promise an interval it will not deliver.
double conservative_share(const Interval& measured);

// Mean, population standard deviation, minimum and maximum of a stream of numbers.
class Summary {
 public:
  void add(double x);
  uint64_t count() const { return n_; }
  double mean() const { return n_ ? mean_ : 0; }
  double stddev() const;
  double min() const { return n_ ? min_ : 0; }
  double max() const { return n_ ? max_ : 0; }

 private:
  uint64_t n_ = 0;
  double mean_ = 0, m2_ = 0;  // Welford's update: stable for long runs
  double min_ = std::numeric_limits<double>::infinity(), max_ = -std::numeric_limits<double>::infinity();
};

}  // namespace tabula
