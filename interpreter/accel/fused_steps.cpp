#include "accel/fused_steps.hpp"

#include <algorithm>

namespace tabula {
namespace {

// The entry of `step` along `d` for pieces of `kind`.
FusedSteps::Entry fused_entry(const Program& p, const StepMovement& step, int kind, int d) {
  FusedSteps::Entry e{d, step.land, static_cast<uint8_t>(kind), static_cast<uint16_t>(step.index), {}, {}};
  if (!p.shift_pairs.empty()) e.shift = p.shift_pairs[d];
  std::fill_n(e.to, 64, int8_t{-1});
  for (int c = 0; c < p.cells; ++c)
    if (p.ray_len(c, d)) e.to[c] = static_cast<int8_t>(p.ray(c, d)[0]);
  return e;
}

}  // namespace

const FusedSteps* fuse_steps(Program& p, const std::vector<std::vector<const Movement*>>& per_kind) {
  if (!p.bitboards || per_kind.empty() || per_kind.size() > 32) return nullptr;
  auto fused = std::make_unique<FusedSteps>();
  fused->kinds = static_cast<int>(per_kind.size());
  fused->per_seat.resize(p.seats.size());
  fused->kind_begin.resize(p.seats.size());
  for (size_t seat = 0; seat < p.seats.size(); ++seat) {
    auto& entries = fused->per_seat[seat];
    for (size_t kind = 0; kind < per_kind.size(); ++kind) {
      fused->kind_begin[seat].push_back(static_cast<uint8_t>(entries.size()));
      for (const Movement* mv : per_kind[kind]) {
        const auto* step = dynamic_cast<const StepMovement*>(mv);
        if (!step || !step->condition.empty() || step->partial_args || (step->land & land_passed)) return nullptr;
        for (int d : step->dirs[seat]) {
          if (entries.size() == FusedSteps::kMaxEntries) return nullptr;
          entries.push_back(fused_entry(p, *step, static_cast<int>(kind), d));
        }
      }
    }
    fused->kind_begin[seat].push_back(static_cast<uint8_t>(entries.size()));
    const std::vector<uint8_t>& begin = fused->kind_begin[seat];
    for (size_t kind = 0; kind + 1 < begin.size(); ++kind)
      while ((1 << fused->planes) <= begin[kind + 1] - begin[kind]) ++fused->planes;
  }
  // One landing rule for every entry of every seat, or none shared.
  const auto& all = fused->per_seat;
  if (std::all_of(all.begin(), all.end(), [](const auto& entries) { return entries.empty(); })) return nullptr;
  const int first_land = all.empty() || all[0].empty() ? -1 : all[0][0].land;
  bool uniform = first_land >= 0;
  for (const auto& entries : all)
    for (const FusedSteps::Entry& e : entries) uniform = uniform && e.land == first_land;
  fused->uniform_land = uniform ? first_land : -1;
  fused->paired = !p.shift_pairs.empty();
  fused->choose_kernels();
  return p.own(std::move(fused));
}

}  // namespace tabula
