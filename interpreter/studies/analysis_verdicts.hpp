#pragma once
// The verdicts of an analysis: one per measure, each a word for programs, a sentence for
// designers and the figures behind both (docs/AI.md, "Variant analysis", gives every rule).
// A verdict never claims more than its interval says: "no difference detected at +/- 9
// points", not "balanced".
#include <vector>

#include "studies/variant_analysis.hpp"

namespace tabula {

std::vector<Verdict> analysis_verdicts(const Analysis& a);

}  // namespace tabula
