#pragma once
// "Did you mean ...?" for misspelt names: the closest known name by edit distance.
#include <string>
#include <string_view>
#include <vector>

namespace tabula {

// The closest of `known` to `name`, or "" when none is close enough to be a likely typo.
std::string closest_name(std::string_view name, const std::vector<std::string>& known);

}  // namespace tabula
