// Explicit links between cells (with a check that each has its way back) and barriers
// (pairs of neighbours that are not linked).
#include <fmt/format.h>
#include <algorithm>
#include <set>

#include "board/board_builder.hpp"

namespace tabula::board_loading {

void BoardBuilder::load_links(const Entry& e) {
  auto pairs = read_pairs(e.value, &e, "'links'");
  if (!pairs) return;
  for (const auto& p : *pairs) {
    int from = resolve_cell(p.key, "'links'");
    auto dirs = read_pairs(p.value, &p, fmt::format("the links of '{}'", p.key.Scalar()));
    if (!dirs) continue;
    for (const auto& dl : *dirs) {
      int d = resolve_direction(at(dl.key), dl.key.Scalar(), "'links'");
      int to = resolve_cell(dl.value, fmt::format("the link {} {}", p.key.Scalar(), dl.key.Scalar()));
      if (from == kNoCell || d == kNoDirection || to == kNoCell) continue;
      board_.link(from, d, to);
      link_pos_[{from, d}] = at(dl);
    }
  }
}

void BoardBuilder::check_ways_back() {
  for (const auto& [key, pos] : link_pos_) {
    auto [from, d] = key;
    int to = board_.neighbour(from, d);
    int o = board_.direction(d).opposite;
    if (to == kNoCell || o == kNoDirection) continue;
    int back = board_.neighbour(to, o);
    if (back == from) continue;
    const auto& name = [&](int c) -> const std::string& { return board_.cell(c).name; };
    if (back == kNoCell)
      diags_.warning(pos, fmt::format("link {} {} {} has no way back: '{}' has no '{}' link (the opposite of '{}')",
                                      name(from), board_.direction(d).name, name(to), name(to),
                                      board_.direction(o).name, board_.direction(d).name));
    else
      diags_.warning(pos,
                     fmt::format("link {} {} {} does not lead back: '{}' {} goes to '{}'", name(from),
                                 board_.direction(d).name, name(to), name(to), board_.direction(o).name, name(back)));
  }
}

void BoardBuilder::load_barriers(const Entry& e) {
  if (!e.value.IsSequence()) {
    diags_.error(at(e), "expected a list of cell pairs for 'barriers', such as '[[c3, c4]]'");
    return;
  }
  std::set<std::pair<int, int>> seen;
  for (const auto& pair : e.value) {
    if (!pair.IsSequence() || pair.size() != 2) {
      diags_.error(at(pair), "a barrier is a pair of neighbouring cells, such as '[c3, c4]'");
      continue;
    }
    int a = resolve_cell(pair[0], "a barrier");
    int b = resolve_cell(pair[1], "a barrier");
    if (a == kNoCell || b == kNoCell) continue;
    if (!seen.insert({std::min(a, b), std::max(a, b)}).second) {
      diags_.error(at(pair), fmt::format("barrier {}|{} is listed twice", pair[0].Scalar(), pair[1].Scalar()));
      continue;
    }
    bool linked = false;
    for (int d = 0; d < board_.direction_count(); ++d) {
      if (board_.neighbour(a, d) == b) board_.unlink(a, d), linked = true;
      if (board_.neighbour(b, d) == a) board_.unlink(b, d), linked = true;
    }
    if (!linked) {
      diags_.error(at(pair),
                   fmt::format("barrier cells '{}' and '{}' are not neighbours", pair[0].Scalar(), pair[1].Scalar()));
      continue;
    }
    board_.add_barrier({a, b});
  }
}

}  // namespace tabula::board_loading
