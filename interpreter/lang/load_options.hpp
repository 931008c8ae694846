#pragma once
// How a rules file is compiled, beyond what the rules say.

namespace tabula {

struct LoadOptions {
  // Reference mode: every accelerated path off (bitboards, fused and counted moves, set-wise
  // captures and their prefilter, line sweeps, incremental line counts, plain-turn
  // shortcuts, caches). The same game, played by the plain forms only: the conformance
  // suite compares the two ply by ply (docs/ARCHITECTURE.md, "Reference mode").
  bool reference = false;
};

}  // namespace tabula
