#pragma once
// `match --estimate`: a few seconds of the match, then how many games a confidence
// interval of a given width needs and how many core-hours they take (docs/SCALING.md).
#include <CLI/CLI.hpp>
#include <memory>

#include "studies/match.hpp"

namespace tabula::cli {

struct EstimateOptions {
  double seconds = 10;  // how long to sample
  double width = 0.02;  // the interval width asked for (0.02: +/- 1 point)
};

void add_estimate_options(CLI::App& cmd, bool& estimate, EstimateOptions& options);
void print_estimate(std::shared_ptr<const Program> program, const MatchConfig& config, const EstimateOptions& options,
                    bool json);

}  // namespace tabula::cli
