#pragma once
// A move is a small value: no allocation per generated move. A hop capture records its
// landing cells; the jumped cells lie between consecutive landings.
#include <cstdint>
#include <vector>

namespace tabula {

struct Move {
  static constexpr int kMaxHops = 32;  // the checker refuses games where a chain could be longer
  // place: `rule` is the piece code; choice (the pie rule): `rule` 0 keeps, 1 swaps.
  // Target regions: mark (`to` the mark, `rule` the chosen direction + 1), claim (`rule` 1
  // interchange, 0 decline), take (`to`), end (of a turn of partial moves), convert (`to`).
  enum Type : uint8_t { normal, pass, hop, place, choice, stop, mark, claim, take, end, convert };
  int16_t from = -1;
  int16_t to = -1;
  uint8_t type = normal;
  uint8_t rule = 0;        // index into Program::moves (the first hop's rule for captures)
  uint8_t captures = 0;    // pieces taken by this move
  uint8_t hops = 0;        // landings of a hop capture; path[hops - 1] == to
  uint8_t cost = 0;        // partial moves: the budget this move spends
  int16_t path[kMaxHops];  // landing cells; only the first `hops` are meaningful

  Move() {}  // leaves `path` uninitialised: generating a move writes only what it uses

  bool operator==(const Move& o) const {
    if (from != o.from || to != o.to || type != o.type || rule != o.rule || hops != o.hops) return false;
    for (int i = 0; i < hops; ++i)
      if (path[i] != o.path[i]) return false;
    return true;
  }
};

using MoveList = std::vector<Move>;

}  // namespace tabula
