#include "board/board_graph.hpp"

#include <algorithm>

namespace tabula {

int BoardGraph::add_cell(std::string cell_name, double x, double y) {
  int id = cell_count();
  cell_index_.emplace(cell_name, id);
  cells_.push_back({std::move(cell_name), x, y});
  links_.resize(cells_.size() * directions_.size(), kNoCell);
  for (auto& [key, values] : attributes_) values.resize(cells_.size());
  return id;
}

int BoardGraph::add_direction(std::string dir_name, double dx, double dy) {
  // Links are stored cell-major, so re-lay them out with the extra direction.
  int old_count = direction_count();
  std::vector<int> relaid(cells_.size() * (old_count + 1), kNoCell);
  for (int c = 0; c < cell_count(); ++c)
    for (int d = 0; d < old_count; ++d) relaid[c * (old_count + 1) + d] = links_[c * old_count + d];
  links_ = std::move(relaid);
  directions_.push_back({std::move(dir_name), dx, dy, kNoDirection});
  auto& all = groups_["all"];
  all.push_back(old_count);
  return old_count;
}

void BoardGraph::set_opposite(int dir, int opposite) {
  directions_[dir].opposite = opposite;
  directions_[opposite].opposite = dir;
}

void BoardGraph::link(int cell, int dir, int to) { links_[cell * direction_count() + dir] = to; }
void BoardGraph::unlink(int cell, int dir) { links_[cell * direction_count() + dir] = kNoCell; }

void BoardGraph::add_to_zone(const std::string& zone, int cell) {
  // Constant time: a board file may name the same cells many times.
  auto& member = zone_members_[zone];
  if (static_cast<int>(member.size()) <= cell) member.resize(std::max(cell + 1, cell_count()), false);
  if (member[cell]) return;
  member[cell] = true;
  zones_[zone].push_back(cell);
}

void BoardGraph::set_attribute(int cell, const std::string& key, const std::string& value) {
  auto& values = attributes_[key];
  values.resize(cells_.size());
  values[cell] = value;
}

void BoardGraph::add_direction_group(std::string group, std::vector<int> dirs) {
  groups_[std::move(group)] = std::move(dirs);
}
void BoardGraph::add_orientation(Orientation o) { orientations_.push_back(std::move(o)); }

int BoardGraph::find_cell(std::string_view cell_name) const {
  auto it = cell_index_.find(cell_name);
  return it == cell_index_.end() ? kNoCell : it->second;
}

int BoardGraph::find_direction(std::string_view dir_name) const {
  for (int d = 0; d < direction_count(); ++d)
    if (directions_[d].name == dir_name) return d;
  return kNoDirection;
}

const std::vector<int>* BoardGraph::find_direction_group(std::string_view group) const {
  auto it = groups_.find(group);
  return it == groups_.end() ? nullptr : &it->second;
}

const std::vector<int>* BoardGraph::find_zone(std::string_view zone) const {
  auto it = zones_.find(zone);
  return it == zones_.end() ? nullptr : &it->second;
}

std::string_view BoardGraph::attribute(int cell, std::string_view key) const {
  auto it = attributes_.find(key);
  if (it == attributes_.end() || cell >= static_cast<int>(it->second.size())) return {};
  return it->second[cell];
}

const Orientation* BoardGraph::find_orientation(std::string_view o) const {
  for (const auto& orientation : orientations_)
    if (orientation.name == o) return &orientation;
  return nullptr;
}

}  // namespace tabula
