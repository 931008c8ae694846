#pragma once
// A move is a small value: no allocation per generated move.
#include <cstdint>
#include <vector>

namespace tabula {

struct Move {
  enum Type : uint8_t { normal, pass };
  int16_t from = -1;
  int16_t to = -1;
  uint8_t type = normal;
  uint8_t rule = 0;        // index into Program::moves
  uint8_t captures = 0;    // pieces taken by this move

  bool operator==(const Move& o) const { return from == o.from && to == o.to && type == o.type && rule == o.rule; }
};

using MoveList = std::vector<Move>;

}  // namespace tabula
