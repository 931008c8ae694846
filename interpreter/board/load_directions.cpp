// Directions of the explicit-cell form (with their opposites), direction groups, and
// orientations (the relative names a player's pieces use: forward, left, ...).
#include <fmt/format.h>
#include <algorithm>
#include <map>

#include "board/board_builder.hpp"
#include "board/board_generators.hpp"

namespace tabula::board_loading {

void BoardBuilder::load_directions(const Entry& e) {
  if (!e.value.IsSequence()) {
    diags_.error(at(e), "expected a list for 'directions', such as '[{name: n, dx: 0, dy: 1, opposite: s}]'");
    directions_complete_ = false;
    return;
  }
  if (e.value.size() > static_cast<size_t>(kMaxDirections)) {
    diags_.error(at(e.key), fmt::format("too many directions: {} (at most {})", e.value.size(), kMaxDirections));
    directions_complete_ = false;
    return;
  }
  std::map<std::string, YAML::Node> seen;
  std::vector<std::pair<int, YAML::Node>> opposites;  // direction, its `opposite` value
  for (const auto& item : e.value) {
    auto f = read_fields(item, nullptr, "a direction", {"name", "dx", "dy", "opposite"});
    if (!f) {
      directions_complete_ = false;
      continue;
    }
    const Entry* name_e = require(*f, "name", item, "a direction");
    std::optional<std::string> name;
    if (name_e) name = read_string(*name_e, "'name'");
    double dx = 0, dy = 0;
    if (auto d = optional(*f, "dx")) dx = read_number(*d, "'dx'").value_or(0);
    if (auto d = optional(*f, "dy")) dy = read_number(*d, "'dy'").value_or(0);
    if (!name || !check_name(name_e->value, *name, "direction")) {
      directions_complete_ = false;
      continue;
    }
    if (auto [prev, fresh] = seen.emplace(*name, name_e->value); !fresh) {
      diags_.error(at(name_e->value), fmt::format("duplicate direction '{}'", *name));
      diags_.note(at(prev->second), fmt::format("'{}' was first defined here", *name));
      continue;
    }
    int d = board_.add_direction(*name, dx, dy);
    if (auto o = optional(*f, "opposite")) {
      if (o->value.IsScalar()) opposites.emplace_back(d, o->value);
      else diags_.error(at(*o), "expected a direction name for 'opposite'");
    }
  }
  // Opposites pair up both ways; a pair may be declared on one side only.
  std::vector<int> declared(board_.direction_count(), kNoDirection);
  for (const auto& [d, node] : opposites) {
    int o = board_.find_direction(node.Scalar());
    if (o == kNoDirection) {
      if (directions_complete_)
        diags_.error(at(node), fmt::format("direction '{}' declares opposite '{}', which is not a direction",
                                           board_.direction(d).name, node.Scalar()));
    } else if (o == d) {
      diags_.error(at(node), fmt::format("direction '{}' cannot be its own opposite", board_.direction(d).name));
    } else {
      declared[d] = o;
    }
  }
  for (const auto& [d, node] : opposites) {
    int o = declared[d];
    if (o == kNoDirection) continue;
    if (declared[o] != kNoDirection && declared[o] != d) {
      diags_.error(at(node), fmt::format("direction '{}' declares opposite '{}', but '{}' declares opposite '{}'",
                                         board_.direction(d).name, board_.direction(o).name, board_.direction(o).name,
                                         board_.direction(declared[o]).name));
      continue;
    }
    board_.set_opposite(d, o);
  }
}

void BoardBuilder::load_direction_groups(const Entry& e) {
  auto pairs = read_pairs(e.value, &e, "'direction-groups'");
  if (!pairs) return;
  for (const auto& p : *pairs) {
    const std::string& name = p.key.Scalar();
    if (!check_name(p.key, name, "direction group")) continue;
    if (name == "all") {
      diags_.error(at(p.key), "the direction group 'all' is built in (every direction) and cannot be redefined");
      continue;
    }
    std::string context = fmt::format("direction group '{}'", name);
    auto refs = read_names(p, context);
    if (!refs) continue;
    std::vector<int> dirs;
    bool ok = true;
    for (const auto& ref : *refs) {
      int d = resolve_direction(ref.pos, ref.text, context);
      if (d == kNoDirection) ok = false;
      else if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
    }
    if (ok) board_.add_direction_group(name, std::move(dirs));
  }
}

void BoardBuilder::load_orientations(const Entry& e) {
  static const std::vector<std::string> kRelative = {
      "forward", "backward", "left", "right", "forward-left", "forward-right", "backward-left", "backward-right"};
  auto pairs = read_pairs(e.value, &e, "'orientations'");
  if (!pairs) return;
  std::map<std::string, size_t> index;  // name -> place in orientations_
  for (size_t i = 0; i < orientations_.size(); ++i) index.emplace(orientations_[i].name, i);
  for (const auto& p : *pairs) {
    const std::string& name = p.key.Scalar();
    if (!check_name(p.key, name, "orientation")) continue;
    std::string context = fmt::format("orientation '{}'", name);
    auto f = read_fields(p.value, &p, context, kRelative);
    if (!f) continue;
    Orientation o{name, {}};
    for (const auto& [rel, entry] : *f) {
      if (!entry.value.IsScalar()) {
        diags_.error(at(entry), fmt::format("expected a direction name for '{}' in {}", rel, context));
        continue;
      }
      int d = resolve_direction(at(entry.value), entry.value.Scalar(), context);
      if (d != kNoDirection) o.relative[rel] = d;
    }
    // Replaces a generated orientation of the same name.
    auto [same, fresh] = index.emplace(name, orientations_.size());
    if (fresh) orientations_.push_back(std::move(o));
    else orientations_[same->second] = std::move(o);
  }
}

}  // namespace tabula::board_loading
