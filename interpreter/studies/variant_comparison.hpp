#pragma once
// Variants of one game side by side: every analysis after the first is compared with the
// first, measure by measure, each difference with a test (shares: a two-proportion z test
// on the effective sample sizes; game length: Welch's statistic) and the p-values adjusted
// for the number of measures compared (Holm), so that a designer reads "B's first-player
// share is 12 points higher than A's, p = 0.003" and can trust it (docs/AI.md, "Comparing
// variants").
#include <string>
#include <vector>

#include "studies/variant_analysis.hpp"

namespace tabula {

struct Difference {
  // first_player_share, draw_rate, cut_rate, skill_share, length; and proven_value where
  // the solver proved both starts (base and value: 1 a first-player win, 0 a draw, -1 a
  // second-player win; p 0 when they differ, 1 when not, outside Holm's family)
  std::string measure;
  int variant = 1;  // the analysis compared with the first
  double base = 0, value = 0;
  double p = 1, adjusted = 1;  // the test's p-value, and Holm's adjustment over the variant's measures
  std::string text;
};

struct Comparison {
  std::vector<std::string> variants;  // the rules' names, the first being the base
  std::vector<Difference> differences;
};

Comparison compare_analyses(const std::vector<Analysis>& analyses);
std::string comparison_text(const Comparison& c);
Json comparison_json(const Comparison& c, const std::vector<Analysis>& analyses);

// Two-sided p-value of a difference between two shares, from successes and trials each.
double two_proportion_p(double successes_a, double trials_a, double successes_b, double trials_b);
// Two-sided p-value of a difference between two means (Welch's statistic, normal tail).
double welch_p(double mean_a, double sd_a, double n_a, double mean_b, double sd_b, double n_b);
// Holm's step-down adjustment of a family of p-values.
std::vector<double> holm(const std::vector<double>& p);

}  // namespace tabula
