// Leaps on the square grids (`rectangle`, `map`): `leaps: { knight: [1, 2] }` adds, for each
// named pair of steps, every direction that moves that many cells along one axis and that
// many along the other (a knight's eight), linked wherever the target cell exists, with their
// opposites and a direction group of the leap's name. Without it, a knight game needed an
// explicit board listing every cell and link.
#include <fmt/format.h>
#include <cmath>
#include <map>
#include <set>

#include "board/board_builder.hpp"
#include "board/board_generators.hpp"

namespace tabula::board_loading {
namespace {

// The 16-point compass name of a step: n, ne, ... for the axes and diagonals; for others
// the nearer axis first, then the diagonal (a knight's (1, 2) is nne, (2, 1) is ene).
std::string compass_name(int dx, int dy) {
  const std::string ns = dy > 0 ? "n" : "s", ew = dx > 0 ? "e" : "w";
  if (dx == 0) return ns;
  if (dy == 0) return ew;
  if (std::abs(dx) == std::abs(dy)) return ns + ew;
  return (std::abs(dy) > std::abs(dx) ? ns : ew) + ns + ew;
}

}  // namespace

void BoardBuilder::load_leaps(const Entry& e, bool grid) {
  if (!grid) {
    diags_.error(at(e.key),
                 "'leaps' belongs to the square grids ('rectangle' and 'map'), whose cells lie on whole "
                 "steps east and north; give other boards their directions and links explicitly");
    return;
  }
  auto pairs = read_pairs(e.value, &e, "'leaps'");
  if (!pairs) return;
  std::map<std::pair<int, int>, int> at_xy;  // grid position -> cell
  for (int c = 0; c < board_.cell_count(); ++c)
    at_xy[{static_cast<int>(std::lround(board_.cell(c).x)), static_cast<int>(std::lround(board_.cell(c).y))}] = c;
  for (const auto& p : *pairs) {
    const std::string& name = p.key.Scalar();
    if (!check_name(p.key, name, "leap")) continue;
    if (board_.find_direction_group(name)) {
      diags_.error(at(p.key),
                   fmt::format("'{}' is already a direction group of this board; name the leap otherwise", name));
      continue;
    }
    const YAML::Node& v = p.value;
    auto step = [&](size_t i) -> std::optional<int> {
      if (!v.IsSequence() || v.size() != 2 || !v[i].IsScalar()) return std::nullopt;
      try {
        const int n = v[i].as<int>();
        return n >= 0 && n <= kMaxFiles ? std::optional<int>(n) : std::nullopt;
      } catch (const YAML::Exception&) {
        return std::nullopt;
      }
    };
    const auto a = step(0), b = step(1);
    if (!a || !b || (*a == 0 && *b == 0)) {
      diags_.error(at(v), fmt::format("expected the leap '{}' as two steps from 0 to {}, not both 0, such as [1, 2] "
                                      "for a knight (1 along one axis, 2 along the other)",
                                      name, kMaxFiles));
      continue;
    }
    std::set<std::pair<int, int>> steps;
    for (int sa : {-1, 1})
      for (int sb : {-1, 1}) steps.insert({sa * *a, sb * *b}), steps.insert({sb * *b, sa * *a});
    if (board_.direction_count() + static_cast<int>(steps.size()) > kMaxDirections) {
      diags_.error(at(p.key), fmt::format("too many directions: the leap '{}' adds {} to the board's {} (at most {})",
                                          name, steps.size(), board_.direction_count(), kMaxDirections));
      directions_complete_ = false;
      return;
    }
    std::map<std::pair<int, int>, int> dir;  // step -> direction
    std::vector<int> group;
    for (const auto& [dx, dy] : steps) {
      // Generated names hold no '-' and YAML keys are unique, so the name is new.
      const std::string dname = name + "-" + compass_name(dx, dy);
      dir[{dx, dy}] = board_.add_direction(dname, dx, dy);
      group.push_back(dir[{dx, dy}]);
    }
    for (const auto& [s, d] : dir)
      if (s < std::pair{-s.first, -s.second}) board_.set_opposite(d, dir.at({-s.first, -s.second}));
    for (const auto& [xy, c] : at_xy)
      for (const auto& [s, d] : dir)
        if (auto to = at_xy.find({xy.first + s.first, xy.second + s.second}); to != at_xy.end())
          board_.link(c, d, to->second);
    board_.add_direction_group(name, std::move(group));
  }
}

}  // namespace tabula::board_loading
