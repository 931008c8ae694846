#pragma once
// `analyze --html OUT.html`: one self-contained page a designer can send to a colleague:
// per variant, the verdicts, then plots drawn as inline SVG (no external resources, and
// well-formed XML as well as HTML): the first player's share with its interval in each
// phase, the game lengths, the branching over the course of a game, and a heat map of where
// moves land on the board.
#include <memory>
#include <string>
#include <vector>

#include "studies/variant_analysis.hpp"
#include "studies/variant_comparison.hpp"

namespace tabula::cli {

struct AnalysedVariant {
  Analysis analysis;
  std::shared_ptr<const Program> program;
};

std::string analysis_page(const std::vector<AnalysedVariant>& variants, const Comparison* comparison);

}  // namespace tabula::cli
