#include "api/observation.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

namespace tabula::detail {

ObservationLayout observation_layout(const Program& p) {
  ObservationLayout l;
  l.cells = p.cells;
  const int sides = p.player_count(), kinds = p.kind_count();
  for (const char* group : {"top", "count"}) {
    if (group == std::string_view("count") && !p.stacking) break;
    for (int side = 0; side < sides; ++side)
      for (int k = 0; k < kinds; ++k) l.plane_names.push_back(fmt::format("{} +{} {}", group, side, p.kinds[k].name));
  }
  if (p.stacking) l.plane_names.push_back("height");
  l.planes = static_cast<int>(l.plane_names.size());
  return l;
}

int observation_planes(const Program& p) {
  return p.player_count() * p.kind_count() * (p.stacking ? 2 : 1) + (p.stacking ? 1 : 0);
}

void fill_observation(const State& s, int player, float* out, size_t size) {
  const Program& p = s.program();
  const int sides = p.player_count(), kinds = p.kind_count(), cells = p.cells;
  if (player < 0 || player >= sides)
    throw std::out_of_range(
        fmt::format("observation for player {}: {} has players 0 to {}", player, p.name, sides - 1));
  const size_t planes = observation_planes(p);
  if (size != planes * cells)
    throw std::out_of_range(fmt::format("observation of {} needs {} floats ({} planes of {} cells), not {}", p.name,
                                        planes * cells, planes, cells, size));
  std::fill(out, out + size, 0.0f);
  // The plane of a piece code within a group: the owner counted from `player`, then the kind.
  auto plane = [&](uint8_t code) { return ((p.owner(code) - player + sides) % sides) * kinds + p.kind(code); };
  const size_t group = static_cast<size_t>(sides) * kinds * cells;
  for (int c = 0; c < cells; ++c) {
    const uint8_t top = s.at(c);
    if (!top) continue;
    out[static_cast<size_t>(plane(top)) * cells + c] = 1.0f;
    if (!p.stacking) continue;
    const int height = s.height(c);
    for (int level = 0; level < height; ++level)
      out[group + static_cast<size_t>(plane(s.counter(c, level))) * cells + c] += 1.0f;
    out[2 * group + c] = static_cast<float>(height);
  }
}

}  // namespace tabula::detail
