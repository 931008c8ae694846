#include "kernels/groups.hpp"

namespace tabula {
namespace {

// Cells seen by the current search: a cell is seen when its stamp is the search's. One
// counter per thread, so a search clears nothing.
struct Stamps {
  std::vector<uint32_t> seen;
  uint32_t now = 0;
  void begin(int cells) {
    if (static_cast<int>(seen.size()) < cells) seen.assign(cells, 0), now = 0;
    if (++now == 0) std::fill(seen.begin(), seen.end(), 0), now = 1;
  }
  bool visit(int c) {
    if (seen[c] == now) return false;
    seen[c] = now;
    return true;
  }
};

}  // namespace

int group_liberties(const Program& p, const uint8_t* board, int cell, const std::vector<int>& dirs,
                    std::vector<int>& members, bool any) {
  thread_local Stamps stamps;
  stamps.begin(p.cells);
  const int owner = p.code_owner[board[cell]];
  members.assign(1, cell);
  stamps.visit(cell);
  int liberties = 0;
  for (size_t i = 0; i < members.size(); ++i) {
    const int c = members[i];
    for (int d : dirs) {
      if (!p.ray_len(c, d)) continue;
      const int n = p.ray(c, d)[0];
      const uint8_t code = board[n];
      if (code ? p.code_owner[code] != owner : false) continue;
      if (!stamps.visit(n)) continue;
      if (code) {
        members.push_back(n);
      } else if (++liberties && any) {
        return 1;
      }
    }
  }
  return liberties;
}

std::vector<int> area_owners(const Program& p, const uint8_t* board, const std::vector<int>& dirs) {
  std::vector<int> owners(p.cells, -1);
  std::vector<char> filled(p.cells, 0);
  std::vector<int> region;
  for (int c = 0; c < p.cells; ++c) {
    if (board[c]) owners[c] = p.code_owner[board[c]];
    if (board[c] || filled[c]) continue;
    // A new empty region: fill it, noting which sides touch it.
    region.assign(1, c);
    filled[c] = 1;
    uint32_t border = 0;
    for (size_t i = 0; i < region.size(); ++i) {
      for (int d : dirs) {
        if (!p.ray_len(region[i], d)) continue;
        const int n = p.ray(region[i], d)[0];
        if (board[n]) border |= 1u << p.code_owner[board[n]];
        else if (!filled[n]) filled[n] = 1, region.push_back(n);
      }
    }
    const int holder = border && (border & (border - 1)) == 0 ? __builtin_ctz(border) : -1;
    for (int e : region) owners[e] = holder;
  }
  return owners;
}

}  // namespace tabula
