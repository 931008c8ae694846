// Zones (named sets of cells) and attributes (a value per cell).
#include <fmt/format.h>
#include <map>
#include <set>

#include "board/board_builder.hpp"

namespace tabula::board_loading {

void BoardBuilder::load_zones(const Entry& e) {
  auto pairs = read_pairs(e.value, &e, "'zones'");
  if (!pairs) return;
  for (const auto& p : *pairs) {
    if (!check_name(p.key, p.key.Scalar(), "zone")) continue;
    std::string context = fmt::format("zone '{}'", p.key.Scalar());
    auto refs = read_names(p, context);
    if (!refs) continue;
    for (const auto& ref : *refs)
      for (int c : resolve_cells(ref, context)) board_.add_to_zone(p.key.Scalar(), c);
  }
}

void BoardBuilder::load_attributes(const Entry& e) {
  auto pairs = read_pairs(e.value, &e, "'attributes'");
  if (!pairs) return;
  std::set<std::string> keys;
  for (const auto& p : *pairs) keys.insert(p.key.Scalar());
  if (!attributes_fit(keys, at(e.key))) return;
  for (const auto& p : *pairs) {
    const std::string& key = p.key.Scalar();
    if (!check_name(p.key, key, "attribute")) continue;
    auto values = read_pairs(p.value, &p, fmt::format("attribute '{}' (values mapped to cells)", key));
    if (!values) continue;
    std::map<int, std::string> given;  // cell -> value, to catch a cell given two values
    for (const auto& v : *values) {
      std::string context = fmt::format("attribute '{}'", key);
      auto refs = read_names(v, context);
      if (!refs) continue;
      for (const auto& ref : *refs)
        for (int c : resolve_cells(ref, context)) {
          auto [prev, fresh] = given.emplace(c, v.key.Scalar());
          if (!fresh && prev->second != v.key.Scalar()) {
            diags_.error(ref.pos, fmt::format("cell '{}' is given two values for attribute '{}': '{}' and '{}'",
                                              board_.cell(c).name, key, prev->second, v.key.Scalar()));
            continue;
          }
          board_.set_attribute(c, key, v.key.Scalar());
        }
    }
  }
}

}  // namespace tabula::board_loading
