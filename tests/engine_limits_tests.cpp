// Engine limits found while fuzzing (docs/ROBUSTNESS.md, "Open"). Hidden ([.]) while open:
// the first one overflows a stack buffer, so it would kill the whole test binary; run it
// with `tabula_tests "[engine-limit]"`, under the asan preset, after the fix.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using namespace tabula;
using namespace tabula::testing;

TEST_CASE("A take that would grow a column past kMaxStack is refused", "[.][engine-limit]") {
  auto p = load_rules(repo_path("rules/laska.rules"));
  // c3 holds a white-topped column of kMaxStack counters; taking d4 would make it 33 high.
  std::string column = "w" + std::string(Program::kMaxStack - 1, 'b');
  State s = state_at(p, "///1,b,1/1," + column + ",2// white");
  for (const Move& m : s.legal_moves()) {
    State t = s;
    t.apply(m);  // today: apply_hops writes col[kMaxStack] (stack-buffer-overflow)
    for (int c = 0; c < p->cells; ++c) CHECK(t.height(c) <= Program::kMaxStack);
  }
}
