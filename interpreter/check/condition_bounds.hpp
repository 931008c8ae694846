#pragma once
// Conditions that no position can meet, found when the rules are checked: the least and the
// most each number of a condition can be (a constant; a function's bounds, such as a count of
// pieces from 0 to the cells it counts; arithmetic over those), and from them whether each
// comparison, `and`, `or` and `not` can come out true at all. Decided only where every part
// has known bounds; a part whose bounds are not known may be anything.
#include "program/formula.hpp"
#include "program/program.hpp"

namespace tabula {

// False only when `condition` is false in every position of `p` (by the bounds above).
bool can_ever_hold(const Formula& condition, const Program& p);

}  // namespace tabula
